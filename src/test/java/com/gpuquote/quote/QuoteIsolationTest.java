package com.gpuquote.quote;

import com.gpuquote.Api;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import java.util.List;
import java.util.Map;

import static com.gpuquote.quote.QuoteFixtures.A10;
import static org.assertj.core.api.Assertions.assertThat;

/** Another tenant's ids answer 404 on every endpoint; every new table has RLS enabled and forced. */
class QuoteIsolationTest extends QuoteApiSupport {

    static final List<String> TABLES = List.of("agreements", "quotes", "quote_options", "quote_lines",
            "quote_service_lines", "quote_number_counters");

    @Autowired
    JdbcClient jdbc;

    @Test
    void everyEndpointWithAnIdAnswers404ToAnotherTenant() {
        tenantWithPrices();
        String[] cp = customerAndProject();
        String id = createQuote(consultant, cp[1], option(List.of(line(A10, "HOURLY", 1, 1)), List.of()))
                .path("id").asText();
        TestTenants.TestTenant other = fixtures.tenantWithPrices();
        Api otherAdmin = Api.basic(baseUrl(), other.adminEmail(), TestTenants.PASSWORD);
        String q = "/api/v1/quotes/" + id;
        assertThat(otherAdmin.get(q).status()).isEqualTo(404);
        assertThat(otherAdmin.put(q, Map.of("version", 0, "options", List.of())).status()).isEqualTo(404);
        for (String action : List.of("submit", "approve", "reopen", "send", "revise")) {
            assertThat(otherAdmin.post(q + "/" + action, Map.of("comment", "x")).status()).as(action).isEqualTo(404);
        }
        assertThat(otherAdmin.get(q + "/versions").status()).isEqualTo(404);
        assertThat(otherAdmin.get(q + "/versions/1").status()).isEqualTo(404);
        assertThat(otherAdmin.get("/api/v1/projects/" + cp[1] + "/quotes").status()).isEqualTo(404);
        assertThat(otherAdmin.post("/api/v1/quotes", quoteBody(cp[1])).status()).isEqualTo(404);
        assertThat(otherAdmin.get("/api/v1/quotes?customerId=" + cp[0]).json()).isEmpty();
        assertThat(otherAdmin.get("/api/v1/customers/" + cp[0] + "/agreements").status()).isEqualTo(404);
        // and the owner still sees it
        assertThat(consultant.get(q).status()).isEqualTo(200);
    }

    @Test
    void newTablesHaveRowLevelSecurityEnabledForcedAndATenantPolicy() {
        for (String table : TABLES) {
            Map<String, Object> row = jdbc.sql("""
                    select c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
                           (select count(*) from pg_policy p where p.polrelid = c.oid) as policies
                    from pg_class c where c.relname = ? and c.relnamespace = 'public'::regnamespace""")
                    .param(table).query().singleRow();
            assertThat(row.get("enabled")).as(table).isEqualTo(true);
            assertThat(row.get("forced")).as(table).isEqualTo(true);
            assertThat(((Number) row.get("policies")).intValue()).as(table).isGreaterThanOrEqualTo(1);
        }
        // outside a tenant transaction nothing is visible, as the runtime role
        assertThat(jdbc.sql("select count(*) from quotes").query(Integer.class).single()).isZero();
    }
}
