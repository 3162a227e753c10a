package com.gpuquote.pricing;

import com.gpuquote.CalendarTest;
import com.gpuquote.catalog.Provider;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

@CalendarTest
class DemoPriceListsTest extends PricingTestSupport {

    @Test
    void eachDemoTenantHasASamplePriceForEveryTypeRegionAndModeWithCost8To15PercentBelowList() {
        for (String admin : new String[]{"admin@sanfei.demo", "admin@northwind.demo"}) {
            as(admin, () -> {
                assertThat(priceLists.list()).extracting(PriceList::version, PriceList::status, PriceList::sample)
                        .containsExactly(org.assertj.core.groups.Tuple.tuple(2, PriceListStatus.PUBLISHED, true),
                                org.assertj.core.groups.Tuple.tuple(1, PriceListStatus.ARCHIVED, true));
                // other tests add instance types to the shared catalog; the demo list covers the shipped ones
                Set<String> shipped = shippedInstanceTypeCodes();
                assertThat(shipped).hasSizeGreaterThanOrEqualTo(30);
                Map<PriceKey, CostedUnitPrice> now = prices.costsInForce(Provider.VOLCENGINE, null, Set.of(), clock.instant());
                assertThat(now.keySet().stream().filter(k -> shipped.contains(k.instanceType())).count())
                        .isEqualTo(shipped.size() * 2L * 4L);
                assertThat(now.values()).allSatisfy(p -> {
                    BigDecimal below = BigDecimal.ONE.subtract(p.costPrice().divide(p.listPrice(), 6, RoundingMode.HALF_UP));
                    assertThat(below).isBetween(new BigDecimal("0.0799"), new BigDecimal("0.1501"));
                    assertThat(p.version()).isEqualTo(2);
                });
                assertThat(prices.history(Provider.VOLCENGINE, A10)).extracting(PricePoint::version).contains(1, 2);
            });
        }
    }

    /** The instance type codes the catalog migration ships (codes have two dots; family names one). */
    static Set<String> shippedInstanceTypeCodes() {
        try (var in = DemoPriceListsTest.class.getResourceAsStream("/db/migration/V11__catalog_data.sql")) {
            String sql = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            var m = java.util.regex.Pattern.compile("'(ecs\\.[a-z0-9]+\\.[a-z0-9-]+)'").matcher(sql);
            Set<String> codes = new java.util.HashSet<>();
            while (m.find()) {
                codes.add(m.group(1));
            }
            return codes;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
