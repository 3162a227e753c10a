package com.gpuquote.pricing;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.catalog.CatalogLookup;
import com.gpuquote.catalog.Provider;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

final class CsvFixtures {

    static final String HEADER = "provider,region,instance_type,billing_mode,list_price,cost_price,currency";

    /** gni2.3xlarge in both regions, pni2l.28xlarge only in cn-beijing. */
    static final CatalogLookup CATALOG = CatalogLookup.of(Map.of(Provider.VOLCENGINE, Map.of(
            "ecs.gni2.3xlarge", Set.of("cn-beijing", "cn-shanghai"),
            "ecs.pni2l.28xlarge", Set.of("cn-beijing"))));

    private CsvFixtures() {
    }

    static byte[] utf8(String... lines) {
        return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
    }

    static CsvReadResult read(String... lines) {
        return PriceListCsv.read(utf8(lines), null, CATALOG, Provider.VOLCENGINE);
    }

    static PriceRow row(String type, String region, BillingMode mode, String list, String cost) {
        return new PriceRow(Provider.VOLCENGINE, region, type, mode, new BigDecimal(list), new BigDecimal(cost), "CNY");
    }
}
