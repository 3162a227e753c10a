package com.gpuquote.tenancy;

import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the database catalog promises about tenant isolation, for every table that has a tenant_id column — including
 * tables other features add later. Reads pg_catalog as the admin account after the application has migrated.
 */
class TenantCatalogTest extends IntegrationTest {

    /**
     * The documented exceptions (docs/decisions/0003): app_users and api_tokens hold platform administrators with
     * tenant_id NULL, so their primary key is id alone, email and token hash are unique platform-wide, and the token's
     * user is also referenced by id alone. Nothing else may be listed here.
     */
    private static final Map<String, Set<String>> KEYS_WITHOUT_TENANT = Map.of(
            "app_users", Set.of("app_users_pkey", "app_users_email_key"),
            "api_tokens", Set.of("api_tokens_pkey", "api_tokens_token_hash_key"));
    private static final Map<String, Set<String>> FOREIGN_KEYS_WITHOUT_TENANT = Map.of(
            "api_tokens", Set.of("api_tokens_user_id_fkey"));
    private static final Set<String> NULLABLE_TENANT = Set.of("app_users", "api_tokens");

    @Test
    void everyTableWithTenantIdHasRowLevelSecurityEnabledAndForced() throws SQLException {
        List<String> offenders = query("""
                select c.relname || ' (enabled=' || c.relrowsecurity || ', forced=' || c.relforcerowsecurity || ')'
                from pg_class c
                join pg_namespace n on n.oid = c.relnamespace
                join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
                where n.nspname = 'public' and c.relkind in ('r', 'p')
                  and not (c.relrowsecurity and c.relforcerowsecurity)
                order by 1""");
        assertThat(offenders).as("tables with tenant_id but without ENABLE + FORCE ROW LEVEL SECURITY").isEmpty();
        assertThat(tenantTables()).as("the foundation tables are found by the catalog query")
                .contains("app_users", "invitations", "audit_events", "api_tokens", "mail_outbox");
    }

    @Test
    void everyTableWithTenantIdHasAPolicyOnTheCurrentTenant() throws SQLException {
        List<String> offenders = new ArrayList<>();
        for (String table : tenantTables()) {
            List<String> policies = query("select coalesce(qual, '') || ' / ' || coalesce(with_check, '') from pg_policies "
                    + "where schemaname = 'public' and tablename = '" + table + "'");
            boolean scoped = !policies.isEmpty() && policies.stream().allMatch(p -> p.contains("gq_current_tenant()"));
            if (!scoped) {
                offenders.add(table + " " + policies);
            }
        }
        assertThat(offenders).as("tables whose policies do not compare with gq_current_tenant()").isEmpty();
        assertThat(query("select relname from pg_class where relname = 'tenants' and relrowsecurity and relforcerowsecurity"))
                .as("the tenants table itself is row-level secured").containsExactly("tenants");
    }

    @Test
    void tenantIdIsNotNullExceptInTheDocumentedTables() throws SQLException {
        List<String> nullable = query("""
                select c.relname from pg_class c
                join pg_namespace n on n.oid = c.relnamespace
                join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
                where n.nspname = 'public' and c.relkind in ('r', 'p') and not a.attnotnull order by 1""");
        assertThat(nullable).as("tables whose tenant_id may be NULL").containsExactlyInAnyOrderElementsOf(NULLABLE_TENANT);
    }

    @Test
    void everyPrimaryKeyAndUniqueKeyOfATenantTableIncludesTenantId() throws SQLException {
        // unique indexes too (a unique index is a unique key without a constraint, e.g. app_users_email_key)
        List<String> rows = query("""
                select c.relname || ' ' || i.relname
                from pg_index x
                join pg_class c on c.oid = x.indrelid
                join pg_class i on i.oid = x.indexrelid
                join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = 'public' and (x.indisunique or x.indisprimary)
                  and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id'
                              and not a.attisdropped)
                  and not exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id'
                                  and a.attnum = any (x.indkey::int2[]))
                order by 1""");
        assertThat(withoutExceptions(rows, KEYS_WITHOUT_TENANT))
                .as("primary/unique keys of tenant tables without tenant_id (table index)").isEmpty();
        // the exception list must stay true: if a listed key disappears, shrink the list
        assertThat(rows).as("the documented exceptions exist as documented")
                .containsExactlyInAnyOrder(flatten(KEYS_WITHOUT_TENANT));
    }

    @Test
    void everyForeignKeyBetweenTenantTablesIncludesTenantId() throws SQLException {
        List<String> rows = query("""
                select c.relname || ' ' || k.conname
                from pg_constraint k
                join pg_class c on c.oid = k.conrelid
                join pg_class r on r.oid = k.confrelid
                join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = 'public' and k.contype = 'f'
                  and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id')
                  and (r.relname = 'tenants'
                       or exists (select 1 from pg_attribute a where a.attrelid = r.oid and a.attname = 'tenant_id'))
                  and not exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id'
                                  and a.attnum = any (k.conkey))
                order by 1""");
        assertThat(withoutExceptions(rows, FOREIGN_KEYS_WITHOUT_TENANT))
                .as("foreign keys between tenant tables without tenant_id (table constraint)").isEmpty();
    }

    private static List<String> withoutExceptions(List<String> rows, Map<String, Set<String>> exceptions) {
        return rows.stream().filter(r -> {
            String[] parts = r.split(" ");
            return !exceptions.getOrDefault(parts[0], Set.of()).contains(parts[1]);
        }).toList();
    }

    private static String[] flatten(Map<String, Set<String>> exceptions) {
        return exceptions.entrySet().stream()
                .flatMap(e -> e.getValue().stream().map(v -> e.getKey() + " " + v)).toArray(String[]::new);
    }

    static List<String> tenantTables() throws SQLException {
        return query("""
                select c.relname from pg_class c
                join pg_namespace n on n.oid = c.relnamespace
                join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
                where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1""");
    }

    static List<String> query(String sql) throws SQLException {
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
