package com.gpuquote.quote.internal;

import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

/**
 * The dashboard's read of quotes: current versions (not SUPERSEDED) created in a window, optionally of one author,
 * with their pricing snapshot. Served by the index {@code quotes_created (tenant_id, created_at)}.
 */
@Repository
public class QuoteFiguresRepository {

    public record Row(UUID id, String number, int version, String status, LocalDate validUntil, Instant createdAt,
                      UUID authorId, String authorName, UUID customerId, String customerName, String pricing) {
    }

    private final JdbcClient jdbc;

    QuoteFiguresRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Current versions created in [from, to), oldest first. */
    public List<Row> created(TenantId tenant, Instant from, Instant to, UUID author) {
        return jdbc.sql("""
                        select q.id, q.number, q.version, q.status, q.valid_until, q.created_at, q.author_id,
                               au.display_name as author_name, p.customer_id, c.name as customer_name,
                               q.pricing::text as pricing
                        from quotes q
                        join projects p on p.tenant_id = q.tenant_id and p.id = q.project_id
                        join customers c on c.tenant_id = p.tenant_id and c.id = p.customer_id
                        left join app_users au on au.tenant_id = q.tenant_id and au.id = q.author_id
                        where q.tenant_id = :t and q.status <> 'SUPERSEDED'
                          and q.created_at >= :from and q.created_at < :to
                        """ + (author == null ? "" : " and q.author_id = :author") + " order by q.created_at, q.number")
                .param("t", tenant.value())
                .param("from", Timestamp.from(from))
                .param("to", Timestamp.from(to))
                .params(author == null ? java.util.Map.of() : java.util.Map.of("author", author))
                .query((rs, n) -> new Row(rs.getObject("id", UUID.class), rs.getString("number"), rs.getInt("version"),
                        rs.getString("status"), rs.getObject("valid_until", LocalDate.class),
                        rs.getTimestamp("created_at").toInstant(), rs.getObject("author_id", UUID.class),
                        rs.getString("author_name"), rs.getObject("customer_id", UUID.class),
                        rs.getString("customer_name"), rs.getString("pricing")))
                .list();
    }

    /**
     * Per tenant: quotes (current versions) and the latest change of any of them. Through the SECURITY DEFINER
     * function {@code gq_platform_quote_counts} (counts only, platform administrators only; ADR 1750).
     */
    public List<TenantQuoteCount> countsPerTenant() {
        return jdbc.sql("select tenant_id, quote_count, last_change from gq_platform_quote_counts()")
                .query((rs, n) -> new TenantQuoteCount(rs.getObject("tenant_id", UUID.class), rs.getInt("quote_count"),
                        rs.getTimestamp("last_change") == null ? null : rs.getTimestamp("last_change").toInstant()))
                .list();
    }

    public record TenantQuoteCount(UUID tenantId, int quotes, Instant lastChange) {
    }
}
