package com.gpuquote.quote.domain;

import org.jspecify.annotations.Nullable;
import com.gpuquote.quote.OptionName;
import com.gpuquote.quote.QuoteOptionId;
import com.gpuquote.quote.ServiceLine;
import java.util.ArrayList;
import java.util.List;

/**
 * One configuration option (A–D) the customer chooses between. {@code title} (optional) names it beside its letter
 * ("A · 经济型 8 × L20"); {@code summary} (optional) says what it is sized for.
 */
public record QuoteOption(QuoteOptionId id, OptionName name, List<QuoteLine> lines, List<ServiceLine> services, @Nullable String title,
                          @Nullable String summary, ChannelTerms channel) {

    public static final int MAX_TITLE = 60;
    public static final int MAX_SUMMARY = 1000;

    public QuoteOption {
        if (id == null || name == null) {
            throw new IllegalArgumentException("id and name are required");
        }
        lines = lines == null ? List.of() : List.copyOf(lines);
        services = services == null ? List.of() : List.copyOf(services);
        title = title == null || title.isBlank() ? null : title.strip();
        summary = summary == null || summary.isBlank() ? null : summary.strip();
        channel = channel == null ? ChannelTerms.NONE : channel;
    }

    public QuoteOption(QuoteOptionId id, OptionName name, List<QuoteLine> lines, List<ServiceLine> services,
                       @Nullable String title, @Nullable String summary) {
        this(id, name, lines, services, title, summary, ChannelTerms.NONE);
    }

    public QuoteOption(QuoteOptionId id, OptionName name, List<QuoteLine> lines, List<ServiceLine> services) {
        this(id, name, lines, services, null, null, ChannelTerms.NONE);
    }

    /** The letter and, when named, the name: "A · 经济型 8 × L20". */
    public static String label(OptionName name, String title) {
        return title == null ? name.name() : name.name() + " · " + title;
    }

    public static QuoteOption of(OptionName name, List<QuoteLine> lines, List<ServiceLine> services) {
        return new QuoteOption(QuoteOptionId.random(), name, lines, services);
    }

    public QuoteOption renamed(OptionName newName) {
        return new QuoteOption(id, newName, lines, services, title, summary, channel);
    }

    /** A deep copy with fresh ids (for a revision). */
    public QuoteOption copy() {
        return new QuoteOption(QuoteOptionId.random(), name, lines.stream().map(QuoteLine::copy).toList(),
                services.stream().map(ServiceLine::copy).toList(), title, summary, channel);
    }

    /** The option's term: its longest line term (0 when it has no instance lines). */
    public int termMonths() {
        return lines.stream().mapToInt(QuoteLine::termMonths).max().orElse(0);
    }

    /** Structural validation of lines and services (no prices); {@code path} like {@code options[0]}. */
    public List<QuoteError> validate(String path) {
        List<QuoteError> errors = new ArrayList<>();
        if (title != null && (title.length() > MAX_TITLE || !com.gpuquote.shared.InputRules.isSingleLine(title))) {
            errors.add(new QuoteError(path + ".title", "quote.error.optionTitle"));
        }
        if (summary != null && summary.length() > MAX_SUMMARY) {
            errors.add(new QuoteError(path + ".summary", "quote.error.optionSummary"));
        }
        for (int i = 0; i < lines.size(); i++) {
            errors.addAll(lines.get(i).validate(path + ".lines[" + i + "]"));
        }
        for (int i = 0; i < services.size(); i++) {
            errors.addAll(services.get(i).validate(path + ".services[" + i + "]"));
        }
        return errors;
    }
}
