package com.gpuquote;

import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The test database as the application left it at start-up (migrated, demo data seeded), before any test wrote to
 * it: a pg_dump taken when the shared context is ready. Tests of dumps and restores (BackupRestoreTest,
 * DistributeSqlTest) restore it into a database of their own, so they see the same rows whether they run first or
 * last, and do not dump everything the suite wrote.
 */
@Component
public class PristineDatabase {

    private static volatile Path dump;

    @EventListener(ApplicationReadyEvent.class)
    void snapshot(ApplicationReadyEvent event) throws IOException, InterruptedException {
        // an application a test starts on a server of its own (DatabaseRestartTest's private cluster) is not the
        // shared test database: there is nothing of ours to dump there
        String url = event.getApplicationContext().getEnvironment().getProperty("gpuquote.db.url", "");
        if (dump != null || !url.equals(TestDatabase.URL)) {
            return;
        }
        Path file = Files.createTempFile("gpuquote-pristine", ".dump");
        file.toFile().deleteOnExit();
        shell("pg_dump --format=custom --file=" + file + " " + TestDatabase.NAME);
        dump = file;
    }

    /** A new database {@code name} holding the start-up state of the test database. */
    public static void restoreInto(String name) throws IOException, InterruptedException {
        if (dump == null) {
            throw new IllegalStateException("no start-up dump: the application context has not started");
        }
        shell("createdb --template=template0 " + name + " && pg_restore --exit-on-error --dbname=" + name + " " + dump);
    }

    /** Runs a shell command with the admin account of the test server in the libpq environment; fails on exit != 0. */
    public static String shell(String command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("bash", "-o", "pipefail", "-c", command).redirectErrorStream(true);
        String[] server = TestDatabase.SERVER.split(":");
        pb.environment().put("PGHOST", server[0]);
        pb.environment().put("PGPORT", server.length > 1 ? server[1] : "5432");
        pb.environment().put("PGUSER", TestDatabase.ADMIN_USER);
        pb.environment().put("PGPASSWORD", TestDatabase.ADMIN_PASSWORD);
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(command + " failed:\n" + output);
        }
        return output;
    }
}
