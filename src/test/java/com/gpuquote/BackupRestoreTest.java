package com.gpuquote;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The backup guide's script (deploy/backup/verify-restore.sh, docs/operations-backup.md) run against the migrated
 * test database with its demo data, as it was at start-up (PristineDatabase, restored into a source of this test's
 * own, so the rows are the same whatever ran before): pg_dump, pg_restore into a fresh database, row counts compared
 * per table.
 */
class BackupRestoreTest extends IntegrationTest {

    private static final String SCRIPT = "deploy/backup/verify-restore.sh";

    @Test
    void aDumpRestoresIntoAFreshDatabaseWithEveryRowAndTheScriptNoticesADifference() throws Exception {
        String source = TestDatabase.NAME + "_backup";
        String copy = TestDatabase.NAME + "_copy";
        try {
            PristineDatabase.restoreInto(source);
            Run run = run(Map.of("KEEP_COPY", "1"), source, copy);
            assertThat(run.exit).as(run.output).isZero();

            // the copy holds the source's tenants and accounts, row for row (read here, not from the script)
            List<String> tenants = column(urlOf(source), "select slug from tenants order by slug");
            assertThat(tenants).as("the demo data has tenants").isNotEmpty();
            assertThat(column(urlOf(copy), "select slug from tenants order by slug")).isEqualTo(tenants);
            assertThat(column(urlOf(copy), "select lower(email) from app_users order by 1"))
                    .isEqualTo(column(urlOf(source), "select lower(email) from app_users order by 1"));
            assertThat(run.output).containsPattern("(?m)^tenants +" + tenants.size() + " +" + tenants.size() + " +ok$")
                    .contains("the restored copy has every row of the dump")
                    .doesNotContain("MISMATCH");
            // every table of the schema is compared, the catalog too
            assertThat(run.output).containsPattern("(?m)^quote_lines +\\d+ +\\d+ +ok$")
                    .containsPattern("(?m)^instance_types +\\d+ +\\d+ +ok$");

            // one row more in the copy: the comparison fails and names the table
            execute(urlOf(copy), "insert into tenants (id, slug, name) values ('" + UUID.randomUUID()
                    + "', 'restore-check-extra', 'Extra')");
            Run compare = run(Map.of(), "--compare", source, copy);
            assertThat(compare.exit).as(compare.output).isEqualTo(1);
            assertThat(compare.output).containsPattern("(?m)^tenants +" + tenants.size() + " +" + (tenants.size() + 1)
                    + " +MISMATCH$");
        } finally {
            execute(urlOf("postgres"), "drop database if exists " + copy + " with (force)");
            execute(urlOf("postgres"), "drop database if exists " + source + " with (force)");
        }
    }

    @Test
    void theScriptRefusesAnAccountThatRowLevelSecurityWouldBlind() throws Exception {
        Run run = run(Map.of("PGUSER", TestDatabase.APP_USER, "PGPASSWORD", TestDatabase.APP_PASSWORD),
                TestDatabase.NAME);
        assertThat(run.exit).as(run.output).isEqualTo(2);
        assertThat(run.output).contains("neither superuser nor BYPASSRLS");
    }

    private record Run(int exit, String output) {
    }

    private static Run run(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", SCRIPT));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        String[] server = TestDatabase.SERVER.split(":");
        pb.environment().put("PGHOST", server[0]);
        pb.environment().put("PGPORT", server.length > 1 ? server[1] : "5432");
        pb.environment().put("PGUSER", TestDatabase.ADMIN_USER);
        pb.environment().put("PGPASSWORD", TestDatabase.ADMIN_PASSWORD);
        pb.environment().putAll(env);
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the script finished").isTrue();
        return new Run(p.exitValue(), output);
    }

    private static String urlOf(String database) {
        return TestDatabase.URL.replace("/" + TestDatabase.NAME, "/" + database);
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

    private static void execute(String url, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, TestDatabase.ADMIN_USER, TestDatabase.ADMIN_PASSWORD);
             Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }
}
