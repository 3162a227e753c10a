package com.gpuquote;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keeps the schema and the SQL ready for Citus, distributed by {@code tenant_id} (docs/scaling.md, issue 18), read
 * from the migrated test database (pg_catalog) and from the SQL text of the Java sources ({@link RepositorySql}).
 *
 * <p>Why SQL text and not EXPLAIN: a repository's statements are assembled from constants and WHERE builders and
 * need real parameters to run; the text holds every statement, including those no test happens to execute, and
 * Citus's router rule is itself textual (every distributed table pinned to one tenant value or joined on tenant_id
 * to one that is). A statement the text cannot settle (a table name chosen at run time) fails unless it is listed
 * below with its reason.
 */
class CitusCompatibilityTest extends IntegrationTest {

    /**
     * Directory tables (docs/scaling.md): read before the tenant is known, by email or token hash, and holding the
     * platform administrators, who have no tenant (tenant_id NULL). Under Citus they are reference tables; they keep
     * a unique (tenant_id, id) for the composite foreign keys of the tenant tables. Every other table with a
     * tenant_id is a tenant table.
     */
    static final Set<String> DIRECTORY_TABLES = Set.of("app_users", "api_tokens");

    /**
     * Deliberate exceptions to "no foreign key from a global or directory table into a tenant table", each with its
     * reason. deploy/citus/distribute.sql drops exactly these before distributing.
     */
    static final Map<String, String> GLOBAL_TO_TENANT_FOREIGN_KEYS = Map.of(
            "app_users.app_users_customer_fk",
            "a CUSTOMER account belongs to a customer of its tenant; on one database the key holds that, under Citus a "
                    + "reference table cannot reference a distributed one, customers are never deleted and the portal "
                    + "creates the account in the customer's tenant transaction");

    /**
     * Statements that deliberately span tenants (multi-shard under Citus), or that the SQL text cannot settle,
     * keyed by file#method, each with its reason.
     */
    static final Map<String, String> CROSS_TENANT_STATEMENTS = Map.of(
            "mail/internal/OutboxRepository.java#pending",
            "the outbox sender claims due mail of every tenant in one query; on Citus it claims per tenant "
                    + "(SELECT … FOR UPDATE SKIP LOCKED is single-shard only), docs/scaling.md",
            "mail/internal/OutboxRepository.java#claim",
            "the outbox sender claims due mail of every tenant (FOR UPDATE SKIP LOCKED, ADR 0010); on Citus it "
                    + "claims per tenant, docs/scaling.md",
            "mail/internal/OutboxRepository.java#failAbandoned",
            "fails abandoned claims of every tenant in one statement; on Citus a multi-shard update, run rarely",
            "audit/internal/AuditRepository.java#find",
            "the table (audit_events or platform_audit_events) is a parameter; the WHERE builder adds "
                    + "tenant_id = ? whenever a tenant is given, which every audit_events caller does",
            "audit/internal/AuditRepository.java#count",
            "as find: the table is a parameter, the WHERE builder pins the tenant for audit_events",
            "audit/internal/AuditRepository.java#countUpTo",
            "as count (the capped count of the audit grid): the same WHERE builder pins the tenant for audit_events",
            "shared/MultiRowInsert.java#run",
            "MultiRowInsert joins its callers' constant INSERT heads (checked where each is constructed) with many "
                    + "VALUES rows; the first value of every row is the tenant_id parameter (single-shard: one tenant "
                    + "per statement)",
            "tenancy/internal/TenantDataRepository.java#rows",
            "tenant export: every table with a tenant_id column, found in the catalog, read with "
                    + "'where tenant_id = ?' in the tenant's own scope (single-shard)",
            "tenancy/internal/TenantDataRepository.java#deleteAll",
            "tenant deletion: as rows, 'delete … where tenant_id = ?' per catalog table, children first");

    private static final Path MAIN = Path.of("src/main/java/com/gpuquote");

    // ------------------------------------------------------------------ schema

    @Test
    void everyTenantTableHasANotNullTenantIdInItsPrimaryKeyAndEveryUniqueKey() throws SQLException {
        Set<String> tenantTables = tenantTables();
        assertThat(tenantTables).as("the tenant tables found in the migrated schema")
                .contains("quotes", "quote_lines", "customers", "price_list_rows", "mail_outbox")
                .doesNotContainAnyElementsOf(DIRECTORY_TABLES);

        List<String> withoutPrimaryKey = query("""
                select c.relname from pg_class c
                where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
                  and not exists (select 1 from pg_constraint k where k.conrelid = c.oid and k.contype = 'p')""");
        assertThat(withoutPrimaryKey).as("tables without a primary key").doesNotContainAnyElementsOf(tenantTables);

        List<String> nullable = query("""
                select table_name from information_schema.columns
                where table_schema = 'public' and column_name = 'tenant_id' and is_nullable = 'YES'""");
        assertThat(nullable).as("tenant tables whose tenant_id may be NULL (Citus rejects NULL distribution values)")
                .doesNotContainAnyElementsOf(tenantTables);

        // unique indexes cover primary keys, unique constraints and unique (partial, expression) indexes alike
        List<String> uniqueWithoutTenant = query("""
                select i.indrelid::regclass::text || ': ' || pg_get_indexdef(i.indexrelid)
                from pg_index i join pg_class c on c.oid = i.indrelid
                where c.relnamespace = 'public'::regnamespace and i.indisunique
                  and not exists (select 1 from pg_attribute a
                                  where a.attrelid = i.indrelid and a.attname = 'tenant_id'
                                    and a.attnum = any (i.indkey::int2[]))""");
        assertThat(uniqueWithoutTenant).as("unique keys of tenant tables without tenant_id")
                .filteredOn(d -> tenantTables.contains(d.substring(0, d.indexOf(':'))))
                .isEmpty();

        List<String> exclusionWithoutTenantEquality = query("""
                select k.conrelid::regclass::text || '.' || k.conname from pg_constraint k
                where k.contype = 'x' and k.connamespace = 'public'::regnamespace
                  and not exists (select 1 from unnest(k.conkey, k.conexclop) e(attnum, op)
                                  join pg_attribute a on a.attrelid = k.conrelid and a.attnum = e.attnum
                                  where a.attname = 'tenant_id' and e.op::regoperator::text like '=(%')""");
        assertThat(exclusionWithoutTenantEquality).as("exclusion constraints without tenant_id WITH =").isEmpty();
    }

    @Test
    void foreignKeysBetweenTenantTablesMatchTenantIdToTenantId() throws SQLException {
        Set<String> tenantTables = tenantTables();
        List<String> offenders = new ArrayList<>();
        for (ForeignKey fk : foreignKeys()) {
            if (tenantTables.contains(fk.from) && tenantTables.contains(fk.to)) {
                int at = fk.columns.indexOf("tenant_id");
                if (at < 0 || !"tenant_id".equals(fk.referenced.get(at))) {
                    offenders.add(fk.describe());
                }
            }
        }
        assertThat(offenders).as("foreign keys between tenant tables that do not map tenant_id to tenant_id").isEmpty();
    }

    @Test
    void noForeignKeyLeadsFromAGlobalOrDirectoryTableIntoATenantTable() throws SQLException {
        Set<String> tenantTables = tenantTables();
        Set<String> offenders = new TreeSet<>();
        for (ForeignKey fk : foreignKeys()) {
            if (!tenantTables.contains(fk.from) && tenantTables.contains(fk.to)) {
                offenders.add(fk.from + "." + fk.name);
            }
        }
        assertThat(offenders).as("foreign keys from catalog, tenants or directory tables into tenant tables")
                .isEqualTo(GLOBAL_TO_TENANT_FOREIGN_KEYS.keySet());
    }

    /**
     * Citus supports a foreign key from a distributed table to a reference table, but no cascading or SET NULL
     * action when that key contains the distribution column.
     */
    @Test
    void foreignKeysFromTenantTablesToGlobalTablesCascadeOnlyWithoutTenantId() throws SQLException {
        Set<String> tenantTables = tenantTables();
        List<String> offenders = new ArrayList<>();
        for (ForeignKey fk : foreignKeys()) {
            if (tenantTables.contains(fk.from) && !tenantTables.contains(fk.to) && fk.columns.contains("tenant_id")
                    && (!"a".equals(fk.onDelete) || !"a".equals(fk.onUpdate))) {
                offenders.add(fk.describe());
            }
        }
        assertThat(offenders).isEmpty();
    }

    /**
     * The credential lookups that run before the tenant is known (docs/scaling.md) find their row by token hash
     * alone: on one database, and on every shard under Citus, an index must lead with it.
     */
    @Test
    void tokenLookupsWithoutATenantHaveAnIndexLeadingWithTheHash() throws SQLException {
        List<String> indexed = query("""
                select distinct i.indrelid::regclass::text from pg_index i
                join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
                where a.attname = 'token_hash' and i.indpred is null""");
        assertThat(indexed).contains("invitations", "portal_links", "api_tokens");
    }

    // ------------------------------------------------------------------ SQL

    @Test
    void everyStatementOnATenantTablePinsTheTenant() throws SQLException, IOException {
        Set<String> tenantTables = tenantTables();
        List<RepositorySql.Statement> statements = RepositorySql.statements(MAIN);
        assertThat(statements).as("statements found in the sources").hasSizeGreaterThan(150);

        Map<String, String> offenders = new HashMap<>();
        Set<String> touchingTenantTables = new TreeSet<>();
        for (RepositorySql.Statement s : statements) {
            String problem = problem(s, tenantTables);
            if (!referencedTables(s.sql()).stream().filter(tenantTables::contains).toList().isEmpty()) {
                touchingTenantTables.add(s.where());
            }
            if (problem != null) {
                offenders.merge(s.where(), problem, (a, b) -> a + "; " + b);
            }
        }
        assertThat(touchingTenantTables).as("sanity: the parser sees the tenant statements")
                .contains("quote/internal/QuoteRepository.java#find", "quote/internal/QuoteRepository.java#search",
                        "customer/internal/CustomerRepository.java#search");
        Map<String, String> unexpected = new HashMap<>(offenders);
        unexpected.keySet().removeAll(CROSS_TENANT_STATEMENTS.keySet());
        assertThat(unexpected).as("statements on tenant tables that do not pin tenant_id to a parameter").isEmpty();
        assertThat(CROSS_TENANT_STATEMENTS.keySet()).as("listed exceptions that no longer need to be listed")
                .allMatch(offenders::containsKey);
    }

    /** The checker itself: statements it must accept and statements it must refuse. */
    @Test
    void theCheckerTellsPinnedFromUnpinnedStatements() {
        Set<String> tenant = Set.of("quotes", "projects", "quote_lines");
        assertThat(problem(sql("select * from quotes q join projects p on p.tenant_id = q.tenant_id and p.id = q.project_id "
                + "where q.tenant_id = ? and q.id = ?"), tenant)).isNull();
        assertThat(problem(sql("update quotes set status = ? where tenant_id = :t and id = :id"), tenant)).isNull();
        assertThat(problem(sql("insert into quote_lines (tenant_id, id) values (?, ?)"), tenant)).isNull();
        assertThat(problem(sql("select count(*) from tenants"), tenant)).isNull();

        assertThat(problem(sql("with pub as (select q.tenant_id, q.id from quotes q where q.tenant_id = :t) "
                + "select (select count(*) from quote_lines l where l.tenant_id = pub.tenant_id) from pub"), tenant)).isNull();

        assertThat(problem(sql("select * from quotes where id = ?"), tenant)).contains("quotes");
        assertThat(problem(sql("with pub as (select q.tenant_id, q.id from quotes q where q.id = :id) "
                + "select (select count(*) from quote_lines l where l.tenant_id = pub.tenant_id) from pub"), tenant))
                .contains("quotes", "quote_lines");
        assertThat(problem(sql("select * from quotes q join projects p on p.id = q.project_id where q.tenant_id = ?"),
                tenant)).contains("projects").doesNotContain("quotes");
        assertThat(problem(sql("select * from quotes q where q.tenant_id = any (?)"), tenant)).contains("quotes");
        assertThat(problem(sql("insert into quote_lines (id, option_id) values (?, ?)"), tenant)).contains("quote_lines");
        assertThat(problem(new RepositorySql.Statement("f", "m", "select * from /*dynamic*/ where true", true), tenant))
                .contains("dynamic");
    }

    /** The source reader: constants, locals, WHERE builders and run-time table names, on a made-up repository. */
    @Test
    void theSourceReaderResolvesWhatTheSourceTells(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        java.nio.file.Files.writeString(dir.resolve("FakeRepository.java"), """
                class FakeRepository {
                    private static final String SELECT = "select q.id from quotes q ";
                    Object pinned(Object jdbc) {
                        return jdbc.sql(SELECT + "where q.tenant_id = ? and q.id = ?");
                    }
                    Object forgotten(Object jdbc) {
                        String sql = "select id from quotes where id = ?"; // a local, not a literal argument
                        return jdbc.sql(sql);
                    }
                    Object built(Object jdbc, Object s) {
                        Where where = Where.of(s);
                        return jdbc.sql(SELECT + where.sql() + " order by q.id");
                    }
                    record Where(String sql) {
                        static Where of(Object s) {
                            StringBuilder b = new StringBuilder(" where q.tenant_id = :t");
                            return new Where(b.toString());
                        }
                    }
                    Object anyTable(Object jdbc, String table) {
                        return jdbc.sql("select count(*) from " + table);
                    }
                }
                """);
        Map<String, RepositorySql.Statement> byMethod = new HashMap<>();
        RepositorySql.statements(dir).forEach(st -> byMethod.put(st.method(), st));
        Set<String> tenant = Set.of("quotes");
        assertThat(byMethod).containsOnlyKeys("pinned", "forgotten", "built", "anyTable");
        assertThat(problem(byMethod.get("pinned"), tenant)).isNull();
        assertThat(problem(byMethod.get("forgotten"), tenant)).contains("quotes not pinned");
        assertThat(byMethod.get("built").sql()).contains("where q.tenant_id = :t");
        assertThat(problem(byMethod.get("built"), tenant)).isNull();
        assertThat(byMethod.get("anyTable").dynamic()).isTrue();
        assertThat(problem(byMethod.get("anyTable"), tenant)).contains("dynamic");
    }

    private static RepositorySql.Statement sql(String text) {
        return new RepositorySql.Statement("f", "m", text, false);
    }

    private static final Pattern TABLE_REF = Pattern.compile(
            "\\b(from|join|update|into)\\s+(?:only\\s+)?(?:public\\.)?([a-z_][a-z0-9_]*)(?:\\s+(?:as\\s+)?([a-z_][a-z0-9_]*))?");
    private static final Set<String> NOT_ALIASES = Set.of("where", "join", "left", "right", "inner", "outer", "full",
            "cross", "natural", "on", "using", "order", "group", "limit", "offset", "set", "values", "select", "as",
            "for", "returning", "union", "except", "intersect", "having", "window", "lateral", "default",
            "fetch", "and", "or", "then", "else", "end", "when", "do", "conflict");
    private static final String PARAM = "(?:\\?|:[a-z_]\\w*|cast\\s*\\(\\s*(?:\\?|:[a-z_]\\w*)\\s+as\\s+uuid\\s*\\)|(?:\\?|:[a-z_]\\w*)::uuid)";
    private static final Pattern PIN = Pattern.compile(
            "(?:\\b([a-z_][a-z0-9_]*)\\.)?\\btenant_id\\s*=\\s*" + PARAM + "(?![\\w(])|" + PARAM + "\\s*=\\s*(?:\\b([a-z_][a-z0-9_]*)\\.)?tenant_id\\b");
    private static final Pattern JOIN_ON_TENANT = Pattern.compile(
            "\\b([a-z_][a-z0-9_]*)\\.tenant_id\\s*=\\s*([a-z_][a-z0-9_]*)\\.tenant_id\\b");
    private static final Pattern CTE = Pattern.compile(
            "(?:\\bwith|,)\\s+([a-z_][a-z0-9_]*)\\s+as\\s+(?:(?:not\\s+)?materialized\\s+)?\\(");
    private static final Pattern INSERT = Pattern.compile("\\binsert\\s+into\\s+(?:public\\.)?([a-z_][a-z0-9_]*)\\s*\\(([^)]*)\\)");

    private static Set<String> referencedTables(String sql) {
        Set<String> tables = new TreeSet<>();
        Matcher m = TABLE_REF.matcher(normalise(sql));
        while (m.find()) {
            tables.add(m.group(2));
        }
        return tables;
    }

    private static String normalise(String sql) {
        return sql.toLowerCase()
                .replaceAll("--[^\n]*", " ")
                .replaceAll("'[^']*'", "''")
                .replaceAll("\\s+", " ");
    }

    /**
     * Null when every reference to a tenant table in the statement is pinned to a tenant given as a parameter, or
     * joined on tenant_id to a reference that is (Citus's router condition); otherwise what is not.
     */
    static String problem(RepositorySql.Statement statement, Set<String> tenantTables) {
        String sql = normalise(statement.sql());
        Map<String, String> parent = new HashMap<>();
        Set<String> nodes = new LinkedHashSet<>();
        Set<String> inserted = new TreeSet<>();
        List<String> problems = new ArrayList<>();

        Matcher insert = INSERT.matcher(sql);
        while (insert.find()) {
            String table = insert.group(1);
            if (tenantTables.contains(table)) {
                inserted.add(table);
                if (!List.of(insert.group(2).replace(" ", "").split(",")).contains("tenant_id")) {
                    problems.add("insert into " + table + " without tenant_id");
                }
            }
        }
        // a common table expression carries the tenant_id of the tables it selects from (pub.tenant_id = l.tenant_id)
        List<int[]> cteBodies = new ArrayList<>();
        List<String> cteNames = new ArrayList<>();
        Matcher cte = CTE.matcher(sql);
        while (cte.find()) {
            int open = cte.end() - 1;
            int depth = 0;
            int close = sql.length();
            for (int i = open; i < sql.length(); i++) {
                if (sql.charAt(i) == '(') {
                    depth++;
                } else if (sql.charAt(i) == ')' && --depth == 0) {
                    close = i;
                    break;
                }
            }
            cteNames.add(cte.group(1));
            cteBodies.add(new int[]{open, close});
        }
        Matcher ref = TABLE_REF.matcher(sql);
        Map<String, String> tableOfNode = new HashMap<>();
        while (ref.find()) {
            String table = ref.group(2);
            if (!tenantTables.contains(table) || ("into".equals(ref.group(1)) && inserted.contains(table))) {
                continue;
            }
            String alias = ref.group(3);
            String node = alias == null || NOT_ALIASES.contains(alias) ? table : alias;
            nodes.add(node);
            tableOfNode.put(node, table);
            for (int i = 0; i < cteNames.size(); i++) {
                if (ref.start() > cteBodies.get(i)[0] && ref.start() < cteBodies.get(i)[1]) {
                    union(parent, cteNames.get(i), node);
                }
            }
        }
        if (nodes.isEmpty()) {
            if (statement.dynamic() && sql.contains("/*dynamic*/") && referencedTables(sql).isEmpty()) {
                return "dynamic SQL whose tables the source does not name";
            }
            return problems.isEmpty() ? null : String.join("; ", problems);
        }
        Matcher join = JOIN_ON_TENANT.matcher(sql);
        while (join.find()) {
            union(parent, join.group(1), join.group(2));
        }
        Set<String> pinned = new TreeSet<>();
        boolean unqualifiedPin = false;
        Matcher pin = PIN.matcher(sql);
        while (pin.find()) {
            String qualifier = pin.group(1) != null ? pin.group(1) : pin.group(2);
            if (qualifier == null) {
                unqualifiedPin = true; // only valid SQL where tenant_id is unambiguous in its scope
            } else {
                pinned.add(find(parent, qualifier));
            }
        }
        for (String node : nodes) {
            if (!unqualifiedPin && !pinned.contains(find(parent, node))) {
                problems.add(tableOfNode.get(node) + (node.equals(tableOfNode.get(node)) ? "" : " " + node)
                        + " not pinned to a tenant");
            }
        }
        return problems.isEmpty() ? null : String.join("; ", problems);
    }

    private static String find(Map<String, String> parent, String node) {
        String p = parent.getOrDefault(node, node);
        return p.equals(node) ? node : find(parent, p);
    }

    private static void union(Map<String, String> parent, String a, String b) {
        String ra = find(parent, a);
        String rb = find(parent, b);
        if (!ra.equals(rb)) {
            parent.put(ra, rb);
        }
    }

    // ------------------------------------------------------------------ catalog helpers

    static Set<String> tenantTables() throws SQLException {
        Set<String> tables = new TreeSet<>(query("""
                select c.table_name from information_schema.columns c
                join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
                where c.table_schema = 'public' and c.column_name = 'tenant_id' and t.table_type = 'BASE TABLE'"""));
        tables.removeAll(DIRECTORY_TABLES);
        return tables;
    }

    record ForeignKey(String from, String name, List<String> columns, String to, List<String> referenced,
                      String onDelete, String onUpdate) {
        String describe() {
            return from + "." + name + " (" + String.join(", ", columns) + ") -> " + to + " ("
                    + String.join(", ", referenced) + ")";
        }
    }

    private static List<ForeignKey> foreignKeys() throws SQLException {
        List<ForeignKey> out = new ArrayList<>();
        try (Connection c = TestDatabase.adminConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("""
                     select k.conrelid::regclass::text, k.conname, k.confrelid::regclass::text,
                            array_to_string(array(select a.attname from unnest(k.conkey) with ordinality u(n, o)
                                join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.o), ','),
                            array_to_string(array(select a.attname from unnest(k.confkey) with ordinality u(n, o)
                                join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.o), ','),
                            k.confdeltype, k.confupdtype
                     from pg_constraint k
                     where k.contype = 'f' and k.connamespace = 'public'::regnamespace""")) {
            while (rs.next()) {
                out.add(new ForeignKey(rs.getString(1), rs.getString(2), List.of(rs.getString(4).split(",")),
                        rs.getString(3), List.of(rs.getString(5).split(",")), rs.getString(6), rs.getString(7)));
            }
        }
        return out;
    }

    private static List<String> query(String sql) throws SQLException {
        try (Connection c = TestDatabase.adminConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(sql)) {
            List<String> result = new ArrayList<>();
            while (rs.next()) {
                result.add(rs.getString(1));
            }
            return result;
        }
    }
}
