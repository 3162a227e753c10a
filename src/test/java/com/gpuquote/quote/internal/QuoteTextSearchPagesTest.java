package com.gpuquote.quote.internal;

import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.quote.AsUser;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteSearch;
import com.gpuquote.quote.QuoteSummary;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A text search's page is the same whichever way the repository reads it (ADR 1853): with many matches it walks the
 * list index newest first (more than 20 × (offset + limit) matches), with few it fetches the matches and sorts them.
 * 45 quotes of a customer named "深度…" and 10 of another customer: pages of one quote walk for the first two offsets
 * and fetch after that; every page must be the slice of the full list (newest first), in both tenants, and only the
 * matching quotes.
 */
class QuoteTextSearchPagesTest extends IntegrationTest {

    private static final java.util.concurrent.atomic.AtomicInteger NUMBERS = new java.util.concurrent.atomic.AtomicInteger();

    @Autowired
    TestTenants tenants;
    @Autowired
    AsUser as;
    @Autowired
    QuoteQueries quoteQueries;

    @Test
    void everyPageIsTheSliceOfTheFullListWhicheverWayItIsRead() throws SQLException {
        for (int round = 0; round < 2; round++) {
            TestTenants.TestTenant t = tenants.create();
            List<UUID> matching = seed(t, "深度科技 " + round, 45, 0);
            List<UUID> nordic = seed(t, "Nordic Cloud " + round, 10, 0);
            List<UUID> atlas = seed(t, "Atlas AI " + round, 1, 100);
            as.run(t.adminEmail(), () -> {
                QuoteSearch search = new QuoteSearch(null, null, null, null, null, " 深度 ", false);
                assertThat(quoteQueries.count(search)).isEqualTo(45);
                List<UUID> all = ids(quoteQueries.search(search, 0, 100));
                // newest first: the seed made quote i one minute older than quote i - 1
                assertThat(all).containsExactlyElementsOf(matching);
                for (int offset = 0; offset < 6; offset++) {
                    assertThat(ids(quoteQueries.search(search, offset, 1))).as("page at offset " + offset)
                            .containsExactly(all.get(offset));
                }
                assertThat(ids(quoteQueries.search(search, 1, 2))).containsExactlyElementsOf(all.subList(1, 3));
                assertThat(ids(quoteQueries.search(search, 44, 1))).containsExactly(all.get(44));
                assertThat(quoteQueries.search(search, 45, 1)).isEmpty();
                // the lower-case Latin term and another filter (only the latest versions) take the same two paths
                QuoteSearch latin = new QuoteSearch(null, null, null, null, null, "cL", true);
                assertThat(ids(quoteQueries.search(latin, 0, 1))).hasSize(1).isSubsetOf(
                        ids(quoteQueries.search(latin, 0, 100)));
                assertThat(quoteQueries.count(latin)).isEqualTo(10);
                // short terms (one or two characters) look in the list's head first (every page there is full) and
                // read the usual way when the head is short of matches: "深" interleaves with Nordic's quotes, "No"
                // matches only Nordic's ten, "At" only the oldest quote of all
                QuoteSearch shortTerm = new QuoteSearch(null, null, null, null, null, "深", false);
                for (int offset = 0; offset < 46; offset += 5) {
                    assertThat(ids(quoteQueries.search(shortTerm, offset, 5))).as("深 at offset " + offset)
                            .containsExactlyElementsOf(all.subList(Math.min(offset, 45), Math.min(offset + 5, 45)));
                }
                QuoteSearch no = new QuoteSearch(null, null, null, null, null, "nO", false);
                assertThat(ids(quoteQueries.search(no, 0, 100))).containsExactlyElementsOf(nordic);
                for (int offset = 0; offset < 10; offset++) {
                    assertThat(ids(quoteQueries.search(no, offset, 1))).as("nO at offset " + offset)
                            .containsExactly(nordic.get(offset));
                }
                QuoteSearch at = new QuoteSearch(null, null, null, null, null, "At", false);
                assertThat(ids(quoteQueries.search(at, 0, 1))).containsExactlyElementsOf(atlas);
                assertThat(quoteQueries.search(at, 1, 1)).isEmpty();
            });
        }
    }

    private static List<UUID> ids(List<QuoteSummary> quotes) {
        return quotes.stream().map(q -> q.id().value()).toList();
    }

    /**
     * A customer, one project and {@code quotes} quotes of the tenant's admin, the first the newest, created
     * {@code olderBy} minutes and more ago; their ids.
     */
    private static List<UUID> seed(TestTenants.TestTenant t, String customerName, int quotes, int olderBy)
            throws SQLException {
        UUID tenant = t.tenant().id().value();
        UUID customer = UUID.randomUUID();
        UUID project = UUID.randomUUID();
        List<UUID> ids = new ArrayList<>();
        try (Connection c = TestDatabase.adminConnection()) {
            exec(c, "insert into customers (tenant_id, id, name) values (?, ?, ?)", tenant, customer, customerName);
            exec(c, "insert into projects (tenant_id, id, customer_id, name) values (?, ?, ?, 'LLM 推理')",
                    tenant, project, customer);
            for (int i = 0; i < quotes; i++) {
                UUID id = UUID.randomUUID();
                exec(c, "insert into quotes (tenant_id, id, number, version, status, project_id, author_id, "
                        + "valid_until, created_at) values (?, ?, ?, 1, 'DRAFT', ?, (select id from app_users "
                        + "where tenant_id = ? and email = ?), current_date + 30, now() - ? * interval '1 minute')",
                        tenant, id, "Q-2026-" + String.format("%06d", NUMBERS.incrementAndGet()), project, tenant,
                        t.adminEmail(), olderBy + i);
                ids.add(id);
            }
        }
        return ids;
    }

    private static void exec(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                st.setObject(i + 1, params[i]);
            }
            st.executeUpdate();
        }
    }
}
