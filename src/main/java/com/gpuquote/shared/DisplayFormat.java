package com.gpuquote.shared;

import com.gpuquote.commercial.Money;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The one way numbers, money, units, counts and dates are shown: in every view, the PDF and the customer portal.
 * <ul>
 *   <li>amounts: thousands separators, two decimals, half-up ({@code ¥725,229.68});</li>
 *   <li>unit prices: thousands separators, two to four decimals, half-up, and always the billing unit
 *       ({@code ¥12.80 / 小时}, {@code ¥1,200.00 / 月}, {@code ¥0.1234 / hour});</li>
 *   <li>counts with the right plural ({@code 1 GPU}, {@code 2 GPUs});</li>
 *   <li>dates {@code 2026-03-01} and times {@code 2026-03-01 08:30} in China time, one format in both languages
 *       (ISO order is unambiguous to Chinese and English readers alike).</li>
 * </ul>
 * Separators are the same in both languages (Chinese and English both group with "," and use "." as decimal point).
 */
public final class DisplayFormat {

    /** The business zone of resellers, customers and quotes. */
    public static final ZoneId ZONE = com.gpuquote.shared.time.BusinessCalendar.ZONE;

    private static final DecimalFormatSymbols SYMBOLS = DecimalFormatSymbols.getInstance(Locale.ROOT);
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd");
    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZONE);
    private static final String NONE = "—";

    /** What a unit price is charged per. Hourly and spot prices are per hour. */
    public enum Per {
        HOUR, MONTH, YEAR;

        /** From a billing mode name (HOURLY, SPOT, MONTHLY, YEARLY) of the pricing or sizing feature. */
        public static Per ofBillingMode(String mode) {
            return switch (mode) {
                case "HOURLY", "SPOT" -> HOUR;
                case "MONTHLY" -> MONTH;
                case "YEARLY" -> YEAR;
                default -> throw new IllegalArgumentException("Unknown billing mode " + mode);
            };
        }

        public static Per ofBillingMode(Enum<?> mode) {
            return ofBillingMode(mode.name());
        }
    }

    private DisplayFormat() {
    }

    /** An amount: {@code 725,229.68}. */
    public static String amount(BigDecimal value) {
        return value == null ? NONE : pattern("#,##0.00").format(value.setScale(2, RoundingMode.HALF_UP));
    }

    /** An amount with its currency sign: {@code ¥725,229.68}, {@code USD 1,200.00}. */
    public static String money(BigDecimal value, String currency) {
        if (value == null) {
            return NONE;
        }
        return (value.signum() < 0 ? "-" : "") + sign(currency) + amount(value.abs());
    }

    /** A unit price without unit: two to four decimals ({@code 12.80}, {@code 0.1234}, {@code 1,200.00}). */
    public static String unitPrice(BigDecimal value) {
        return value == null ? NONE : pattern("#,##0.00##").format(value.setScale(4, RoundingMode.HALF_UP));
    }

    /** A unit price with its currency sign and no unit: {@code ¥12.80}, {@code ¥0.1234}. */
    public static String unitPrice(BigDecimal value, String currency) {
        return value == null ? NONE : sign(currency) + unitPrice(value);
    }

    /** A unit price with currency and unit: {@code ¥12.80 / 小时}. */
    public static String unitPrice(BigDecimal value, String currency, Per per, Locale locale) {
        return value == null ? NONE : sign(currency) + unitPrice(value) + " " + per(per, locale);
    }

    /**
     * A quoted unit price as the people on a quote read it (editor, approvals, PDF, workbook, portal,
     * subscriptions): two decimals, half-up, like every amount ({@code 997,406.59}); the engine, the API and the
     * price lists keep four (ADR 3910).
     */
    public static String quotedUnitPrice(BigDecimal value) {
        return amount(value);
    }

    /** A quoted unit price with currency sign: {@code ¥997,406.59}. */
    public static String quotedUnitPrice(BigDecimal value, String currency) {
        return value == null ? NONE : sign(currency) + amount(value);
    }

    /** A quoted unit price with currency and unit: {@code ¥997,406.59 / 年}. */
    public static String quotedUnitPrice(BigDecimal value, String currency, Per per, Locale locale) {
        return value == null ? NONE : sign(currency) + amount(value) + " " + per(per, locale);
    }

    /** The unit suffix alone: {@code / 小时}, {@code / month}. */
    public static String per(Per per, Locale locale) {
        return I18n.get(locale, "shared.per." + per.name());
    }

    /** ¥ for renminbi (what Chinese customers read), otherwise the ISO code and a space. */
    public static String sign(String currency) {
        if (currency == null || currency.isBlank()) {
            return "";
        }
        return Money.CURRENCY.equals(currency) ? "¥" : currency + " ";
    }

    /** A whole number with thousands separators: {@code 3,482}. */
    public static String integer(long value) {
        return pattern("#,##0").format(value);
    }

    /** A number with thousands separators and at most {@code maxDecimals} decimals (trailing zeros dropped). */
    public static String number(BigDecimal value, int maxDecimals) {
        if (value == null) {
            return NONE;
        }
        return pattern("#,##0" + (maxDecimals > 0 ? "." + "#".repeat(maxDecimals) : ""))
                .format(value.setScale(maxDecimals, RoundingMode.HALF_UP));
    }

    public static String number(double value, int maxDecimals) {
        return number(BigDecimal.valueOf(value), maxDecimals);
    }

    /** A percentage given in percent: {@code 12.5%} (at most two decimals). */
    public static String percent(BigDecimal percent) {
        return percent == null ? NONE : number(percent, 2) + "%";
    }

    /**
     * A count with its noun in the right number: the bundles hold {@code <key>.one} and {@code <key>.other} with
     * {@code {0}} for the formatted count ("{0} GPU" / "{0} GPUs"; Chinese has one form, both keys equal).
     */
    public static String count(Locale locale, long n, String key) {
        return I18n.get(locale, key + (n == 1 ? ".one" : ".other"), integer(n));
    }

    /** A calendar day: {@code 2026-03-01}. */
    public static String date(LocalDate day) {
        return day == null ? "" : DATE.format(day);
    }

    /** The China day of an instant: {@code 2026-03-01}. */
    public static String date(Instant at) {
        return at == null ? "" : DATE.format(at.atZone(ZONE));
    }

    /** An instant in China time to the minute: {@code 2026-03-01 08:30}. */
    public static String dateTime(Instant at) {
        return at == null ? "" : DATE_TIME.format(at);
    }

    private static DecimalFormat pattern(String pattern) {
        DecimalFormat f = new DecimalFormat(pattern, SYMBOLS);
        f.setRoundingMode(RoundingMode.HALF_UP);
        return f;
    }
}
