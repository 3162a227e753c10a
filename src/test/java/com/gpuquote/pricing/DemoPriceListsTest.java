package com.gpuquote.pricing;

import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.InstanceTypeFilter;
import com.gpuquote.catalog.Provider;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class DemoPriceListsTest extends PricingTestSupport {

    @Autowired
    private CatalogService catalog;

    @Test
    void eachDemoTenantHasASamplePriceForEveryTypeRegionAndModeWithCost8To15PercentBelowList() {
        for (String admin : new String[]{"admin@sanfei.demo", "admin@northwind.demo"}) {
            as(admin, () -> {
                assertThat(priceLists.list()).extracting(PriceList::version, PriceList::status, PriceList::sample)
                        .containsExactly(org.assertj.core.groups.Tuple.tuple(2, PriceListStatus.PUBLISHED, true),
                                org.assertj.core.groups.Tuple.tuple(1, PriceListStatus.ARCHIVED, true));
                int types = catalog.instanceTypes(InstanceTypeFilter.ALL).size();
                Map<PriceKey, CostedUnitPrice> now = prices.costsInForce(Provider.VOLCENGINE, null, Set.of(), Instant.now());
                assertThat(now).hasSize(types * 2 * 4);
                assertThat(now.values()).allSatisfy(p -> {
                    BigDecimal below = BigDecimal.ONE.subtract(p.costPrice().divide(p.listPrice(), 6, RoundingMode.HALF_UP));
                    assertThat(below).isBetween(new BigDecimal("0.0799"), new BigDecimal("0.1501"));
                    assertThat(p.version()).isEqualTo(2);
                });
                assertThat(prices.history(Provider.VOLCENGINE, A10)).extracting(PricePoint::version).contains(1, 2);
            });
        }
    }
}
