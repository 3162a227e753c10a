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
 * Publications in a window with their row differences against the previous version (same tenant and provider).
 * The window uses the index {@code price_lists_published (tenant_id, published_at)}, the row comparisons the rows'
 * primary key (tenant_id, price_list_id, instance_type, region, billing_mode).
 */
@Repository
public class PriceListChangeRepository {

    private final JdbcClient jdbc;

    PriceListChangeRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public List<PriceListChange> published(TenantId tenant, Instant from, Instant to) {
        return jdbc.sql("""
                        with pub as (
                            select l.tenant_id, l.id, l.name, l.provider, l.version, l.published_at, l.effective_from,
                                   prev.id as prev_id
                            from price_lists l
                            left join price_lists prev on prev.tenant_id = l.tenant_id and prev.provider = l.provider
                                                      and prev.version = l.version - 1
                            where l.tenant_id = :t and l.published_at >= :from and l.published_at < :to
                        )
                        select pub.id, pub.name, pub.provider, pub.version, pub.published_at, pub.effective_from,
                               (select count(*) from price_list_rows r
                                 where r.tenant_id = pub.tenant_id and r.price_list_id = pub.id) as row_count,
                               (select count(*) from price_list_rows r
                                 where r.tenant_id = pub.tenant_id and r.price_list_id = pub.id
                                   and not exists (select 1 from price_list_rows o
                                                    where o.tenant_id = r.tenant_id and o.price_list_id = pub.prev_id
                                                      and o.instance_type = r.instance_type and o.region = r.region
                                                      and o.billing_mode = r.billing_mode)) as added,
                               (select count(*) from price_list_rows o
                                 where o.tenant_id = pub.tenant_id and o.price_list_id = pub.prev_id
                                   and not exists (select 1 from price_list_rows r
                                                    where r.tenant_id = o.tenant_id and r.price_list_id = pub.id
                                                      and r.instance_type = o.instance_type and r.region = o.region
                                                      and r.billing_mode = o.billing_mode)) as removed,
                               (select count(*) from price_list_rows r
                                 join price_list_rows o on o.tenant_id = r.tenant_id and o.price_list_id = pub.prev_id
                                                       and o.instance_type = r.instance_type and o.region = r.region
                                                       and o.billing_mode = r.billing_mode
                                 where r.tenant_id = pub.tenant_id and r.price_list_id = pub.id
                                   and (r.list_price <> o.list_price or r.cost_price <> o.cost_price)) as changed
                        from pub
                        order by pub.published_at desc, pub.provider
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
