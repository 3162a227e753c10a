package com.gpuquote;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;

/**
 * Every test JVM gets its own PostgreSQL database on localhost:5432, created by the application's own bootstrap on
 * first start and dropped when the JVM exits. Override the server with GPUQUOTE_TEST_DB_SERVER. The name is
 * {@code gpuquote_test_<random>}; a JVM that sets the system property {@value #PREFIX_PROPERTY} before this class loads
 * (the JMH benchmarks: {@code gpuquote_bench_}) gets that prefix instead, so a left-over database says who made it.
 */
public class TestDatabase implements EnvironmentPostProcessor {

    public static final String SERVER = System.getenv().getOrDefault("GPUQUOTE_TEST_DB_SERVER", "localhost:5432");
    public static final String ADMIN_USER = System.getenv().getOrDefault("GPUQUOTE_DB_ADMIN_USER", "postgres");
    public static final String ADMIN_PASSWORD = System.getenv().getOrDefault("GPUQUOTE_DB_ADMIN_PASSWORD", "postgres");
    public static final String PREFIX_PROPERTY = "gpuquote.test-db.prefix";
    public static final String NAME = System.getProperty(PREFIX_PROPERTY, "gpuquote_test_") + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    public static final String URL = "jdbc:postgresql://" + SERVER + "/" + NAME;
    public static final String APP_USER = "gpuquote_app";
    public static final String APP_PASSWORD = "gpuquote_app";

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(TestDatabase::drop, "drop-test-database"));
    }

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment env, SpringApplication application) {
        env.getPropertySources().addFirst(new MapPropertySource("gpuquote-test-database", Map.of(
                "gpuquote.db.url", URL,
                "gpuquote.db.admin-user", ADMIN_USER,
                "gpuquote.db.admin-password", ADMIN_PASSWORD,
                "gpuquote.db.app-user", APP_USER,
                "gpuquote.db.app-password", APP_PASSWORD)));
    }

    /** A raw connection as the runtime role, for tests that prove what the database itself allows. */
    public static Connection runtimeConnection() throws SQLException {
        return DriverManager.getConnection(URL, APP_USER, APP_PASSWORD);
    }

    public static Connection adminConnection() throws SQLException {
        return DriverManager.getConnection(URL, ADMIN_USER, ADMIN_PASSWORD);
    }

    /** The rows of a query as the database owner (no row-level security), each as its column values. */
    public static java.util.List<Object[]> adminRows(String sql, Object... params) throws SQLException {
        try (Connection c = adminConnection(); java.sql.PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            java.util.List<Object[]> out = new java.util.ArrayList<>();
            try (java.sql.ResultSet rs = ps.executeQuery()) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    Object[] row = new Object[n];
                    for (int i = 0; i < n; i++) {
                        row[i] = rs.getObject(i + 1);
                    }
                    out.add(row);
                }
            }
            return out;
        }
    }

    private static void drop() {
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://" + SERVER + "/postgres", ADMIN_USER, ADMIN_PASSWORD);
             Statement st = c.createStatement()) {
            st.execute("drop database if exists " + NAME + " with (force)");
        } catch (SQLException e) {
            System.err.println("Could not drop test database " + NAME + ": " + e.getMessage());
        }
    }
}
