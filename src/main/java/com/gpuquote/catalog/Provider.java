package com.gpuquote.catalog;

import java.util.Arrays;
import java.util.Optional;

/**
 * Cloud providers known to the application. The database keeps providers in a reference table
 * ({@code providers}); adding one means a migration row plus a constant here.
 */
public enum Provider {
    VOLCENGINE,
    /** Alibaba Cloud (sample catalog, V54). */
    ALIYUN,
    /** Tencent Cloud (sample catalog, V54). */
    TENCENT;

    /** Code as stored in the database and used in CSV files (the constant name). */
    public String code() {
        return name();
    }

    /** Bundle key of the provider's name for people (火山引擎 / Volcano Engine), never the code. */
    public String labelKey() {
        return "catalog.provider." + name();
    }

    /** Exact, case-sensitive lookup by code; empty for unknown codes. */
    public static Optional<Provider> fromCode(String code) {
        if (code == null) {
            return Optional.empty();
        }
        return Arrays.stream(values()).filter(p -> p.code().equals(code)).findFirst();
    }
}
