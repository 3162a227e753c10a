package com.gpuquote.tenancy.internal;

import com.gpuquote.tenancy.TenantId;
import com.gpuquote.tenancy.TenantLogo;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.util.Optional;

/** tenant_logos: one row per tenant (row-level secured on the tenant). */
@Repository
public class TenantLogoRepository {

    private final JdbcClient jdbc;

    TenantLogoRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public Optional<TenantLogo> find(TenantId tenant) {
        return jdbc.sql("""
                        select content_type, bytes, sha256, width, height, updated_at, updated_by
                        from tenant_logos where tenant_id = ?""")
                .param(tenant.value())
                .query((rs, n) -> new TenantLogo(rs.getString("content_type"), rs.getBytes("bytes"),
                        rs.getString("sha256"), rs.getInt("width"), rs.getInt("height"),
                        rs.getTimestamp("updated_at").toInstant(), rs.getString("updated_by")))
                .optional();
    }

    /** The logo's digest and type without its bytes: [sha256, content_type]. */
    public Optional<String[]> digest(TenantId tenant) {
        return jdbc.sql("select sha256, content_type from tenant_logos where tenant_id = ?").param(tenant.value())
                .query((rs, n) -> new String[]{rs.getString(1), rs.getString(2)}).optional();
    }

    public void upsert(TenantId tenant, String contentType, byte[] bytes, String sha256, int width, int height,
                       String updatedBy) {
        jdbc.sql("""
                        insert into tenant_logos (tenant_id, content_type, bytes, sha256, width, height, updated_at, updated_by)
                        values (?, ?, ?, ?, ?, ?, now(), ?)
                        on conflict (tenant_id) do update set content_type = excluded.content_type,
                            bytes = excluded.bytes, sha256 = excluded.sha256, width = excluded.width,
                            height = excluded.height, updated_at = excluded.updated_at, updated_by = excluded.updated_by""")
                .params(tenant.value(), contentType, bytes, sha256, width, height, updatedBy)
                .update();
    }

    public int delete(TenantId tenant) {
        return jdbc.sql("delete from tenant_logos where tenant_id = ?").param(tenant.value()).update();
    }
}
