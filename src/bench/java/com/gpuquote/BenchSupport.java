package com.gpuquote;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the benchmarks that start the production jar on a database of their own share. */
final class BenchSupport {

    private BenchSupport() {
    }

    /** Drops a benchmark's database, forcing off the sessions of an application that did not stop in time. */
    static void dropDatabase(String db) {
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://" + TestDatabase.SERVER + "/postgres",
                TestDatabase.ADMIN_USER, TestDatabase.ADMIN_PASSWORD); Statement st = c.createStatement()) {
            st.execute("drop database if exists " + db + " with (force)");
        } catch (Exception e) {
            System.err.println("Could not drop " + db + ": " + e.getMessage());
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** {@code key=value} command-line arguments in their order; anything without {@code =} is ignored. */
    static Map<String, String> arguments(String[] argv) {
        Map<String, String> args = new LinkedHashMap<>();
        for (String a : argv) {
            int eq = a.indexOf('=');
            if (eq > 0) {
                args.put(a.substring(0, eq), a.substring(eq + 1));
            }
        }
        return args;
    }

    /** Waits up to 5 minutes for {@code /actuator/health} to answer 200 UP; fails early when the application stops. */
    static void waitHealthy(HttpClient http, String base, Process app, Path log) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        while (System.nanoTime() < deadline) {
            if (!app.isAlive()) {
                throw new IllegalStateException("the application stopped; see " + log.toAbsolutePath());
            }
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + "/actuator/health"))
                        .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200 && r.body().contains("UP")) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("the application did not become healthy; see " + log.toAbsolutePath());
    }
}
