package com.gpuquote.tenancy.internal;

import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Every row of one tenant, whatever feature owns the table: the tables are found in the catalog (a {@code tenant_id}
 * column), never listed by hand, so a new feature's table is exported and deleted without a change here. Runs in
 * the tenant's own scope, so row-level security is the second guard next to the explicit {@code tenant_id = ?}.
 */
@Repository
public class TenantDataRepository {

    /** Credentials never leave the database, not even in the tenant's own export. */
    private static final Set<String> SECRET_COLUMNS = Set.of("password_hash", "token_hash", "security_stamp");
    private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]*");

    private final JdbcClient jdbc;

    TenantDataRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** One table's rows as column names and text values (NULL as null), secrets left out. */
    public record TableRows(String table, List<String> columns, List<List<String>> rows) {
    }

    /**
     * The tables holding tenant rows, parents before children (a delete runs in reverse), and the nullable foreign
     * keys that had to be left out to break a cycle (app_users.customer_id ↔ customers.owner_id): a delete first
     * sets those to null.
     */
    public record TablePlan(List<String> parentsFirst, List<NullableLink> cycleLinks) {
    }

    /** A nullable foreign key {@code child(columns) → parent} inside a cycle of the tenant tables. */
    public record NullableLink(String child, String parent, List<String> columns) {
    }

    public TablePlan tenantTables() {
        List<String> tables = jdbc.sql("""
                        select c.table_name from information_schema.columns c
                        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
                        where c.table_schema = 'public' and c.column_name = 'tenant_id' and t.table_type = 'BASE TABLE'
                        order by c.table_name""")
                .query(String.class).list();
        record Edge(String child, String parent, List<String> columns, boolean nullable) {
        }
        Set<String> set = new HashSet<>(tables);
        List<Edge> edges = jdbc.sql("""
                        select con.conrelid::regclass::text as child, con.confrelid::regclass::text as parent,
                               array(select a.attname::text from unnest(con.conkey) k
                                     join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k
                                     where a.attname <> 'tenant_id' order by a.attnum) as columns,
                               not exists (select 1 from unnest(con.conkey) k
                                     join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k
                                     where a.attname <> 'tenant_id' and a.attnotnull)
                               -- a CHECK on the column may forbid null (app_users.customer_id of customer accounts)
                               and not exists (select 1 from pg_catalog.pg_constraint ck
                                     where ck.conrelid = con.conrelid and ck.contype = 'c'
                                       and ck.conkey && array(select k from unnest(con.conkey) k
                                             join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k
                                             where a.attname <> 'tenant_id')) as nullable
                        from pg_catalog.pg_constraint con
                        join pg_catalog.pg_namespace n on n.oid = con.connamespace
                        where con.contype = 'f' and n.nspname = 'public' and con.conrelid <> con.confrelid
                        order by 1, 2, con.conname""")
                .query((rs, n) -> new Edge(rs.getString("child"), rs.getString("parent"),
                        List.of((String[]) rs.getArray("columns").getArray()), rs.getBoolean("nullable")))
                .list().stream().filter(e -> set.contains(e.child()) && set.contains(e.parent())).toList();
        List<String> ordered = topologicalOrder(tables, edges.stream().map(e -> List.of(e.child(), e.parent())).toList());
        // a cycle: leave out one nullable link inside it at a time (nulled before the delete) until the order exists
        List<NullableLink> cut = new ArrayList<>();
        List<Edge> kept = new ArrayList<>(edges);
        while (ordered.size() != tables.size()) {
            Set<String> left = new HashSet<>(tables);
            ordered.forEach(left::remove);
            Edge breaker = kept.stream()
                    .filter(e -> e.nullable() && left.contains(e.child()) && left.contains(e.parent()))
                    .findFirst().orElse(null);
            if (breaker == null) {
                break;
            }
            kept.remove(breaker);
            cut.add(new NullableLink(breaker.child(), breaker.parent(), breaker.columns()));
            ordered = topologicalOrder(tables, kept.stream().map(e -> List.of(e.child(), e.parent())).toList());
        }
        if (ordered.size() != tables.size()) {
            List<String> done = ordered;
            throw new IllegalStateException("foreign keys between tenant tables form a cycle of required links: "
                    + tables.stream().filter(t -> !done.contains(t)).toList());
        }
        return new TablePlan(ordered, cut);
    }

    /** Kahn's algorithm: a table after every table it references ({@code [child, parent]} pairs); stable by name. */
    private static List<String> topologicalOrder(List<String> tables, List<List<String>> childParent) {
        Map<String, Set<String>> parents = new HashMap<>();
        Map<String, Set<String>> children = new HashMap<>();
        for (List<String> e : childParent) {
            parents.computeIfAbsent(e.get(0), k -> new HashSet<>()).add(e.get(1));
            children.computeIfAbsent(e.get(1), k -> new HashSet<>()).add(e.get(0));
        }
        Map<String, Integer> missing = new HashMap<>();
        tables.forEach(t -> missing.put(t, parents.getOrDefault(t, Set.of()).size()));
        Deque<String> ready = new ArrayDeque<>(new TreeSet<>(tables.stream().filter(t -> missing.get(t) == 0).toList()));
        List<String> ordered = new ArrayList<>();
        while (!ready.isEmpty()) {
            String t = ready.removeFirst();
            ordered.add(t);
            for (String child : new TreeSet<>(children.getOrDefault(t, Set.of()))) {
                if (missing.merge(child, -1, Integer::sum) == 0) {
                    ready.addLast(child);
                }
            }
        }
        return ordered;
    }

    /** The tenant's rows of {@code table}, in a stable order. */
    public TableRows rows(String table, TenantId tenant) {
        String name = checked(table);
        List<String> columns = new ArrayList<>();
        List<List<String>> rows = new ArrayList<>();
        jdbc.sql("select * from " + name + " where tenant_id = ? order by 1, 2")
                .param(tenant.value())
                .query((ResultSet rs) -> {
                    ResultSetMetaData meta = rs.getMetaData();
                    if (columns.isEmpty()) {
                        for (int i = 1; i <= meta.getColumnCount(); i++) {
                            if (!SECRET_COLUMNS.contains(meta.getColumnName(i))) {
                                columns.add(meta.getColumnName(i));
                            }
                        }
                    }
                    List<String> row = new ArrayList<>(columns.size());
                    for (int i = 1; i <= meta.getColumnCount(); i++) {
                        if (!SECRET_COLUMNS.contains(meta.getColumnName(i))) {
                            row.add(rs.getString(i));
                        }
                    }
                    rows.add(row);
                });
        if (columns.isEmpty()) {
            jdbc.sql("select column_name from information_schema.columns where table_schema = 'public' "
                            + "and table_name = ? order by ordinal_position")
                    .param(name).query(String.class).list().stream()
                    .filter(c -> !SECRET_COLUMNS.contains(c)).forEach(columns::add);
        }
        return new TableRows(name, columns, rows);
    }

    /** The tenant's own row (its settings and seller profile). */
    public TableRows tenantRow(TenantId tenant) {
        List<String> columns = new ArrayList<>();
        List<List<String>> rows = new ArrayList<>();
        jdbc.sql("select * from tenants where id = ?").param(tenant.value()).query((ResultSet rs) -> {
            ResultSetMetaData meta = rs.getMetaData();
            List<String> row = new ArrayList<>();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                if (columns.size() < meta.getColumnCount()) {
                    columns.add(meta.getColumnName(i));
                }
                row.add(rs.getString(i));
            }
            rows.add(row);
        });
        return new TableRows("tenants", columns, rows);
    }

    /** Deletes the tenant's rows, children first, then the tenant; returns rows deleted per table. */
    public Map<String, Integer> deleteAll(TenantId tenant, TablePlan plan) {
        // final rows (published price-list rows, portal acceptances) may be deleted only by their suspended
        // tenant's deletion, which names the tenant here for this transaction (V90, gq_deleting_tenant)
        jdbc.sql("select set_config('app.deleting_tenant', ?, true)").param(tenant.value().toString()).query().singleRow();
        for (NullableLink link : plan.cycleLinks()) {
            String set = String.join(", ", link.columns().stream().map(c -> checked(c) + " = null").toList());
            jdbc.sql("update " + checked(link.child()) + " set " + set + " where tenant_id = ?")
                    .param(tenant.value()).update();
        }
        List<String> parentsFirst = plan.parentsFirst();
        Map<String, Integer> deleted = new LinkedHashMap<>();
        for (int i = parentsFirst.size() - 1; i >= 0; i--) {
            String name = checked(parentsFirst.get(i));
            deleted.put(name, jdbc.sql("delete from " + name + " where tenant_id = ?").param(tenant.value()).update());
        }
        TransactionReadCache.evict();
        deleted.put("tenants", jdbc.sql("delete from tenants where id = ?").param(tenant.value()).update());
        return deleted;
    }

    private static String checked(String table) {
        if (!IDENTIFIER.matcher(table).matches()) {
            throw new IllegalArgumentException("not a plain table name: " + table);
        }
        return table;
    }
}
