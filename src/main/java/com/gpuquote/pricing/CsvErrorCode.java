package com.gpuquote.pricing;

import java.text.MessageFormat;
import java.util.Locale;

/**
 * Stable codes of price list CSV errors with English default messages ({@link MessageFormat} patterns).
 * The UI translates with bundle key {@link #messageKey()} from {@code i18n/pricing*.properties}, same arguments.
 */
public enum CsvErrorCode implements com.gpuquote.shared.CsvError.Code {
    FILE_TOO_LARGE("The file is larger than {0} MB and was refused."),
    TOO_MANY_ROWS("The file has more than {0} data rows and was refused."),
    EMPTY_FILE("The file is empty; a header row is required."),
    INVALID_ENCODING("The file is not valid {0} text; choose the right encoding (UTF-8 or GB18030)."),
    MALFORMED_CSV("The file is not valid CSV from this row on: {0}"),
    MISSING_COLUMN("Column \"{0}\" is missing from the header row."),
    DUPLICATE_COLUMN("Column \"{0}\" appears more than once in the header row."),
    MISSING_VALUE("A value is required."),
    UNKNOWN_PROVIDER("Unknown provider \"{0}\"."),
    PROVIDER_MISMATCH("Provider \"{0}\" does not match the price list provider \"{1}\"."),
    UNKNOWN_INSTANCE_TYPE("Unknown instance type \"{0}\" for provider \"{1}\"."),
    REGION_NOT_OFFERED("Instance type \"{1}\" is not offered in region \"{0}\"."),
    INVALID_BILLING_MODE("Unknown billing mode \"{0}\"; use HOURLY, MONTHLY, YEARLY or SPOT."),
    NOT_A_NUMBER("\"{0}\" is not a number; write digits with an optional decimal point, e.g. 12.3456."),
    NEGATIVE_PRICE("Price \"{0}\" is negative."),
    TOO_MANY_DECIMALS("Price \"{0}\" has more than 4 decimals."),
    PRICE_OUT_OF_RANGE("Price \"{0}\" is too large (at most 15 digits before the decimal point)."),
    WRONG_CURRENCY("Currency \"{0}\" is not allowed; prices must be in CNY."),
    DUPLICATE_KEY("Duplicate row: the same provider, region, instance type and billing mode are already in row {0}.");

    private final String defaultPattern;

    CsvErrorCode(String defaultPattern) {
        this.defaultPattern = defaultPattern;
    }

    public String defaultPattern() {
        return defaultPattern;
    }

    /** Bundle key, e.g. {@code pricing.csv.error.too_many_decimals}. */
    @Override
    public String messageKey() {
        return "pricing.csv.error." + name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String defaultMessage(Object... args) {
        return new MessageFormat(defaultPattern, Locale.ROOT).format(args);
    }
}
