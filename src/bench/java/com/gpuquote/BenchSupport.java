package com.gpuquote;

import java.io.IOException;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;

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
}
