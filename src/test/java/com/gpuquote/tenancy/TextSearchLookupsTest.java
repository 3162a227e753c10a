package com.gpuquote.tenancy;

import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SECURITY DEFINER id lookups of the text searches (V77, ADR 1853) run with BYPASSRLS so that the trigram indexes
 * can serve them, but isolate tenants themselves: over a raw runtime-role connection (the real database, RLS on) they
 * answer nothing without a tenant set, and with one only that tenant's ids — although both tenants hold rows with the
 * same words.
 */
class TextSearchLookupsTest extends IntegrationTest {

    @Autowired
    TestTenants tenants;

    private final String word = "Zq" + UUID.randomUUID().toString().substring(0, 6);
    private Seed a;
    private Seed b;

    record Seed(UUID tenant, UUID customer, UUID project, UUID quote, String number) {
    }

    @BeforeEach
    void seed() throws SQLException {
        a = seed(tenants.create(), "1");
        b = seed(tenants.create(), "2");
    }

    @Test
    void withoutATenantTheLookupsAnswerNothing() throws SQLException {
        try (Connection c = TestDatabase.runtimeConnection()) {
            c.setAutoCommit(false);
            for (String f : List.of("gq_quote_ids_matching", "gq_customer_ids_matching", "gq_project_ids_matching")) {
                assertThat(ids(c, f, "%" + word + "%")).as(f + " with no tenant set").isEmpty();
                assertThat(ids(c, f, "%")).as(f + " matching everything, no tenant set").isEmpty();
            }
            // an empty setting (what a pooled connection holds after a tenant transaction) is no tenant either
            try (Statement st = c.createStatement()) {
                st.execute("select set_config('app.tenant_id', '', true)");
            }
            assertThat(ids(c, "gq_customer_ids_matching", "%")).isEmpty();
            c.rollback();
        }
    }

    @Test
    void withATenantOnlyThatTenantsIdsAreFound() throws SQLException {
        for (Seed s : List.of(a, b)) {
            try (Connection c = TestDatabase.runtimeConnection()) {
                c.setAutoCommit(false);
                try (PreparedStatement st = c.prepareStatement("select set_config('app.tenant_id', ?, true)")) {
                    st.setString(1, s.tenant().toString());
                    st.execute();
                }
                // customer name, contact e-mail (lower case: ILIKE), credit code
                assertThat(ids(c, "gq_customer_ids_matching", "%" + word + "%")).containsExactly(s.customer());
                assertThat(ids(c, "gq_customer_ids_matching", "%" + word.toLowerCase() + "@example%"))
                        .containsExactly(s.customer());
                assertThat(ids(c, "gq_customer_ids_matching", "%%")).containsExactly(s.customer());
                // project by its own name and by its customer's name
                assertThat(ids(c, "gq_project_ids_matching", "%项目 " + word + "%")).containsExactly(s.project());
                assertThat(ids(c, "gq_project_ids_matching", "%科技 " + word + "%")).containsExactly(s.project());
                // quote by number, by project name, by customer name
                assertThat(ids(c, "gq_quote_ids_matching", "%" + word + "%")).containsExactly(s.quote());
                assertThat(ids(c, "gq_quote_ids_matching", "%")).containsExactly(s.quote());
                assertThat(ids(c, "gq_quote_ids_matching", "%" + s.number().toLowerCase() + "%"))
                        .containsExactly(s.quote());
                assertThat(ids(c, "gq_quote_ids_matching", "%" + s.number().substring(7) + "%")).contains(s.quote());
                c.rollback();
            }
        }
    }

    @Test
    void likeWildcardsInTheTextMatchThemselves() throws SQLException {
        try (Connection c = TestDatabase.runtimeConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement st = c.prepareStatement("select set_config('app.tenant_id', ?, true)")) {
                st.setString(1, a.tenant().toString());
                st.execute();
            }
            // SqlLike.contains("100%") as the repositories pass it: no customer name contains "100%"
            assertThat(ids(c, "gq_customer_ids_matching", com.gpuquote.shared.SqlLike.contains("100%"))).isEmpty();
            assertThat(ids(c, "gq_customer_ids_matching", com.gpuquote.shared.SqlLike.contains(word)))
                    .containsExactly(a.customer());
            c.rollback();
        }
    }

    private static List<UUID> ids(Connection c, String function, String like) throws SQLException {
        List<UUID> ids = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement("select m.id from " + function + "(?) m(id)")) {
            st.setString(1, like);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getObject(1, UUID.class));
                }
            }
        }
        return ids;
    }

    /**
     * One customer (with a contact), project and quote in a fresh tenant, written as the owner account; both tenants
     * get the same searchable word. The credit code is valid for the column's pattern and unique per tenant.
     */
    private Seed seed(TestTenants.TestTenant t, String n) throws SQLException {
        UUID tenant = t.tenant().id().value();
        UUID customer = UUID.randomUUID();
        UUID project = UUID.randomUUID();
        UUID quote = UUID.randomUUID();
        String number = "Q-2026-" + (10000 + (int) (Math.random() * 89999));
        try (Connection c = TestDatabase.adminConnection()) {
            exec(c, "insert into customers (tenant_id, id, name, credit_code) values (?, ?, ?, ?)",
                    tenant, customer, "星河科技 " + word, "91110000MA0000000" + n);
            exec(c, "insert into customer_contacts (tenant_id, id, customer_id, position, name, email) "
                    + "values (?, ?, ?, 0, '联系人', ?)", tenant, UUID.randomUUID(), customer, word + "@example.com");
            exec(c, "insert into projects (tenant_id, id, customer_id, name) values (?, ?, ?, ?)",
                    tenant, project, customer, "项目 " + word);
            exec(c, "insert into quotes (tenant_id, id, number, version, status, project_id, author_id, valid_until) "
                    + "values (?, ?, ?, 1, 'DRAFT', ?, (select id from app_users where tenant_id = ? limit 1), "
                    + "current_date + 30)", tenant, quote, number, project, tenant);
        }
        return new Seed(tenant, customer, project, quote, number);
    }

    private static void exec(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                st.setObject(i + 1, params[i]);
            }
            st.executeUpdate();
        }
    }
}
