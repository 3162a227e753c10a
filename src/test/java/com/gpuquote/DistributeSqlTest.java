package com.gpuquote;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * deploy/citus/distribute.sql (docs/scaling.md) run with psql on a copy of the migrated test database as it was at
 * start-up (PristineDatabase: the same whatever ran before), where
 * src/test/resources/citus/stub.sql stands in for Citus (its functions, with Citus's signatures, record each call).
 * No Citus here, so this proves less than a cluster would: the script is valid for the current schema, places every
 * table where the document says, co-locates the tenant tables, keeps every foreign key but the one named exception,
 * and a second run changes nothing.
 */
class DistributeSqlTest extends IntegrationTest {

    /** docs/scaling.md: the global catalog, tenants, the platform's audit log and the two directory tables. */
    private static final Set<String> REFERENCE_TABLES = Set.of("providers", "regions", "gpu_models", "instance_types",
            "instance_type_regions", "tenants", "platform_audit_events", "app_users", "api_tokens");

    @Test
    void theScriptDistributesEveryTenantTableByTenantIdAndReplicatesTheRest() throws Exception {
        String copy = TestDatabase.NAME + "_citus";
        String copyUrl = TestDatabase.URL.replace("/" + TestDatabase.NAME, "/" + copy);
        try {
            PristineDatabase.restoreInto(copy);
            shell("psql -X -q -v ON_ERROR_STOP=1 -d " + copy + " -f src/test/resources/citus/stub.sql");
            Path script = Files.createTempFile("distribute", ".sql");
            // the one line plain PostgreSQL cannot run; everything else runs as written
            Files.writeString(script, Files.readString(Path.of("deploy/citus/distribute.sql"))
                    .replace("create extension if not exists citus;", "-- (test: citus_stub instead of citus)"));
            String first = shell("PGOPTIONS='-c search_path=public,citus_stub' psql -X -v ON_ERROR_STOP=1 -d " + copy
                    + " -f " + script);

            Set<String> tenantTables = CitusCompatibilityTest.tenantTables();
            assertThat(tenantTables).contains("quotes", "quote_lines", "customers", "mail_outbox");
            assertThat(column(copyUrl, "select logicalrelid::text from citus_stub.pg_dist_partition where partmethod = 'h'"))
                    .as("distributed by tenant_id").containsExactlyInAnyOrderElementsOf(tenantTables);
            assertThat(column(copyUrl, "select logicalrelid::text from citus_stub.pg_dist_partition where partmethod = 'n'"))
                    .as("reference tables").containsExactlyInAnyOrderElementsOf(REFERENCE_TABLES);
            assertThat(column(copyUrl, "select call from citus_stub.calls where call like 'distributed %'"))
                    .as("one co-location group: the first tenant table anchors it, every other joins it")
                    .contains("distributed customers by tenant_id with default")
                    .filteredOn(c -> !c.startsWith("distributed customers "))
                    .hasSize(tenantTables.size() - 1)
                    .allMatch(c -> c.endsWith(" by tenant_id with customers"));
            assertThat(column(copyUrl, "select call from citus_stub.calls where call like 'add_node %' order by n"))
                    .containsExactly("add_node citus-worker1", "add_node citus-worker2");
            assertThat(column(copyUrl, "select call from citus_stub.calls where call like 'function %'"))
                    .contains("function gq_current_tenant()", "function gq_quote_effective_status(text,date,date)");
            assertThat(first).as("the closing listing").contains("citus_table_type");

            Set<String> keysBefore = foreignKeys(TestDatabase.URL);
            Set<String> keysAfter = foreignKeys(copyUrl);
            Set<String> dropped = new TreeSet<>(keysBefore);
            dropped.removeAll(keysAfter);
            assertThat(dropped).as("foreign keys distribute.sql leaves out")
                    .hasSize(1).allMatch(k -> k.startsWith("app_users.app_users_customer_fk "));
            assertThat(keysAfter).as("no key changed or added").isSubsetOf(keysBefore);
            assertThat(CitusCompatibilityTest.GLOBAL_TO_TENANT_FOREIGN_KEYS).containsOnlyKeys("app_users.app_users_customer_fk");

            int calls = column(copyUrl, "select n from citus_stub.calls").size();
            shell("PGOPTIONS='-c search_path=public,citus_stub' psql -X -q -v ON_ERROR_STOP=1 -d " + copy + " -f " + script);
            assertThat(column(copyUrl, "select call from citus_stub.calls order by n offset " + calls))
                    .as("a second run only re-announces the coordinator").containsExactly("coordinator citus-coordinator");
            Files.delete(script);
        } finally {
            try (Connection c = DriverManager.getConnection(TestDatabase.URL.replace("/" + TestDatabase.NAME, "/postgres"),
                    TestDatabase.ADMIN_USER, TestDatabase.ADMIN_PASSWORD); Statement st = c.createStatement()) {
                st.execute("drop database if exists " + copy + " with (force)");
            }
        }
    }

    private static Set<String> foreignKeys(String url) throws SQLException {
        return new TreeSet<>(column(url, """
                select conrelid::regclass::text || '.' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
                where contype = 'f' and connamespace = 'public'::regnamespace"""));
    }

    private static String shell(String command) throws IOException, InterruptedException {
        return PristineDatabase.shell(command);
    }

    private static List<String> column(String url, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, TestDatabase.ADMIN_USER, TestDatabase.ADMIN_PASSWORD);
             Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            List<String> out = new ArrayList<>();
            while (rs.next()) {
                out.add(rs.getString(1));
            }
            return out;
        }
    }
}
