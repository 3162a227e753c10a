package com.gpuquote.quote.ui;

import com.gpuquote.quote.OptionName;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.I18n;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the quote's field paths ({@code options[0].lines[1].quantity}) into what a user reads ("方案 A，第 2 行，数量" /
 * "Option A, line 2, Quantity"), and a field error into a sentence with its translated message.
 */
final class FieldPaths {

    private static final Pattern SEGMENT = Pattern.compile("([A-Za-z]+)(?:\\[(\\d+)])?");
    private static final Map<String, String> FIELDS = Map.ofEntries(
            Map.entry("instanceType", "quote.line.instanceType"),
            Map.entry("region", "quote.line.region"),
            Map.entry("billingMode", "quote.line.billingMode"),
            Map.entry("quantity", "quote.line.quantity"),
            Map.entry("termMonths", "quote.line.termMonths"),
            Map.entry("hoursPerMonth", "quote.line.hoursPerMonth"),
            Map.entry("manualDiscountPercent", "quote.line.manualDiscount"),
            Map.entry("sizingRunId", "quote.line.sizing"),
            Map.entry("description", "quote.service.description"),
            Map.entry("charge", "quote.service.charge"),
            Map.entry("amount", "quote.service.amount"),
            Map.entry("monthlyAmount", "quote.service.amount"),
            Map.entry("oneTimeAmount", "quote.service.amount"),
            Map.entry("name", "quote.path.optionName"),
            Map.entry("validUntil", "quote.validUntil"),
            Map.entry("options", "quote.path.options"));

    private FieldPaths() {
    }

    /** The human label of a field path; unknown parts are kept as they are. */
    static String label(String path, Locale locale) {
        if (path == null || path.isBlank()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (String segment : path.split("\\.")) {
            Matcher m = SEGMENT.matcher(segment);
            if (!m.matches()) {
                parts.add(segment);
                continue;
            }
            String name = m.group(1);
            Integer index = m.group(2) == null ? null : Integer.valueOf(m.group(2));
            if (index != null && name.equals("options")) {
                parts.add(I18n.get(locale, "quote.option",
                        index < OptionName.MAX_OPTIONS ? OptionName.at(index).name() : String.valueOf(index + 1)));
            } else if (index != null && name.equals("lines")) {
                parts.add(I18n.get(locale, "quote.path.line", String.valueOf(index + 1)));
            } else if (index != null && (name.equals("serviceLines") || name.equals("services"))) {
                parts.add(I18n.get(locale, "quote.path.service", String.valueOf(index + 1)));
            } else if (index == null && name.equals("lines") && !parts.isEmpty()) {
                // "options[0].lines" (no lines): the option says it all
            } else if (index == null && FIELDS.containsKey(name)) {
                parts.add(I18n.get(locale, FIELDS.get(name)));
            } else {
                parts.add(segment);
            }
        }
        return String.join(I18n.get(locale, "quote.path.separator"), parts);
    }

    /** "Option A, line 2, Quantity: Must be at least 1". */
    static String message(FieldError error, Locale locale) {
        String code = error.code();
        String text = code != null && I18n.has(code) ? I18n.get(locale, code)
                : code != null && I18n.has("error." + code) ? I18n.get(locale, "error." + code) : error.message();
        String label = label(error.field(), locale);
        return label.isEmpty() ? text : I18n.get(locale, "quote.path.message", label, text);
    }
}
