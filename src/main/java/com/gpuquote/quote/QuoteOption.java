package com.gpuquote.quote;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** One configuration option (A–D) the customer chooses between. */
public record QuoteOption(UUID id, OptionName name, List<QuoteLine> lines, List<ServiceLine> services) {

    public QuoteOption {
        if (id == null || name == null) {
            throw new IllegalArgumentException("id and name are required");
        }
        lines = lines == null ? List.of() : List.copyOf(lines);
        services = services == null ? List.of() : List.copyOf(services);
    }

    public static QuoteOption of(OptionName name, List<QuoteLine> lines, List<ServiceLine> services) {
        return new QuoteOption(UUID.randomUUID(), name, lines, services);
    }

    public QuoteOption renamed(OptionName newName) {
        return new QuoteOption(id, newName, lines, services);
    }

    /** A deep copy with fresh ids (for a revision). */
    public QuoteOption copy() {
        return new QuoteOption(UUID.randomUUID(), name, lines.stream().map(QuoteLine::copy).toList(),
                services.stream().map(ServiceLine::copy).toList());
    }

    /** The option's term: its longest line term (0 when it has no instance lines). */
    public int termMonths() {
        return lines.stream().mapToInt(QuoteLine::termMonths).max().orElse(0);
    }

    /** Structural validation of lines and services (no prices); {@code path} like {@code options[0]}. */
    public List<QuoteError> validate(String path) {
        List<QuoteError> errors = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            errors.addAll(lines.get(i).validate(path + ".lines[" + i + "]"));
        }
        for (int i = 0; i < services.size(); i++) {
            errors.addAll(services.get(i).validate(path + ".services[" + i + "]"));
        }
        return errors;
    }
}
