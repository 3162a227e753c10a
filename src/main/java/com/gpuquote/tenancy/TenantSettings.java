package com.gpuquote.tenancy;

import java.math.BigDecimal;

/** What a tenant admin may change. Rates are fractions: 0.06 is 6 %. */
public record TenantSettings(String name, BigDecimal vatRate, BigDecimal marginFloorPct, String locale, int version,
                             boolean showFloorPrice) {

    public TenantSettings(String name, BigDecimal vatRate, BigDecimal marginFloorPct, String locale, int version) {
        this(name, vatRate, marginFloorPct, locale, version, false);
    }
}
