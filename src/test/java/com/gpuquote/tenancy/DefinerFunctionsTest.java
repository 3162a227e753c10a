package com.gpuquote.tenancy;

import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static com.gpuquote.tenancy.TenantCatalogTest.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The SECURITY DEFINER credential lookups cannot be turned into code running with more rights than the runtime role
 * (issue 11, high): a caller's temporary view must never stand in for a table, and the functions' owner is no
 * superuser.
 */
class DefinerFunctionsTest extends IntegrationTest {

    private static final String ROLE = TestDatabase.APP_USER;
    private static final String FAKE_USERS = "create temp view app_users as select gen_random_uuid() as id, "
            + "null::uuid as tenant_id, 'x' as email, current_user::text as display_name";

    @Test
    void theRuntimeRoleCannotCreateTemporaryObjects() throws SQLException {
        try (Connection c = TestDatabase.runtimeConnection(); Statement st = c.createStatement()) {
            assertThatThrownBy(() -> st.execute(FAKE_USERS))
                    .isInstanceOf(SQLException.class).hasMessageContaining("permission denied");
        }
        assertThat(query("select has_database_privilege('" + ROLE + "', current_database(), 'TEMP')"))
                .containsExactly("f");
    }

    @Test
    void aTemporaryViewDoesNotShadowTheTablesOfTheLookupsEvenWhereTempIsAllowed() throws SQLException {
        // Defence in depth: with TEMP granted back (e.g. by a careless DBA), the lookups still read public.app_users.
        grantTemp(true);
        try (Connection c = TestDatabase.runtimeConnection(); Statement st = c.createStatement()) {
            st.execute(FAKE_USERS);
            st.execute("create temp view tenants as select null::uuid as id, current_user::text as status");
            try (var rs = st.executeQuery("select user_id, tenant_status from gq_login_lookup('x')")) {
                assertThat(rs.next()).as("the temp view's fake account is not found").isFalse();
            }
            // and a real lookup still works: the demo platform admin exists in every test database
            try (var rs = st.executeQuery("select count(*) from gq_login_lookup('platform@gpuquote.demo')")) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(1);
            }
        } finally {
            grantTemp(false);
        }
    }

    @Test
    void everyDefinerFunctionHasASafeSearchPathAndANonSuperuserOwner() throws SQLException {
        List<String> rows = query("""
                select p.proname || '|' || coalesce(array_to_string(p.proconfig, ';'), '') || '|' || r.rolsuper
                       || '|' || r.rolbypassrls || '|' || r.rolcanlogin || '|' || r.rolname
                from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_roles r on r.oid = p.proowner
                where n.nspname = 'public' and p.prosecdef order by p.proname""");
        assertThat(rows).extracting(r -> r.split("\\|")[0]).contains("gq_login_lookup", "gq_token_lookup",
                "gq_invitation_lookup", "gq_portal_lookup", "gq_session_check");
        List<String> unsafe = new ArrayList<>();
        for (String row : rows) {
            String[] f = row.split("\\|");
            boolean safePath = f[1].contains("search_path=pg_catalog, public, pg_temp");
            if (!safePath || !"false".equals(f[2]) || !"false".equals(f[4]) || f[5].equals(ROLE)) {
                unsafe.add(row);
            }
        }
        assertThat(unsafe).as("definer functions with pg_temp not last, or owned by a superuser, a login-capable "
                + "or the runtime role").isEmpty();
        // the owners may read (the columns the lookups need) but write nothing
        assertThat(query("""
                select distinct g.table_name || ' ' || g.privilege_type from information_schema.role_table_grants g
                where g.grantee in (select pg_get_userbyid(p.proowner) from pg_proc p where p.prosecdef)
                  and g.privilege_type <> 'SELECT'""")).as("write privileges of definer owners").isEmpty();
    }

    @Test
    void theLookupsStillAnswerForTheRuntimeRole() throws SQLException {
        try (Connection c = TestDatabase.runtimeConnection(); Statement st = c.createStatement();
             var rs = st.executeQuery("select s.enabled from gq_login_lookup('platform@gpuquote.demo') l "
                     + "cross join lateral gq_session_check(l.user_id) s")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getBoolean(1)).isTrue();
        }
    }

    private static void grantTemp(boolean grant) throws SQLException {
        try (Connection c = TestDatabase.adminConnection(); Statement st = c.createStatement()) {
            st.execute((grant ? "grant" : "revoke") + " temporary on database " + TestDatabase.NAME
                    + (grant ? " to " : " from ") + ROLE);
        }
    }
}
