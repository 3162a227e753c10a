package com.gpuquote.quote;

import com.gpuquote.catalog.InstanceStatus;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.quote.domain.QuoteLine;
import com.gpuquote.quote.domain.QuoteOption;
import com.gpuquote.shared.FieldError;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Issue 39: an instance type the catalog deprecates (e.g. {@code ecs.g1ve}) is no longer offered, so it cannot be
 * added to a line; lines that already hold it keep working. A line may name a deprecated type only when it
 * continues a line of the quote's baseline:
 * <ul>
 *   <li>on an update, the stored line it names by {@code id}, which already holds that type (saving a quote again,
 *       changing its quantity or discount, moving the validity);</li>
 *   <li>on a create that starts from a baseline, a baseline line of that type: a renewal continues its contracted
 *       lines, a duplicate copies its source's lines.</li>
 * </ul>
 * Anything else (a new line, a template's lines added to a quote, an existing line changed to the type) is a 400
 * naming {@code options[i].lines[j].instanceType}. Checked with the other drafting errors, before anything is written.
 */
final class DeprecatedLines {

    static final String CODE = "quote.error.instanceTypeDeprecated";

    private DeprecatedLines() {
    }

    /**
     * @param input    the options as given
     * @param ownIds   the ids of the quote's stored lines (empty on a create)
     * @param baseline the quote's stored options on an update; what a renewal or a duplicate starts from on a create
     * @param types    the catalog's instance types of the input's lines
     */
    static List<FieldError> refused(List<QuoteInput.Option> input, Set<QuoteLineId> ownIds,
                                    List<QuoteOption> baseline, QuoteLookups.Types types) {
        Map<QuoteLineId, String> stored = new HashMap<>();
        Set<String> carried = new HashSet<>();
        for (QuoteOption o : baseline) {
            for (QuoteLine l : o.lines()) {
                stored.put(l.id(), l.instanceType());
                carried.add(l.instanceType());
            }
        }
        boolean create = ownIds.isEmpty();
        Set<QuoteLineId> continued = new HashSet<>();
        List<FieldError> errors = new ArrayList<>();
        for (int i = 0; i < input.size(); i++) {
            QuoteInput.Option option = input.get(i);
            if (option == null || option.lines() == null) {
                continue;
            }
            for (int j = 0; j < option.lines().size(); j++) {
                QuoteInput.Line line = option.lines().get(j);
                if (line == null || line.instanceType() == null || line.instanceType().isBlank()) {
                    continue;
                }
                String code = line.instanceType().strip();
                Optional<InstanceType> type = types.get(code);
                if (type.isEmpty() || type.get().status() != InstanceStatus.DEPRECATED) {
                    continue;
                }
                boolean keepsItsLine = line.id() != null && ownIds.contains(line.id())
                        && code.equals(stored.get(line.id())) && continued.add(line.id());
                boolean carriedOver = create && carried.contains(code);
                if (!keepsItsLine && !carriedOver) {
                    errors.add(new FieldError("options[" + i + "].lines[" + j + "].instanceType", CODE,
                            code + " is deprecated in the catalog and can no longer be added to a quote; choose "
                                    + "another instance type (lines that already hold it keep it)", List.of(code)));
                }
            }
        }
        return errors;
    }
}
