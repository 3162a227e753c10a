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

    /**
     * Two-character terms (V78) go through the character-pair indexes instead of the trigram ones: whatever the case
     * and script, each lookup answers exactly the ids an ILIKE over the same tenant's rows answers, never another
     * tenant's (both tenants hold the same names). One-character and longer terms are checked the same way.
     */
    @Test
    void twoCharacterTermsFindExactlyWhatIlikeFinds() throws SQLException {
        for (Seed s : List.of(a, b)) {
            seedNames(s.tenant());
        }
        List<String> terms = List.of("深度", "度科", "星河", "Ab", "aB", "AB", "vi", "ON", "on", "%x", "_1", "i\\",
                "Zz", "深", "a", "深度V", word.substring(0, 2), word.substring(2, 4),
                // V82: short terms that can be part of a quote number take a single pass over the quotes
                "1", "0", "2", "q", "Q", "Q-", "-2", "20", "26", "\\", "%", "-",
                // V85: LIKE for terms without case ("42", "深圳"), ILIKE for those with ("ä", "σ", "pF")
                "ä", "Ä", "σ", "Σα", "ö", "42", "4:2", "pF", "深圳");
        try (Connection c = TestDatabase.runtimeConnection(); Connection admin = TestDatabase.adminConnection()) {
            c.setAutoCommit(false);
            // the two-character terms really take the bigram path (lower-cased, escapes removed)
            assertThat(bigram(c, com.gpuquote.shared.SqlLike.contains("Ab"))).isEqualTo("ab");
            assertThat(bigram(c, com.gpuquote.shared.SqlLike.contains("%x"))).isEqualTo("%x");
            assertThat(bigram(c, com.gpuquote.shared.SqlLike.contains("深度V"))).isNull();
            for (Seed s : List.of(a, b)) {
                try (PreparedStatement st = c.prepareStatement("select set_config('app.tenant_id', ?, true)")) {
                    st.setString(1, s.tenant().toString());
                    st.execute();
                }
                for (String term : terms) {
                    String like = com.gpuquote.shared.SqlLike.contains(term);
                    // the application's head-of-list queries choose the operator by the same rule as the lookups
                    assertThat(com.gpuquote.shared.SqlLike.operator(term)).as("operator for " + term)
                            .isEqualTo(operator(c, like));
                    assertThat(ids(c, "gq_customer_ids_matching", like)).as("customers " + term)
                            .containsExactlyInAnyOrderElementsOf(expected(admin, s.tenant(), """
                                    select c.id from customers c where c.tenant_id = ? and (c.name ilike ?
                                        or c.credit_code ilike ? or exists (select 1 from customer_contacts k
                                        where k.tenant_id = c.tenant_id and k.customer_id = c.id
                                        and (k.name ilike ? or k.email ilike ?)))""", like, 4));
                    assertThat(ids(c, "gq_project_ids_matching", like)).as("projects " + term)
                            .containsExactlyInAnyOrderElementsOf(expected(admin, s.tenant(), """
                                    select p.id from projects p join customers c on c.tenant_id = p.tenant_id
                                        and c.id = p.customer_id where p.tenant_id = ? and (p.name ilike ?
                                        or c.name ilike ?)""", like, 2));
                    assertThat(ids(c, "gq_quote_ids_matching", like)).as("quotes " + term)
                            .containsExactlyInAnyOrderElementsOf(expected(admin, s.tenant(), """
                                    select q.id from quotes q join projects p on p.tenant_id = q.tenant_id
                                        and p.id = q.project_id join customers c on c.tenant_id = p.tenant_id
                                        and c.id = p.customer_id where q.tenant_id = ? and (q.number ilike ?
                                        or p.name ilike ? or c.name ilike ?)""", like, 3));
                }
                // and something is found at all: the comparison above is not between two empty lists
                assertThat(ids(c, "gq_quote_ids_matching", com.gpuquote.shared.SqlLike.contains("深度"))).hasSize(3);
                assertThat(ids(c, "gq_customer_ids_matching", com.gpuquote.shared.SqlLike.contains("oN"))).hasSize(2);
                // a lower-case term finds the upper-case name (ILIKE kept), a term without case finds its digits
                assertThat(ids(c, "gq_customer_ids_matching", com.gpuquote.shared.SqlLike.contains("äpf"))).hasSize(1);
                assertThat(ids(c, "gq_customer_ids_matching", com.gpuquote.shared.SqlLike.contains("σα"))).hasSize(1);
                assertThat(ids(c, "gq_project_ids_matching", com.gpuquote.shared.SqlLike.contains("4:2"))).hasSize(1);
                assertThat(com.gpuquote.shared.SqlLike.operator("42")).isEqualTo("like");
                assertThat(com.gpuquote.shared.SqlLike.operator("深度")).isEqualTo("like");
                assertThat(com.gpuquote.shared.SqlLike.operator("ä")).isEqualTo("ilike");
                // every quote number starts "Q-2026-": "q" and "-2" find all of the tenant's quotes, none of the other's
                List<UUID> all = expected(admin, s.tenant(), "select q.id from quotes q where q.tenant_id = ?", "", 0);
                assertThat(all).hasSizeGreaterThan(1);
                assertThat(ids(c, "gq_quote_ids_matching", com.gpuquote.shared.SqlLike.contains("q")))
                        .containsExactlyInAnyOrderElementsOf(all);
                assertThat(ids(c, "gq_quote_ids_matching", com.gpuquote.shared.SqlLike.contains("-2")))
                        .containsExactlyInAnyOrderElementsOf(all);
            }
            c.rollback();
        }
    }

    private static String operator(Connection c, String like) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("select gq_like_operator(?)")) {
            st.setString(1, like);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }

    private static String bigram(Connection c, String like) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("select gq_like_bigram(?)")) {
            st.setString(1, like);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }

    /** The ids the statement finds as the owner account (no RLS) in one tenant, the pattern bound {@code times}. */
    private static List<UUID> expected(Connection admin, UUID tenant, String sql, String like, int times)
            throws SQLException {
        List<UUID> ids = new ArrayList<>();
        try (PreparedStatement st = admin.prepareStatement(sql)) {
            st.setObject(1, tenant);
            for (int i = 0; i < times; i++) {
                st.setString(2 + i, like);
            }
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getObject(1, UUID.class));
                }
            }
        }
        return ids;
    }

    /**
     * Names in mixed case and script in one tenant: customers, their contacts (name, e-mail), projects and quotes;
     * the same in every tenant, so a lookup that forgot the tenant would answer the other tenant's ids too.
     */
    private void seedNames(UUID tenant) throws SQLException {
        String[][] customers = {
                {"深度Vision 科技", "NORDIC ab", "Vi.Li@Example.com"},
                {"北京深度 100%x", "王五", "wang@example.com"},
                {"Atlas_1 AB", "On Li", "atlas@example.com"},
                {"星河 i\\ 深", "赵六", "zhao@example.com"},
                // letters with a case outside ASCII: V85 keeps ILIKE for terms holding any of them
                {"Äpfel ΣΑΣ 4:2", "Ölund", "oe@example.com"},
        };
        int n = 0;
        for (String[] row : customers) {
            UUID customer = UUID.randomUUID();
            UUID project = UUID.randomUUID();
            try (Connection c = TestDatabase.adminConnection()) {
                exec(c, "insert into customers (tenant_id, id, name) values (?, ?, ?)", tenant, customer, row[0]);
                exec(c, "insert into customer_contacts (tenant_id, id, customer_id, position, name, email) "
                        + "values (?, ?, ?, 0, ?, ?)", tenant, UUID.randomUUID(), customer, row[1], row[2]);
                exec(c, "insert into projects (tenant_id, id, customer_id, name) values (?, ?, ?, ?)",
                        tenant, project, customer, n % 2 == 0 ? "推理 aB " + n : "训练 深度 " + n);
                exec(c, "insert into quotes (tenant_id, id, number, version, status, project_id, author_id, "
                        + "valid_until) values (?, ?, ?, 1, 'DRAFT', ?, (select id from app_users where tenant_id = ? "
                        + "limit 1), current_date + 30)", tenant, UUID.randomUUID(),
                        "Q-2026-" + (10000 + (int) (Math.random() * 89999)), project, tenant);
            }
            n++;
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
