package com.gpuquote;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Indexes for the queries that run (issue 14), read from pg_catalog after the application has migrated, so that
 * tables added later are held to the same rules.
 */
class DatabaseIndexesTest extends IntegrationTest {

    /** "Who did it" columns (V52): accounts are disabled, never deleted, and no screen searches by them. */
    private static final String ACTOR_COLUMNS = "'created_by', 'updated_by', 'published_by', 'approved_by', 'revoked_by'";

    /**
     * A foreign key without an index whose leading columns are its columns makes every delete or key update of the
     * referenced row scan the referencing table, and the joins along it scan too.
     */
    @Test
    void everyForeignKeyHasAnIndexLeadingWithItsColumns() throws SQLException {
        List<String> offenders = query("""
                select c.conrelid::regclass::text || '.' || c.conname || ' (' ||
                       (select string_agg(a.attname, ', ' order by k.ord)
                        from unnest(c.conkey) with ordinality k(attnum, ord)
                        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum) || ')'
                from pg_constraint c
                where c.contype = 'f' and c.connamespace = 'public'::regnamespace
                  and not exists (
                      select 1 from pg_attribute a where a.attrelid = c.conrelid and a.attnum = c.conkey[cardinality(c.conkey)]
                        and a.attname in (%s))
                  and not exists (
                      select 1 from pg_index i
                      -- a partial index "where <fk column> is not null" serves every lookup of a key value
                      where i.indrelid = c.conrelid
                        and (i.indpred is null or pg_get_expr(i.indpred, i.indrelid) ~ '^\\(?[a-z_]+ IS NOT NULL\\)?$')
                        and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] @> c.conkey
                        and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] <@ c.conkey)
                order by 1""".formatted(ACTOR_COLUMNS));
        assertThat(offenders).as("foreign keys whose columns lead no index").isEmpty();
    }

    @Test
    void theListQueriesHaveTheirIndexes() throws SQLException {
        assertThat(leadingColumns("quotes")).as("quote lists by tenant, newest first").contains("tenant_id, created_at");
        assertThat(leadingColumns("project_sizing_runs")).as("a project's saved sizing runs")
                .anyMatch(c -> c.startsWith("tenant_id, project_id"));
        assertThat(leadingColumns("notifications")).as("a user's notifications").contains("tenant_id, user_id, created_at");
        assertThat(query("""
                select pg_get_expr(i.indpred, i.indrelid) from pg_index i
                where i.indrelid = 'mail_outbox'::regclass and i.indpred is not null"""))
                .as("a partial index on the unsent outbox rows the sender polls")
                .anyMatch(p -> p.contains("sent_at IS NULL"));
    }

    /** The key columns of each index of {@code table} (INCLUDE columns are carried, not ordered by). */
    private static List<String> leadingColumns(String table) throws SQLException {
        return query("""
                select (select string_agg(a.attname, ', ' order by k.ord)
                        from unnest(string_to_array(i.indkey::text, ' ')::int2[]) with ordinality k(attnum, ord)
                        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
                        where k.ord <= i.indnkeyatts)
                from pg_index i where i.indrelid = '%s'::regclass""".formatted(table));
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
