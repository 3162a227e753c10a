package com.gpuquote.pricing.internal;

import com.gpuquote.catalog.Provider;
import com.gpuquote.pricing.PriceListChange;
import com.gpuquote.pricing.PriceListId;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Publications in a window with their row differences against the previous version (same tenant and provider),
 * counted once at publication ({@code PriceListRepository.markPublished}, V84). The window uses the index
 * {@code price_lists_published (tenant_id, published_at)}.
 */
@Repository
public class PriceListChangeRepository {

    private final JdbcClient jdbc;

    PriceListChangeRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public List<PriceListChange> published(TenantId tenant, Instant from, Instant to) {
        return jdbc.sql("""
                        select l.id, l.name, l.provider, l.version, l.published_at, l.effective_from,
                               l.change_rows as row_count, l.change_added as added, l.change_removed as removed,
                               l.change_changed as changed
                        from price_lists l
                        where l.tenant_id = :t and l.published_at >= :from and l.published_at < :to
                        order by l.published_at desc, l.provider
                        """)
                .param("t", tenant.value())
                .param("from", Timestamp.from(from))
                .param("to", Timestamp.from(to))
                .query((rs, n) -> new PriceListChange(new PriceListId(rs.getObject("id", UUID.class)),
                        rs.getString("name"), Provider.valueOf(rs.getString("provider")), rs.getInt("version"),
                        rs.getTimestamp("published_at").toInstant(), rs.getTimestamp("effective_from").toInstant(),
                        rs.getInt("row_count"), rs.getInt("added"), rs.getInt("removed"), rs.getInt("changed")))
                .list();
    }
}
