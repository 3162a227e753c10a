package com.gpuquote.user.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.DefaultApplicationArguments;
import org.springframework.context.ApplicationContext;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The demo data README promises: idempotent seeding, five accounts that log in and see only their own tenant. */
class DemoAccountsTest extends IntegrationTest {

    record Account(String email, String password, String displayName, String tenantSlug, String tenantName,
                   List<String> roles) {
    }

    static final List<Account> ACCOUNTS = List.of(
            new Account("platform@gpuquote.demo", "Demo-Platform-2026!", "平台管理员", null, null, List.of("PLATFORM_ADMIN")),
            new Account("admin@sanfei.demo", "Demo-Admin-2026!", "王管理", "sanfei", "三飞云", List.of("TENANT_ADMIN")),
            new Account("consultant@sanfei.demo", "Demo-Consultant-2026!", "李顾问", "sanfei", "三飞云", List.of("CONSULTANT")),
            new Account("admin@northwind.demo", "Demo-Admin-2026!", "Nora Admin", "northwind", "Northwind GPU Partners",
                    List.of("TENANT_ADMIN")),
            new Account("consultant@northwind.demo", "Demo-Consultant-2026!", "Colin Consultant", "northwind",
                    "Northwind GPU Partners", List.of("CONSULTANT")));

    @Autowired
    ApplicationContext context;

    @Test
    void seedingTheDemoDataAgainChangesNothing() throws Exception {
        Map<String, Long> before = rowCounts();
        for (int i = 0; i < 2; i++) {
            for (ApplicationRunner runner : demoSeeders()) {
                runner.run(new DefaultApplicationArguments());
            }
        }
        assertThat(rowCounts()).isEqualTo(before);
        assertThat(demoSeeders()).anyMatch(DemoAccounts.class::isInstance);
    }

    @Test
    void eachDemoAccountLogsInWithItsRolesNameAndTenant() {
        Map<String, UUID> tenantIds = tenantIds();
        for (Account a : ACCOUNTS) {
            var r = Api.basic(baseUrl(), a.email(), a.password()).get("/api/v1/me");
            assertThat(r.status()).as(a.email()).isEqualTo(200);
            JsonNode me = r.json();
            assertThat(me.path("email").asText()).isEqualTo(a.email());
            assertThat(me.path("displayName").asText()).as(a.email()).isEqualTo(a.displayName());
            List<String> roles = new ArrayList<>();
            me.path("roles").forEach(n -> roles.add(n.asText()));
            assertThat(roles).as(a.email()).containsExactlyElementsOf(a.roles());
            if (a.tenantSlug() == null) {
                assertThat(me.path("tenant").isNull() || me.path("tenant").isMissingNode()).as(a.email()).isTrue();
            } else {
                assertThat(me.path("tenant").path("id").asText()).isEqualTo(tenantIds.get(a.tenantSlug()).toString());
                assertThat(me.path("tenant").path("slug").asText()).isEqualTo(a.tenantSlug());
                assertThat(me.path("tenant").path("name").asText()).isEqualTo(a.tenantName());
            }
        }
    }

    @Test
    void eachDemoTenantUserSeesOnlyItsOwnTenantsPriceLists() {
        Map<String, List<String>> listsOf = new TreeMap<>();
        for (String slug : List.of("sanfei", "northwind")) {
            listsOf.put(slug, ids(Api.basic(baseUrl(), "admin@" + slug + ".demo", "Demo-Admin-2026!").get("/api/v1/price-lists")));
            assertThat(listsOf.get(slug)).as("demo price lists of " + slug).isNotEmpty();
        }
        assertThat(listsOf.get("sanfei")).doesNotContainAnyElementsOf(listsOf.get("northwind"));
        Map<String, UUID> tenantIds = tenantIds();
        for (Account a : ACCOUNTS) {
            if (a.tenantSlug() == null) {
                continue;
            }
            String other = a.tenantSlug().equals("sanfei") ? "northwind" : "sanfei";
            Api api = Api.basic(baseUrl(), a.email(), a.password());
            List<String> seen = ids(api.get("/api/v1/price-lists"));
            assertThat(seen).as(a.email()).isNotEmpty().isSubsetOf(listsOf.get(a.tenantSlug()));
            assertThat(seen).as(a.email()).doesNotContainAnyElementsOf(listsOf.get(other));
            for (String foreign : listsOf.get(other)) {
                var r = api.get("/api/v1/price-lists/" + foreign);
                assertThat(r.status()).as(a.email() + " opens " + other + "'s price list").isEqualTo(404);
            }
            assertThat(api.get("/api/v1/price-lists/" + seen.get(0)).status()).isEqualTo(200);
            assertThat(tenantIds.get(a.tenantSlug())).isNotNull();
        }
    }

    private static List<String> ids(Api.Response r) {
        assertThat(r.status()).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        r.json().forEach(n -> ids.add(n.path("id").asText()));
        return ids;
    }

    private List<ApplicationRunner> demoSeeders() {
        return context.getBeansOfType(ApplicationRunner.class).values().stream()
                .filter(r -> {
                    var profile = org.springframework.aop.support.AopUtils.getTargetClass(r)
                            .getAnnotation(org.springframework.context.annotation.Profile.class);
                    return profile != null && List.of(profile.value()).contains("demo");
                }).toList();
    }

    private static Map<String, UUID> tenantIds() {
        Map<String, UUID> ids = new TreeMap<>();
        try (Connection c = TestDatabase.adminConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("select slug, id from tenants where slug in ('sanfei', 'northwind')")) {
            while (rs.next()) {
                ids.put(rs.getString(1), rs.getObject(2, UUID.class));
            }
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
        return ids;
    }

    /** Rows per table of the demo data's tables (everything the seeders write). */
    private static Map<String, Long> rowCounts() throws SQLException {
        Map<String, Long> counts = new TreeMap<>();
        try (Connection c = TestDatabase.adminConnection(); Statement st = c.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("select tablename from pg_tables where schemaname = 'public' "
                    + "and tablename <> 'flyway_schema_history' order by 1")) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                }
            }
            for (String t : tables) {
                try (ResultSet rs = st.executeQuery("select count(*) from " + t)) {
                    rs.next();
                    counts.put(t, rs.getLong(1));
                }
            }
        }
        return counts;
    }
}
