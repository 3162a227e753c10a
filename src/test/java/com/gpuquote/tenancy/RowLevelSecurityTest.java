package com.gpuquote.tenancy;

import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

import static com.gpuquote.tenancy.PopulatedTenants.TABLES;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What PostgreSQL itself enforces for the runtime role, with raw connections and no application code in between:
 * the last line of defence if a query forgets its tenant condition.
 */
class RowLevelSecurityTest extends IntegrationTest {

    @Autowired
    PopulatedTenants populated;

    PopulatedTenants.Populated a;
    PopulatedTenants.Populated b;

    @BeforeEach
    void twoTenantsWithRowsInEveryTable() throws SQLException {
        a = populated.create();
        b = populated.create();
        try (Connection admin = TestDatabase.adminConnection()) {
            for (PopulatedTenants.Populated t : new PopulatedTenants.Populated[]{a, b}) {
                for (String table : TABLES) {
                    assertThat(count(admin, "select count(*) from " + table + " where " + tenantColumn(table) + " = ?", t.id()))
                            .as("rows of %s in %s (admin view)", t.t().tenant().slug(), table).isPositive();
                }
            }
        }
    }

    @Test
    void withoutATenantNothingIsVisible() throws SQLException {
        try (Connection c = TestDatabase.runtimeConnection()) {
            for (String table : TABLES) {
                assertThat(count(c, "select count(*) from " + table)).as(table + " with no tenant set").isZero();
            }
            // nor inside a transaction that set nothing, nor with the setting explicitly empty
            c.setAutoCommit(false);
            setTenant(c, "");
            for (String table : TABLES) {
                assertThat(count(c, "select count(*) from " + table)).as(table + " with an empty tenant").isZero();
            }
            c.rollback();
        }
    }

    @Test
    void withTenantASetOnlyAsRowsAreVisible() throws SQLException {
        try (Connection c = TestDatabase.runtimeConnection()) {
            c.setAutoCommit(false);
            setTenant(c, a.id().toString());
            for (String table : TABLES) {
                String col = tenantColumn(table);
                assertThat(count(c, "select count(*) from " + table + " where " + col + " = ?", a.id()))
                        .as("A's rows in " + table).isPositive();
                assertThat(count(c, "select count(*) from " + table + " where " + col + " is distinct from ?", a.id()))
                        .as("rows of other tenants in " + table).isZero();
            }
            // even asking for B's rows by primary key finds nothing
            assertThat(count(c, "select count(*) from app_users where id = ?", b.adminUserId())).isZero();
            assertThat(count(c, "select count(*) from api_tokens where id = ?", b.tokenId())).isZero();
            c.rollback();
        }
        // the setting was transaction-local: after the transaction the same connection sees nothing again
        try (Connection c = TestDatabase.runtimeConnection()) {
            c.setAutoCommit(false);
            setTenant(c, a.id().toString());
            c.commit();
            c.setAutoCommit(true);
            assertThat(count(c, "select count(*) from app_users")).isZero();
        }
    }

    @Test
    void tenantACannotUpdateOrDeleteBsRows() throws SQLException {
        try (Connection c = TestDatabase.runtimeConnection()) {
            c.setAutoCommit(false);
            setTenant(c, a.id().toString());
            for (String table : TABLES) {
                String col = tenantColumn(table);
                assertThat(update(c, "update " + table + " set " + col + " = " + col + " where " + col + " = ?", b.id()))
                        .as("UPDATE of B's rows in " + table).isZero();
                assertThat(update(c, "delete from " + table + " where " + col + " = ?", b.id()))
                        .as("DELETE of B's rows in " + table).isZero();
            }
            assertThat(update(c, "update app_users set roles = '{TENANT_ADMIN}' where id = ?", b.consultantUserId())).isZero();
            c.rollback();
        }
        try (Connection admin = TestDatabase.adminConnection()) {
            for (String table : TABLES) {
                assertThat(count(admin, "select count(*) from " + table + " where " + tenantColumn(table) + " = ?", b.id()))
                        .as("B's rows in " + table + " survive").isPositive();
            }
        }
    }

    @Test
    void tenantACannotInsertRowsForB() throws SQLException {
        UUID bId = b.id();
        String[] inserts = {
                "insert into audit_events (tenant_id, actor, action, entity) values ('" + bId + "', 'x', 'X', 'x')",
                "insert into mail_outbox (tenant_id, id, recipient, subject, body) values ('" + bId + "', gen_random_uuid(), 'x@y.z', 's', 'b')",
                "insert into app_users (id, tenant_id, email, display_name, roles) values (gen_random_uuid(), '" + bId
                        + "', 'intruder-" + UUID.randomUUID() + "@test.example', 'I', '{TENANT_ADMIN}')",
                "insert into invitations (tenant_id, id, email, display_name, roles, token_hash, expires_at) values ('" + bId
                        + "', gen_random_uuid(), 'i@test.example', 'I', '{TENANT_ADMIN}', sha256('x'::bytea), now() + interval '1 day')",
                "insert into api_tokens (id, tenant_id, user_id, name, token_hash, expires_at) values (gen_random_uuid(), '" + bId
                        + "', '" + b.adminUserId() + "', 'stolen', sha256(gen_random_uuid()::text::bytea), now() + interval '1 day')",
                "insert into tenants (id, slug, name) values (gen_random_uuid(), 'rogue-" + UUID.randomUUID().toString().substring(0, 8) + "', 'Rogue')",
                // moving one of A's own rows into B is refused as well
                "update audit_events set tenant_id = '" + bId + "' where tenant_id = '" + a.id() + "'",
        };
        for (String sql : inserts) {
            try (Connection c = TestDatabase.runtimeConnection()) {
                c.setAutoCommit(false);
                setTenant(c, a.id().toString());
                try (Statement st = c.createStatement()) {
                    assertThatThrownBy(() -> st.executeUpdate(sql)).as(sql)
                            .isInstanceOfSatisfying(SQLException.class, e -> {
                                assertThat(e.getSQLState()).isEqualTo("42501");
                                assertThat(e.getMessage()).contains("row-level security");
                            });
                }
                c.rollback();
            }
        }
    }

    static String tenantColumn(String table) {
        return table.equals("tenants") ? "id" : "tenant_id";
    }

    static void setTenant(Connection c, String tenant) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("select set_config('app.tenant_id', ?, true)")) {
            ps.setString(1, tenant);
            ps.execute();
        }
    }

    static long count(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    static int update(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            return ps.executeUpdate();
        }
    }
}
