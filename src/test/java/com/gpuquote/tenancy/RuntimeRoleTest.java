package com.gpuquote.tenancy;

import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.List;

import static com.gpuquote.tenancy.TenantCatalogTest.query;
import static org.assertj.core.api.Assertions.assertThat;

/** The role the application connects as can neither bypass row-level security nor change the schema. */
class RuntimeRoleTest extends IntegrationTest {

    private static final String ROLE = TestDatabase.APP_USER;

    @Test
    void theApplicationPoolConnectsAsTheRuntimeRole() throws SQLException {
        try (var c = TestDatabase.runtimeConnection(); var st = c.createStatement();
             var rs = st.executeQuery("select current_user, session_user")) {
            rs.next();
            assertThat(rs.getString(1)).isEqualTo(ROLE);
        }
    }

    @Test
    void isNeitherSuperuserNorBypassesRls() throws SQLException {
        assertThat(query("select rolsuper || ' ' || rolbypassrls || ' ' || rolcreaterole || ' ' || rolcreatedb "
                + "from pg_roles where rolname = '" + ROLE + "'")).containsExactly("false false false false");
        // and it inherits no role that could
        assertThat(query("select r.rolname from pg_auth_members m join pg_roles r on r.oid = m.roleid "
                + "join pg_roles u on u.oid = m.member where u.rolname = '" + ROLE + "'")).isEmpty();
    }

    @Test
    void ownsNoTableAndCannotCreateInPublic() throws SQLException {
        List<String> tables = query("select tablename from pg_tables where schemaname = 'public'");
        assertThat(tables).as("the schema has tables at all").isNotEmpty();
        assertThat(query("select tablename from pg_tables where schemaname = 'public' and tableowner = '" + ROLE + "'"))
                .as("tables owned by the runtime role").isEmpty();
        assertThat(query("select proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace "
                + "where n.nspname = 'public' and pg_get_userbyid(p.proowner) = '" + ROLE + "'"))
                .as("functions owned by the runtime role").isEmpty();
        assertThat(query("select has_schema_privilege('" + ROLE + "', 'public', 'CREATE')")).containsExactly("f");
        assertThat(query("select has_database_privilege('" + ROLE + "', current_database(), 'CREATE')"))
                .containsExactly("f");
    }

    @Test
    void cannotTouchTheMigrationHistory() throws SQLException {
        assertThat(query("select has_table_privilege('" + ROLE + "', 'flyway_schema_history', 'SELECT') or "
                + "has_table_privilege('" + ROLE + "', 'flyway_schema_history', 'UPDATE')")).containsExactly("f");
    }

    @Test
    void cannotCreateTablesOrSwitchOffRls() throws SQLException {
        try (var c = TestDatabase.runtimeConnection(); var st = c.createStatement()) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> st.execute("create table sneaky (id int)"))
                    .isInstanceOf(SQLException.class).hasMessageContaining("permission denied");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> st.execute("alter table app_users no force row level security"))
                    .isInstanceOf(SQLException.class).hasMessageContaining("must be owner");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> st.execute("set row_security = off; select count(*) from app_users"))
                    .isInstanceOf(SQLException.class);
        }
    }
}
