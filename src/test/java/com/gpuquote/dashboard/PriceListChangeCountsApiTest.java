package com.gpuquote.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.CalendarTest;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.catalog.Provider;
import com.gpuquote.portal.PortalFixtures;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 39: the dashboard's price-list change counts compare each published list with the list it replaced (same
 * provider, the list in force just before it starts), by the test's own calculator over the rows published.
 */
@CalendarTest
class PriceListChangeCountsApiTest extends IntegrationTest {

    static final List<String> KEYS = List.of(
            "ecs.gni2.3xlarge,HOURLY", "ecs.gni2.3xlarge,SPOT", "ecs.gni2.3xlarge,MONTHLY", "ecs.gni2.3xlarge,YEARLY",
            "ecs.gni2.28xlarge,HOURLY", "ecs.gni2.28xlarge,MONTHLY", "ecs.g1tl.4xlarge,HOURLY",
            "ecs.g1tl.4xlarge,MONTHLY", "ecs.g1tl.8xlarge,HOURLY", "ecs.g1tl.8xlarge,MONTHLY");

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    TestTenants tenants;

    /** Ten rows, key → list price; {@code bumped} rows re-priced by {@code by}. */
    static Map<String, Integer> prices(Map<String, Integer> base, int by, int... bumped) {
        Map<String, Integer> m = new LinkedHashMap<>(base);
        for (int i : bumped) {
            m.put(KEYS.get(i), m.get(KEYS.get(i)) + by);
        }
        return m;
    }

    /** The calculator: rows re-priced between two lists of the same keys. */
    static int changed(Map<String, Integer> before, Map<String, Integer> after) {
        return (int) after.keySet().stream().filter(k -> !after.get(k).equals(before.get(k))).count();
    }

    private void publish(TestTenants.TestTenant t, Map<String, Integer> prices, Instant from) {
        StringBuilder csv = new StringBuilder();
        prices.forEach((k, p) -> {
            String[] key = k.split(",");
            csv.append("VOLCENGINE,cn-beijing,").append(key[0]).append(',').append(key[1]).append(',')
                    .append(p).append(".0000,1.0000,CNY\n");
        });
        fixtures.publishPrices(t.adminEmail(), Provider.VOLCENGINE, csv.toString(), from);
    }

    /** version → changed, of the lists published today and yesterday. */
    private Map<Integer, JsonNode> dashboard(TestTenants.TestTenant t) {
        LocalDate today = today();
        var r = Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD)
                .get("/api/v1/dashboard/tenant?from=" + today.minusDays(1) + "&to=" + today);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        Map<Integer, JsonNode> byVersion = new LinkedHashMap<>();
        r.json().path("priceListChanges").forEach(n -> byVersion.put(n.path("version").asInt(), n));
        return byVersion;
    }

    private static Map<String, Integer> base() {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int i = 0; i < KEYS.size(); i++) {
            m.put(KEYS.get(i), 100 + i);
        }
        return m;
    }

    @Test
    void eachPublishedListIsComparedWithTheListItReplaced() {
        TestTenants.TestTenant t = tenants.create();
        Instant now = clock.instant();
        Map<String, Integer> v1 = base();
        Map<String, Integer> v2 = prices(v1, 7, 0, 1, 2);       // 3 of 10 re-priced
        Map<String, Integer> v3 = prices(v2, 5, 3);             // 1 more against v2, 4 against v1
        assertThat(List.of(changed(v1, v2), changed(v2, v3), changed(v1, v3))).containsExactly(3, 1, 4);
        publish(t, v1, now.minus(Duration.ofHours(3)));
        publish(t, v2, now.minus(Duration.ofHours(2)));
        publish(t, v3, now.minus(Duration.ofHours(1)));

        Map<Integer, JsonNode> d = dashboard(t);
        assertThat(d.get(1).path("added").asInt()).isEqualTo(10);
        assertThat(d.get(2).path("changed").asInt()).isEqualTo(changed(v1, v2));
        assertThat(d.get(2).path("changedRows").asInt()).isEqualTo(3);
        assertThat(d.get(3).path("changed").asInt()).isEqualTo(changed(v2, v3));
        assertThat(d.get(3).path("changedRows").asInt()).isEqualTo(1);
    }

    /**
     * v2 is scheduled (from in 10 days), then v3 is published from today, before it: v3 replaces v1 (in force
     * today), and v2 then replaces v3. Each count is against the list it replaced, not version − 1.
     */
    @Test
    void aListPublishedBeforeAScheduledOneReplacesTheListInForceAndTheScheduledOneThenReplacesIt() {
        TestTenants.TestTenant t = tenants.create();
        Instant now = clock.instant();
        Map<String, Integer> v1 = base();
        Map<String, Integer> v2 = prices(v1, 7, 0, 1, 2);
        Map<String, Integer> v3 = prices(prices(v1, 7, 0), 9, 5); // row 0 as in v2, row 5 its own
        assertThat(List.of(changed(v1, v3), changed(v3, v2), changed(v2, v3))).containsExactly(2, 3, 3);
        publish(t, v1, now.minus(Duration.ofHours(3)));
        publish(t, v2, now.plus(Duration.ofDays(10)));
        publish(t, v3, now.minus(Duration.ofHours(1)));

        Map<Integer, JsonNode> d = dashboard(t);
        assertThat(d.get(3).path("changed").asInt()).as("v3 against v1, which it replaced").isEqualTo(changed(v1, v3));
        assertThat(d.get(2).path("changed").asInt()).as("v2 against v3, which it now replaces").isEqualTo(changed(v3, v2));
        List<Integer> added = new ArrayList<>();
        d.values().forEach(n -> added.add(n.path("added").asInt()));
        assertThat(added).as("only v1 replaced nothing").containsExactlyInAnyOrder(10, 0, 0);
    }
}
