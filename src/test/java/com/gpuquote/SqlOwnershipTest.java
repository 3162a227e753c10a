package com.gpuquote;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A feature's SQL touches only its own tables (issue 14): ArchitectureTest keeps Java imports in line, this keeps the
 * SQL text in line. A table belongs to the one feature whose code writes it (insert, update, delete); another
 * feature reads it through the owner's service or a narrow read hook (e.g. {@code TenantDirectory},
 * {@code CustomerDirectory}, {@code UserDirectory}), never by SQL, apart from the read-model joins listed below.
 */
class SqlOwnershipTest {

    private static final Path MAIN = Path.of("src/main/java/com/gpuquote");
    private static final Path MIGRATIONS = Path.of("db/migration");

    /**
     * Reads of another feature's table that stay SQL joins, each for a reason: authentication reads the account
     * directory it authenticates against; list queries show names (project, customer, author, owner, a saved
     * sizing run's author) in the same query that pages the list; onboarding and notifications read the tenant's language and status.
     */
    private static final Map<String, Set<String>> READ_MODEL_JOINS = Map.of(
            "security", Set.of("app_users", "tenants"),
            "user", Set.of("tenants"),
            "notification", Set.of("app_users", "tenants"),
            "customer", Set.of("app_users"),
            "sizing", Set.of("app_users"),
            "quote", Set.of("projects", "customers", "app_users"));

    /** Tables two features write: accounts belong to user; security records sign-in state on them (attempts, lockout). */
    private static final Map<String, Set<String>> SHARED_WRITERS = Map.of("app_users", Set.of("user", "security"));

    private static final Pattern CREATE_TABLE = Pattern.compile("(?i)create\\s+table\\s+(?:if\\s+not\\s+exists\\s+)?(?:public\\.)?([a-z_]+)");
    private static final Pattern WRITE = Pattern.compile("(?i)\\b(?:insert\\s+into|update|delete\\s+from)\\s+(?:public\\.)?([a-z_]+)");
    private static final Pattern READ = Pattern.compile("(?i)\\b(?:from|join)\\s+(?:public\\.)?([a-z_]+)");

    @Test
    void everyTableHasOneWriterAndOtherFeaturesDoNotReadItBySql() throws IOException {
        Set<String> tables = tables();
        Map<String, Set<String>> writers = new TreeMap<>();
        Map<String, Set<String>> readers = new TreeMap<>();
        for (Map.Entry<String, String> source : sources().entrySet()) {
            String feature = source.getKey().split("/")[0];
            collect(WRITE, source.getValue(), tables, feature, writers);
            collect(READ, source.getValue(), tables, feature, readers);
        }
        assertThat(writers).as("tables written by more than one feature")
                .allSatisfy((table, features) -> {
                    if (SHARED_WRITERS.containsKey(table)) {
                        assertThat(features).as(table).isEqualTo(SHARED_WRITERS.get(table));
                    } else {
                        assertThat(features).as(table).hasSize(1);
                    }
                });

        Set<String> violations = new TreeSet<>();
        readers.forEach((table, features) -> {
            // a table only migrations write (shipped reference data such as regions) belongs to its one reader
            Set<String> owner = writers.getOrDefault(table, features.size() == 1 ? features : Set.of());
            for (String feature : features) {
                if (!owner.contains(feature) && !READ_MODEL_JOINS.getOrDefault(feature, Set.of()).contains(table)) {
                    violations.add(feature + " reads " + table + " (owned by " + owner + ")");
                }
            }
        });
        assertThat(violations).isEmpty();
    }

    @Test
    void thePortalReadsNoTenantCustomerOrUserTable() throws IOException {
        Set<String> read = new TreeSet<>();
        sources().forEach((file, text) -> {
            if (file.startsWith("portal/")) {
                Matcher m = READ.matcher(text);
                while (m.find()) {
                    read.add(m.group(1).toLowerCase());
                }
            }
        });
        assertThat(read).doesNotContain("tenants", "customers", "customer_contacts", "app_users", "projects");
    }

    private static void collect(Pattern p, String text, Set<String> tables, String feature,
                                Map<String, Set<String>> into) {
        Matcher m = p.matcher(text);
        while (m.find()) {
            String table = m.group(1).toLowerCase();
            if (tables.contains(table)) {
                into.computeIfAbsent(table, t -> new TreeSet<>()).add(feature);
            }
        }
    }

    private static Set<String> tables() throws IOException {
        Set<String> tables = new TreeSet<>();
        try (Stream<Path> files = Files.list(MIGRATIONS)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".sql")).toList()) {
                Matcher m = CREATE_TABLE.matcher(Files.readString(f));
                while (m.find()) {
                    tables.add(m.group(1).toLowerCase());
                }
            }
        }
        assertThat(tables).contains("quotes", "tenants", "app_users");
        return tables;
    }

    /** Source text per file ("feature/…/File.java"), Java comments removed so prose does not count as SQL. */
    private static Map<String, String> sources() throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String text = Files.readString(f).replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("(?m)^\\s*//.*$", " ");
                out.put(MAIN.relativize(f).toString().replace('\\', '/'), text);
            }
        }
        return out;
    }
}
