package com.gpuquote.tenancy.internal;

import com.gpuquote.tenancy.Tenant;
import com.gpuquote.tenancy.TenantId;
import com.gpuquote.tenancy.TenantSettings;
import com.gpuquote.tenancy.TenantStatus;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

@Repository
public class TenantRepository {
    private static final String COLUMNS =
            "id, slug, name, status, locale, currency, vat_rate, margin_floor_pct, created_at, version, show_floor_price";

    private final JdbcClient jdbc;

    TenantRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public List<Tenant> findAll() {
        return jdbc.sql("select " + COLUMNS + " from tenants order by name").query(TenantRepository::map).list();
    }

    /** Read once per transaction ({@link TransactionReadCache}): the quote pricing and PDF paths ask many times. */
    public Optional<Tenant> find(TenantId id) {
        return TransactionReadCache.get(new CacheKey("tenant", id), () -> jdbc.sql("select " + COLUMNS
                + " from tenants where id = ?").param(id.value()).query(TenantRepository::map).optional());
    }

    private record CacheKey(String what, TenantId id) {
    }

    public Optional<Tenant> findBySlug(String slug) {
        return jdbc.sql("select " + COLUMNS + " from tenants where slug = ?").param(slug)
                .query(TenantRepository::map).optional();
    }

    public void insert(TenantId id, String slug, String name, String locale) {
        TransactionReadCache.evict();
        jdbc.sql("insert into tenants (id, slug, name, locale) values (?, ?, ?, ?)")
                .params(id.value(), slug, name, locale).update();
    }

    public int updateStatus(TenantId id, TenantStatus status) {
        TransactionReadCache.evict();
        return jdbc.sql("update tenants set status = ?, version = version + 1 where id = ?")
                .params(status.name(), id.value()).update();
    }

    public int updateSettings(TenantId id, TenantSettings s) {
        TransactionReadCache.evict();
        return jdbc.sql("""
                        update tenants set name = ?, vat_rate = ?, margin_floor_pct = ?, locale = ?, show_floor_price = ?,
                            version = version + 1
                        where id = ? and version = ?""")
                .params(s.name().trim(), s.vatRate(), s.marginFloorPct(), s.locale(), s.showFloorPrice(), id.value(),
                        s.version())
                .update();
    }

    public Optional<com.gpuquote.tenancy.TenantProfile> profile(TenantId id) {
        return TransactionReadCache.get(new CacheKey("profile", id), () -> jdbc.sql("select legal_name, credit_code, address, phone, bank_name, bank_account from tenants where id = ?")
                .param(id.value())
                .query((rs, n) -> new com.gpuquote.tenancy.TenantProfile(rs.getString("legal_name"),
                        rs.getString("credit_code"), rs.getString("address"), rs.getString("phone"),
                        rs.getString("bank_name"), rs.getString("bank_account")))
                .optional());
    }

    public int updateProfile(TenantId id, com.gpuquote.tenancy.TenantProfile p) {
        TransactionReadCache.evict();
        return jdbc.sql("""
                        update tenants set legal_name = ?, credit_code = ?, address = ?, phone = ?, bank_name = ?,
                            bank_account = ?, version = version + 1
                        where id = ?""")
                .params(p.legalName(), p.creditCode(), p.address(), p.phone(), p.bankName(), p.bankAccount(), id.value())
                .update();
    }

    private static Tenant map(ResultSet rs, int n) throws SQLException {
        return new Tenant(new TenantId(rs.getObject("id", UUID.class)), rs.getString("slug"), rs.getString("name"),
                TenantStatus.valueOf(rs.getString("status")), rs.getString("locale"), rs.getString("currency"),
                rs.getBigDecimal("vat_rate"), rs.getBigDecimal("margin_floor_pct"),
                rs.getTimestamp("created_at").toInstant(), rs.getInt("version"), rs.getBoolean("show_floor_price"));
    }
}
