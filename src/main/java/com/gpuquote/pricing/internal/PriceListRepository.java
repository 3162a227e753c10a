package com.gpuquote.pricing.internal;

import com.gpuquote.commercial.Money;
import com.gpuquote.catalog.Provider;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.pricing.CostedUnitPrice;
import com.gpuquote.pricing.PriceKey;
import com.gpuquote.pricing.PriceList;
import com.gpuquote.pricing.PriceListId;
import com.gpuquote.pricing.PriceListStatus;
import com.gpuquote.pricing.PricePoint;
import com.gpuquote.pricing.PriceRow;
import com.gpuquote.security.UserId;
import com.gpuquote.shared.SqlLike;
import com.gpuquote.tenancy.TenantId;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** Price lists and their rows. Every query names the tenant explicitly as well (RLS is the safety net). */
@Repository
public class PriceListRepository {

    private static final String LIST_COLUMNS = """
            l.id, l.name, l.provider, l.currency, l.version, l.status, l.effective_from, l.effective_to, l.sample,
            l.created_by, l.created_at, l.published_at, l.published_by, l.row_version,
            (select count(*) from price_list_rows r where r.tenant_id = l.tenant_id and r.price_list_id = l.id) as row_count
            """;
    private static final String ROW_COLUMNS = "r.provider, r.region, r.instance_type, r.billing_mode, r.list_price, r.cost_price";
    private static final String PUBLISHED_AT_T = """
            l.published_at is not null and l.effective_from <= ? and (l.effective_to is null or l.effective_to > ?)
            """;

    private final JdbcClient jdbc;

    PriceListRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    // ------------------------------------------------------------------ lists

    public void insert(TenantId tenant, PriceListId id, String name, Provider provider, Instant effectiveFrom,
                       boolean sample, UserId createdBy) {
        jdbc.sql("""
                        insert into price_lists (tenant_id, id, name, provider, effective_from, sample, created_by)
                        values (?, ?, ?, ?, ?, ?, ?)""")
                .params(tenant.value(), id.value(), name, provider.code(), ts(effectiveFrom), sample, uuid(createdBy))
                .update();
    }

    public Optional<PriceList> find(TenantId tenant, PriceListId id) {
        return jdbc.sql("select " + LIST_COLUMNS + " from price_lists l where l.tenant_id = ? and l.id = ?")
                .params(tenant.value(), id.value()).query(PriceListRepository::mapList).optional();
    }

    /** Locks the list row until the end of the transaction (writes to a draft and its publish serialise on it). */
    public Optional<PriceList> findForUpdate(TenantId tenant, PriceListId id) {
        jdbc.sql("select 1 from price_lists where tenant_id = ? and id = ? for update")
                .params(tenant.value(), id.value()).query(Integer.class).optional();
        return find(tenant, id);
    }

    public List<PriceList> findAll(TenantId tenant, boolean includeDrafts) {
        String where = includeDrafts ? "" : " and l.published_at is not null";
        return jdbc.sql("select " + LIST_COLUMNS + " from price_lists l where l.tenant_id = ?" + where
                        + " order by l.provider, (l.status = 'DRAFT') desc, l.version desc nulls last, l.created_at desc")
                .param(tenant.value()).query(PriceListRepository::mapList).list();
    }

    /** The published list of the provider whose window holds {@code at}. */
    public Optional<PriceList> inForce(TenantId tenant, Provider provider, Instant at) {
        return jdbc.sql("select " + LIST_COLUMNS + " from price_lists l where l.tenant_id = ? and l.provider = ? and "
                        + PUBLISHED_AT_T)
                .params(tenant.value(), provider.code(), ts(at), ts(at))
                .query(PriceListRepository::mapList).optional();
    }

    /** Published lists of the provider whose window is not over before {@code from}, by start. */
    public List<PriceList> publishedFrom(TenantId tenant, Provider provider, Instant from) {
        return jdbc.sql("select " + LIST_COLUMNS + """
                         from price_lists l where l.tenant_id = ? and l.provider = ? and l.published_at is not null
                         and (l.effective_to is null or l.effective_to > ?) order by l.effective_from""")
                .params(tenant.value(), provider.code(), ts(from)).query(PriceListRepository::mapList).list();
    }

    /** Serialises publishing per (tenant, provider) until the end of the transaction. */
    public void lockProvider(TenantId tenant, Provider provider) {
        jdbc.sql("select pg_advisory_xact_lock(hashtextextended(?, 0))")
                .param("price_lists:" + tenant.value() + ":" + provider.code()).query((rs, n) -> 1).list();
    }

    public int nextVersion(TenantId tenant, Provider provider) {
        return jdbc.sql("select coalesce(max(version), 0) + 1 from price_lists where tenant_id = ? and provider = ?")
                .params(tenant.value(), provider.code()).query(Integer.class).single();
    }

    public void setEffectiveTo(TenantId tenant, PriceListId id, Instant effectiveTo) {
        jdbc.sql("update price_lists set effective_to = ?, row_version = row_version + 1 where tenant_id = ? and id = ?")
                .params(ts(effectiveTo), tenant.value(), id.value()).update();
    }

    public void markPublished(TenantId tenant, PriceListId id, int version, Instant from, Instant to,
                              UserId publishedBy) {
        jdbc.sql("""
                        update price_lists set status = 'PUBLISHED', version = ?, effective_from = ?, effective_to = ?,
                               published_at = now(), published_by = ?, row_version = row_version + 1
                        where tenant_id = ? and id = ? and status = 'DRAFT'""")
                .params(version, ts(from), ts(to), uuid(publishedBy), tenant.value(), id.value()).update();
        recordChanges(tenant, id);
        if (to != null) {
            // issue 39: the list scheduled right after this one now replaces this one, not the list before it
            jdbc.sql("select id from price_lists where tenant_id = ? and published_at is not null and effective_from = ?"
                            + " and provider = (select provider from price_lists where tenant_id = ? and id = ?)")
                    .params(tenant.value(), ts(to), tenant.value(), id.value()).query(UUID.class).list()
                    .forEach(next -> recordChanges(tenant, new PriceListId(next)));
        }
    }

    /**
     * Counts, at publication, the list's rows and how many were added, removed or re-priced against the list it
     * replaced: the provider's published list in force just before it starts (V107's
     * {@code gq_price_list_change_counts}, which the migration's backfill uses too; issue 39). A published list's rows
     * never change again; its predecessor changes only when a list is published to start between the two, which
     * recounts it ({@link #markPublished}).
     */
    private void recordChanges(TenantId tenant, PriceListId id) {
        jdbc.sql("""
                        update price_lists l
                        set (change_rows, change_added, change_removed, change_changed) =
                            (select c.change_rows, c.change_added, c.change_removed, c.change_changed
                             from gq_price_list_change_counts(l.tenant_id, l.id) c)
                        where l.tenant_id = :t and l.id = :id and l.published_at is not null""")
                .param("t", tenant.value()).param("id", id.value())
                .update();
    }

    public void setStatus(TenantId tenant, PriceListId id, PriceListStatus status) {
        jdbc.sql("update price_lists set status = ?, row_version = row_version + 1 where tenant_id = ? and id = ?")
                .params(status.name(), tenant.value(), id.value()).update();
    }

    public void touch(TenantId tenant, PriceListId id) {
        jdbc.sql("update price_lists set row_version = row_version + 1 where tenant_id = ? and id = ?")
                .params(tenant.value(), id.value()).update();
    }

    // ------------------------------------------------------------------ rows

    public List<PriceRow> rows(TenantId tenant, PriceListId id) {
        return jdbc.sql("select " + ROW_COLUMNS + " from price_list_rows r where r.tenant_id = ? and r.price_list_id = ?"
                        + " order by r.instance_type, r.region, r.billing_mode")
                .params(tenant.value(), id.value()).query(PriceListRepository::mapRow).list();
    }

    /**
     * One page of the rows matching a search, in the order of {@link #rows(TenantId, PriceListId)} (no filter given: one page of all rows). The WHERE
     * clause holds only the filters given (ADR 1853).
     *
     * @param text         found anywhere in the instance type or region code, case-insensitive and literally (wildcards
     *                     escaped by {@link SqlLike}); empty for no text filter
     * @param alsoTypes    instance type codes that match the text otherwise (by GPU model); used only with a text
     * @param billingMode  null for every billing mode
     */
    public List<PriceRow> search(TenantId tenant, PriceListId id, String text, Collection<String> alsoTypes,
                                 @Nullable BillingMode billingMode, int offset, int limit) {
        List<Object> params = new ArrayList<>();
        String where = searchWhere(tenant, id, text, alsoTypes, billingMode, params);
        params.add(limit);
        params.add(offset);
        return jdbc.sql("select " + ROW_COLUMNS + " from price_list_rows r where " + where
                        + " order by r.instance_type, r.region, r.billing_mode limit ? offset ?")
                .params(params).query(PriceListRepository::mapRow).list();
    }

    /** How many rows {@link #search} finds in all. */
    public int count(TenantId tenant, PriceListId id, String text, Collection<String> alsoTypes,
                     @Nullable BillingMode billingMode) {
        List<Object> params = new ArrayList<>();
        String where = searchWhere(tenant, id, text, alsoTypes, billingMode, params);
        return jdbc.sql("select count(*) from price_list_rows r where " + where).params(params)
                .query(Integer.class).single();
    }

    private static String searchWhere(TenantId tenant, PriceListId id, String text,
                                      Collection<String> alsoTypes, @Nullable BillingMode billingMode,
                                      List<Object> params) {
        StringBuilder where = new StringBuilder("r.tenant_id = ? and r.price_list_id = ?");
        params.add(tenant.value());
        params.add(id.value());
        if (!text.isEmpty()) {
            String like = SqlLike.contains(text);
            where.append(" and (r.instance_type ilike ? or r.region ilike ?");
            params.add(like);
            params.add(like);
            if (!alsoTypes.isEmpty()) {
                where.append(" or r.instance_type = any (?::text[])");
                params.add(alsoTypes.toArray(String[]::new));
            }
            where.append(")");
        }
        if (billingMode != null) {
            where.append(" and r.billing_mode = ?");
            params.add(billingMode.name());
        }
        return where.toString();
    }

    public void deleteRows(TenantId tenant, PriceListId id) {
        jdbc.sql("delete from price_list_rows where tenant_id = ? and price_list_id = ?")
                .params(tenant.value(), id.value()).update();
    }

    /** One statement for any number of rows (arrays unnested on the server). */
    public void insertRows(TenantId tenant, PriceListId id, Collection<PriceRow> rows) {
        writeRows(tenant, id, rows, "");
    }

    /** Adds the rows, or updates the prices of those whose key is already there; removes none. */
    public void upsertRows(TenantId tenant, PriceListId id, Collection<PriceRow> rows) {
        writeRows(tenant, id, rows, """
                 on conflict (tenant_id, price_list_id, instance_type, region, billing_mode)
                 do update set list_price = excluded.list_price, cost_price = excluded.cost_price""");
    }

    private void writeRows(TenantId tenant, PriceListId id, Collection<PriceRow> rows, String onConflict) {
        if (rows.isEmpty()) {
            return;
        }
        int n = rows.size();
        String[] providers = new String[n];
        String[] types = new String[n];
        String[] regions = new String[n];
        String[] modes = new String[n];
        String[] list = new String[n];
        String[] cost = new String[n];
        int i = 0;
        for (PriceRow row : rows) {
            providers[i] = row.provider().code();
            types[i] = row.instanceType();
            regions[i] = row.region();
            modes[i] = row.billingMode().name();
            list[i] = row.listPrice().toPlainString();
            cost[i] = row.costPrice().toPlainString();
            i++;
        }
        jdbc.sql("""
                        insert into price_list_rows (tenant_id, price_list_id, provider, instance_type, region,
                                                     billing_mode, list_price, cost_price)
                        select ?, ?, u.provider, u.instance_type, u.region, u.billing_mode, u.list_price, u.cost_price
                        from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::numeric[], ?::numeric[])
                             as u (provider, instance_type, region, billing_mode, list_price, cost_price)""" + onConflict)
                .params(tenant.value(), id.value(), providers, types, regions, modes, list, cost).update();
    }

    public void copyRows(TenantId tenant, PriceListId from, PriceListId to) {
        jdbc.sql("""
                        insert into price_list_rows (tenant_id, price_list_id, provider, instance_type, region,
                                                     billing_mode, list_price, cost_price)
                        select tenant_id, ?, provider, instance_type, region, billing_mode, list_price, cost_price
                        from price_list_rows where tenant_id = ? and price_list_id = ?""")
                .params(to.value(), tenant.value(), from.value()).update();
    }

    public void upsertRow(TenantId tenant, PriceListId id, PriceRow row) {
        jdbc.sql("""
                        insert into price_list_rows (tenant_id, price_list_id, provider, instance_type, region,
                                                     billing_mode, list_price, cost_price)
                        values (?, ?, ?, ?, ?, ?, ?, ?)
                        on conflict (tenant_id, price_list_id, instance_type, region, billing_mode)
                        do update set list_price = excluded.list_price, cost_price = excluded.cost_price""")
                .params(tenant.value(), id.value(), row.provider().code(), row.instanceType(), row.region(),
                        row.billingMode().name(), row.listPrice(), row.costPrice())
                .update();
    }

    public int deleteRow(TenantId tenant, PriceListId id, PriceKey key) {
        return jdbc.sql("""
                        delete from price_list_rows where tenant_id = ? and price_list_id = ? and instance_type = ?
                        and region = ? and billing_mode = ?""")
                .params(tenant.value(), id.value(), key.instanceType(), key.region(), key.billingMode().name())
                .update();
    }

    // ------------------------------------------------------------------ prices in force

    public Optional<CostedUnitPrice> priceAt(TenantId tenant, PriceKey key, Instant at) {
        return jdbc.sql("select " + ROW_COLUMNS + ", l.id as list_id, l.version, l.currency"
                        + " from price_list_rows r join price_lists l on l.tenant_id = r.tenant_id and l.id = r.price_list_id"
                        + " where l.tenant_id = ? and l.provider = ? and " + PUBLISHED_AT_T
                        + " and r.instance_type = ? and r.region = ? and r.billing_mode = ?")
                .params(tenant.value(), key.provider().code(), ts(at), ts(at), key.instanceType(), key.region(),
                        key.billingMode().name())
                .query(PriceListRepository::mapCosted).optional();
    }

    /** @param region null for every region */
    public List<CostedUnitPrice> pricesAt(TenantId tenant, Provider provider, String region, Set<BillingMode> modes,
                                          Instant at) {
        String[] modeNames = modes.stream().map(Enum::name).toArray(String[]::new);
        // the region condition only when a region is given: no catch-all "cast(? as text) is null or …" (issue 18)
        String sql = "select " + ROW_COLUMNS + ", l.id as list_id, l.version, l.currency"
                + " from price_list_rows r join price_lists l on l.tenant_id = r.tenant_id and l.id = r.price_list_id"
                + " where l.tenant_id = ? and l.provider = ? and " + PUBLISHED_AT_T
                + " and r.tenant_id = ?" + (region == null ? "" : " and r.region = ?")
                + " and r.billing_mode = any (?::text[])";
        List<Object> params = new ArrayList<>(List.of(tenant.value(), provider.code(), ts(at), ts(at), tenant.value()));
        if (region != null) {
            params.add(region);
        }
        params.add(modeNames);
        return jdbc.sql(sql).params(params).query(PriceListRepository::mapCosted).list();
    }

    /** {@link #pricesAt} of one region for the given instance types only (the primary key serves it). */
    public List<CostedUnitPrice> pricesAt(TenantId tenant, Provider provider, String region, Set<BillingMode> modes,
                                          Instant at, List<String> instanceTypes) {
        String[] modeNames = modes.stream().map(Enum::name).toArray(String[]::new);
        return jdbc.sql("select " + ROW_COLUMNS + ", l.id as list_id, l.version, l.currency"
                        + " from price_list_rows r join price_lists l on l.tenant_id = r.tenant_id and l.id = r.price_list_id"
                        + " where l.tenant_id = ? and l.provider = ? and " + PUBLISHED_AT_T
                        + " and r.tenant_id = ? and r.instance_type = any (?::text[]) and r.region = ?"
                        + " and r.billing_mode = any (?::text[])")
                .params(tenant.value(), provider.code(), ts(at), ts(at), tenant.value(),
                        instanceTypes.toArray(String[]::new), region, modeNames)
                .query(PriceListRepository::mapCosted).list();
    }

    public List<PricePoint> history(TenantId tenant, Provider provider, String instanceType) {
        return jdbc.sql("""
                        select r.region, r.billing_mode, r.list_price, l.id as list_id, l.version, l.effective_from,
                               l.effective_to
                        from price_list_rows r join price_lists l on l.tenant_id = r.tenant_id and l.id = r.price_list_id
                        where l.tenant_id = ? and l.provider = ? and l.published_at is not null and r.instance_type = ?
                        order by l.effective_from, r.region, r.billing_mode""")
                .params(tenant.value(), provider.code(), instanceType)
                .query((rs, n) -> new PricePoint(rs.getString("region"), BillingMode.valueOf(rs.getString("billing_mode")),
                        rs.getBigDecimal("list_price"), new PriceListId(rs.getObject("list_id", UUID.class)),
                        rs.getInt("version"), instant(rs, "effective_from"), instant(rs, "effective_to")))
                .list();
    }

    // ------------------------------------------------------------------ mapping

    private static PriceList mapList(ResultSet rs, int n) throws SQLException {
        Integer version = (Integer) rs.getObject("version");
        UUID createdBy = rs.getObject("created_by", UUID.class);
        UUID publishedBy = rs.getObject("published_by", UUID.class);
        return new PriceList(new PriceListId(rs.getObject("id", UUID.class)), rs.getString("name"),
                Provider.valueOf(rs.getString("provider")), rs.getString("currency"), version,
                PriceListStatus.valueOf(rs.getString("status")), instant(rs, "effective_from"),
                instant(rs, "effective_to"), rs.getBoolean("sample"),
                createdBy == null ? null : new UserId(createdBy), instant(rs, "created_at"),
                instant(rs, "published_at"), publishedBy == null ? null : new UserId(publishedBy),
                rs.getInt("row_version"), rs.getInt("row_count"));
    }

    private static PriceRow mapRow(ResultSet rs, int n) throws SQLException {
        return new PriceRow(Provider.valueOf(rs.getString("provider")), rs.getString("region"),
                rs.getString("instance_type"), BillingMode.valueOf(rs.getString("billing_mode")),
                rs.getBigDecimal("list_price"), rs.getBigDecimal("cost_price"), Money.CURRENCY);
    }

    private static CostedUnitPrice mapCosted(ResultSet rs, int n) throws SQLException {
        PriceKey key = new PriceKey(Provider.valueOf(rs.getString("provider")), rs.getString("instance_type"),
                rs.getString("region"), BillingMode.valueOf(rs.getString("billing_mode")));
        return new CostedUnitPrice(key, rs.getBigDecimal("list_price"), rs.getBigDecimal("cost_price"),
                rs.getString("currency"), new PriceListId(rs.getObject("list_id", UUID.class)), rs.getInt("version"));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
        return t == null ? null : t.toInstant();
    }

    private static OffsetDateTime ts(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }

    private static UUID uuid(UserId id) {
        return id == null ? null : id.value();
    }
}
