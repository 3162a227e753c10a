package com.gpuquote.tenancy.internal;

import com.gpuquote.tenancy.DatabaseProperties;
import org.flywaydb.core.Flyway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Brings the database to a usable state before the runtime pool opens: creates the database if missing,
 * migrates with Flyway as the admin account, then creates or updates the runtime role and its grants.
 */
public final class DatabaseBootstrap {

    private static final Logger log = LoggerFactory.getLogger(DatabaseBootstrap.class);
    private static final Pattern URL = Pattern.compile("jdbc:postgresql://([^/]+)/([^?]+)(\\?.*)?");
    private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    private final DatabaseProperties props;

    public DatabaseBootstrap(DatabaseProperties props) {
        this.props = props;
    }

    public void run() {
        createDatabaseIfMissing();
        migrate();
        ensureRuntimeRole();
    }

    private void createDatabaseIfMissing() {
        Matcher m = URL.matcher(props.url());
        if (!m.matches()) {
            throw new IllegalStateException("GPUQUOTE_DB_URL must look like jdbc:postgresql://host:port/database, was " + props.url());
        }
        String database = m.group(2);
        requireIdentifier(database, "database name");
        String maintenanceUrl = "jdbc:postgresql://" + m.group(1) + "/postgres" + (m.group(3) == null ? "" : m.group(3));
        try (Connection c = DriverManager.getConnection(maintenanceUrl, props.adminUser(), props.adminPassword());
             PreparedStatement ps = c.prepareStatement("select 1 from pg_database where datname = ?")) {
            ps.setString(1, database);
            if (!ps.executeQuery().next()) {
                try (Statement st = c.createStatement()) {
                    st.execute("create database " + database);
                    log.info("Created database {}", database);
                } catch (SQLException e) {
                    // another instance may have created it at the same moment
                    if (!"42P04".equals(e.getSQLState())) {
                        throw e;
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot reach PostgreSQL at " + maintenanceUrl + " as " + props.adminUser()
                    + ": " + e.getMessage(), e);
        }
    }

    private void migrate() {
        Flyway.configure()
                .dataSource(adminDataSource())
                .locations("classpath:db/migration")
                .load()
                .migrate();
    }

    private void ensureRuntimeRole() {
        String role = props.appUser();
        requireIdentifier(role, "runtime role");
        String password = props.appPassword().replace("'", "''");
        try (Connection c = adminDataSource().getConnection(); Statement st = c.createStatement()) {
            // roles are cluster-wide: several apps (or test runs) may race here, so retry once on a concurrent update
            for (int attempt = 0; ; attempt++) {
                try {
                    st.execute("""
                            do $$ begin
                              if not exists (select 1 from pg_roles where rolname = '%1$s') then
                                create role %1$s login nosuperuser nobypassrls nocreatedb nocreaterole password '%2$s';
                              else
                                alter role %1$s login nosuperuser nobypassrls nocreatedb nocreaterole password '%2$s';
                              end if;
                            end $$""".formatted(role, password));
                    break;
                } catch (SQLException e) {
                    if (attempt >= 3) {
                        throw e;
                    }
                }
            }
            String db = c.getCatalog();
            st.execute("grant connect on database " + db + " to " + role);
            // no temporary objects: a temp view could otherwise shadow a table for code that searches pg_temp
            st.execute("revoke temporary on database " + db + " from public, " + role);
            st.execute("grant usage on schema public to " + role);
            st.execute("revoke create on schema public from " + role);
            st.execute("grant select, insert, update, delete on all tables in schema public to " + role);
            st.execute("revoke all on table flyway_schema_history from " + role);
            st.execute("grant usage, select on all sequences in schema public to " + role);
            st.execute("grant execute on all functions in schema public to " + role);
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot prepare runtime role " + role + ": " + e.getMessage(), e);
        }
    }

    private SimpleDriverDataSource adminDataSource() {
        try {
            return new SimpleDriverDataSource(DriverManager.getDriver(props.url()), props.url(), props.adminUser(),
                    props.adminPassword());
        } catch (SQLException e) {
            throw new IllegalStateException("No JDBC driver for " + props.url(), e);
        }
    }

    private static void requireIdentifier(String value, String what) {
        if (value == null || !IDENTIFIER.matcher(value).matches()) {
            throw new IllegalStateException("Unsupported " + what + " '" + value + "': use lower-case letters, digits and _");
        }
    }
}
