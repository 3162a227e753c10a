package com.gpuquote.sizing.engine;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * A note or warning with a stable {@code code}, its English default {@code message}, and the {@code args}
 * that were substituted into the English pattern. The UI translates with key {@link #messageKey()} and the
 * same positional args (pattern placeholders {0}, {1} …, as Vaadin's getTranslation takes them).
 */
public record Note(String code, String message, List<Object> args) {

    public Note {
        args = List.copyOf(args);
    }

    /** Message-bundle key: {@code sizing.note.<code>}. */
    public String messageKey() {
        return "sizing.note." + code;
    }

    static Note of(String code, String englishPattern, Object... args) {
        return new Note(code, format(englishPattern, args), List.of(args));
    }

    /** Substitutes {0}, {1} … ; doubles are shown with up to 3 decimals. Cheaper than MessageFormat. */
    public static String format(String pattern, Object... args) {
        StringBuilder sb = new StringBuilder(pattern.length() + 16 * args.length);
        int i = 0;
        while (i < pattern.length()) {
            char c = pattern.charAt(i);
            if (c == '{' && i + 2 < pattern.length() && pattern.charAt(i + 2) == '}'
                    && Character.isDigit(pattern.charAt(i + 1))) {
                int idx = pattern.charAt(i + 1) - '0';
                sb.append(idx < args.length ? text(args[idx]) : "{" + idx + "}");
                i += 3;
            } else {
                sb.append(c);
                i++;
            }
        }
        return sb.toString();
    }

    /** Up to 3 decimals, half-up, no trailing zeros, without BigDecimal (hot path of the engine). */
    static String decimal(double d) {
        if (!Double.isFinite(d) || Math.abs(d) >= 1e15) {
            return BigDecimal.valueOf(d).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
        }
        long milli = Math.round(Math.abs(d) * 1000);
        StringBuilder sb = new StringBuilder(24);
        if (d < 0 && milli != 0) {
            sb.append('-');
        }
        sb.append(milli / 1000);
        int frac = (int) (milli % 1000);
        if (frac != 0) {
            sb.append('.');
            int div = 100;
            while (frac != 0) {
                sb.append((char) ('0' + frac / div));
                frac %= div;
                div /= 10;
            }
        }
        return sb.toString();
    }

    static String text(Object o) {
        if (o instanceof Double d) {
            return decimal(d);
        }
        if (o instanceof BigDecimal b) {
            return b.toPlainString();
        }
        return String.valueOf(o);
    }
}
