package com.gpuquote.catalog;

import java.text.MessageFormat;
import java.util.Locale;

/** Stable codes of instance type and GPU model CSV / form errors; the UI translates {@link #messageKey()} with the same arguments. */
public enum CatalogCsvErrorCode implements com.gpuquote.shared.CsvError.Code {
    FILE_TOO_LARGE("The file is larger than {0} MB and was refused."),
    TOO_MANY_ROWS("The file has more than {0} data rows and was refused."),
    EMPTY_FILE("The file is empty; a header row is required."),
    INVALID_ENCODING("The file is not valid {0} text; save it as UTF-8 or GB18030."),
    MALFORMED_CSV("The file is not valid CSV from this row on: {0}"),
    MISSING_COLUMN("Column \"{0}\" is missing from the header row."),
    DUPLICATE_COLUMN("Column \"{0}\" appears more than once in the header row."),
    MISSING_VALUE("A value is required."),
    UNKNOWN_PROVIDER("Unknown provider \"{0}\"."),
    INVALID_FAMILY("Family \"{0}\" must be lower-case letters and digits separated by dots, e.g. ecs.gni2."),
    INVALID_CODE("Code \"{0}\" must be <family>.<size> of family \"{1}\", e.g. ecs.gni2.3xlarge."),
    UNKNOWN_GPU_MODEL("Unknown GPU model \"{0}\"; create it first."),
    NOT_AN_INTEGER("\"{0}\" is not a whole number."),
    NOT_A_NUMBER("\"{0}\" is not a number; write digits with an optional decimal point, e.g. 12.5."),
    TOO_MANY_DECIMALS("\"{0}\" has more than 2 decimals."),
    OUT_OF_RANGE("\"{0}\" is out of range ({1} to {2})."),
    UNKNOWN_REGION("Region \"{0}\" is not a region of provider \"{1}\"."),
    NO_REGION("At least one region is required (separate several with ;)."),
    INVALID_STATUS("Unknown status \"{0}\"; use ACTIVE or DEPRECATED."),
    INVALID_BOOLEAN("\"{0}\" is not true or false."),
    DUPLICATE_TYPE("Duplicate row: the same provider and code are already in row {0}."),
    ALREADY_EXISTS("Instance type \"{0}\" already exists."),
    INVALID_GPU_CODE("GPU code \"{0}\" must be capital letters, digits and dashes (at most 40), e.g. A100-SXM4-80GB."),
    INVALID_INTERCONNECT("Unknown interconnect \"{0}\"; use PCIE, NVLINK, INFINITY_FABRIC or OTHER."),
    DUPLICATE_GPU_MODEL("Duplicate row: the same GPU code is already in row {0}."),
    DRIVER_VRAM_ABOVE_NOMINAL("Driver-reported VRAM {0} GiB is above the nominal vram_gib; it can only be the same or less.");

    private final String defaultPattern;

    CatalogCsvErrorCode(String defaultPattern) {
        this.defaultPattern = defaultPattern;
    }

    /** Bundle key, e.g. {@code catalog.csv.error.unknown_gpu_model}. */
    @Override
    public String messageKey() {
        return "catalog.csv.error." + name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String defaultMessage(Object... args) {
        return new MessageFormat(defaultPattern, Locale.ROOT).format(args);
    }
}
