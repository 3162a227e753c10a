package com.gpuquote.audit.internal;

import com.gpuquote.shared.SqlLike;
import com.gpuquote.audit.AuditEvent;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;

@Repository
public class AuditRepository {
    private final JdbcClient jdbc;

    AuditRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public void insert(TenantId tenant, String actor, String action, String entity, String entityId, String ip,
                       String detailsJson) {
        jdbc.sql("""
                        insert into audit_events (tenant_id, actor, action, entity, entity_id, ip, details)
                        values (?, ?, ?, ?, ?, ?, cast(? as jsonb))""")
                .params(tenant.value(), actor, action, entity, entityId, ip, detailsJson)
                .update();
    }

    /** The platform's own trail (no tenant); RLS lets only a platform administrator's transaction write or read it. */
    public void insertPlatform(String actor, String action, String entity, String entityId, String ip,
                               String detailsJson) {
        jdbc.sql("""
                        insert into platform_audit_events (actor, action, entity, entity_id, ip, details)
                        values (?, ?, ?, ?, ?, cast(? as jsonb))""")
                .params(actor, action, entity, entityId, ip, detailsJson)
                .update();
    }

    public List<AuditEvent> findPlatform(AuditLog.Filter f, int offset, int limit) {
        return find("platform_audit_events", null, f, offset, limit);
    }

    public int countPlatform(AuditLog.Filter f) {
        return count("platform_audit_events", null, f);
    }

    public List<AuditEvent> find(TenantId tenant, AuditLog.Filter f, int offset, int limit) {
        return find("audit_events", tenant, f, offset, limit);
    }

    public int count(TenantId tenant, AuditLog.Filter f) {
        return count("audit_events", tenant, f);
    }

    /** {@link #count(TenantId, AuditLog.Filter)}, but reading at most {@code cap + 1} entries (ADR 1853). */
    public int countUpTo(TenantId tenant, AuditLog.Filter f, int cap) {
        return countUpTo("audit_events", tenant, f, cap);
    }

    /** {@link #countPlatform(AuditLog.Filter)}, but reading at most {@code cap + 1} entries. */
    public int countPlatformUpTo(AuditLog.Filter f, int cap) {
        return countUpTo("platform_audit_events", null, f, cap);
    }

    /** {@code table} is one of the two audit tables named in this class, never user input. */
    private List<AuditEvent> find(String table, TenantId tenant, AuditLog.Filter f, int offset, int limit) {
        List<Object> params = new ArrayList<>();
        String where = where(table, tenant, f, params);
        params.add(limit);
        params.add(offset);
        return jdbc.sql(where.replace("$select", "select id, actor, action, entity, entity_id, at, ip, details::text as details")
                        + " order by at desc, id desc limit ? offset ?")
                .params(params)
                .query((rs, n) -> new AuditEvent(rs.getLong("id"), rs.getString("actor"), rs.getString("action"),
                        rs.getString("entity"), rs.getString("entity_id"), rs.getTimestamp("at").toInstant(),
                        rs.getString("ip"), rs.getString("details")))
                .list();
    }

    private int count(String table, TenantId tenant, AuditLog.Filter f) {
        List<Object> params = new ArrayList<>();
        String where = where(table, tenant, f, params);
        return jdbc.sql(where.replace("$select", "select count(*)")).params(params).query(Integer.class).single();
    }

    /**
     * Counts the matching entries but stops after {@code cap + 1}: the result is exact up to {@code cap}, and
     * {@code cap + 1} means "more than cap". The unfiltered tenant count cannot use an index (the RLS policy has an OR),
     * so the exact count reads every entry of the tenant.
     */
    private int countUpTo(String table, TenantId tenant, AuditLog.Filter f, int cap) {
        List<Object> params = new ArrayList<>();
        String where = where(table, tenant, f, params);
        params.add(cap + 1);
        return jdbc.sql("select count(*) from (" + where.replace("$select", "select 1") + " limit ?) capped")
                .params(params).query(Integer.class).single();
    }

    /**
     * The statement without its select list ({@code $select}) and order: the WHERE clause holds only the filters
     * given, after the tenant. The actor filter ("contains", case-insensitive) is not an {@code ilike} over the trail:
     * under RLS a non-LEAKPROOF operator cannot be an index condition (ADR 1853), so it would read every entry of the
     * tenant. Instead a recursive skip scan lists the trail's distinct actors from the (tenant_id, actor, …) index (one
     * probe per actor: a tenant has dozens), the pattern is applied to those, and the entries are read by
     * {@code actor = any(…)} ({@code texteq} is leakproof, so an index condition).
     */
    private static String where(String table, TenantId tenant, AuditLog.Filter f, List<Object> params) {
        StringBuilder sb = new StringBuilder();
        String tenantCondition = tenant == null ? "true" : "tenant_id = ?";
        if (f.actor() != null && !f.actor().isBlank()) {
            sb.append("with recursive actors(actor) as ((select actor from ").append(table).append(" where ")
                    .append(tenantCondition).append(" order by actor limit 1) union all select (select e.actor from ")
                    .append(table).append(" e where ").append(tenant == null ? "true" : "e.tenant_id = ?")
                    .append(" and e.actor > a.actor order by e.actor limit 1) from actors a where a.actor is not null) ");
            if (tenant != null) {
                params.add(tenant.value());
                params.add(tenant.value());
            }
        }
        sb.append("$select from ").append(table).append(" where ").append(tenantCondition);
        if (tenant != null) {
            params.add(tenant.value());
        }
        if (f.actor() != null && !f.actor().isBlank()) {
            sb.append(" and actor = any(array(select a.actor from actors a where a.actor ilike ?))");
            params.add(SqlLike.contains(f.actor().trim()));
        }
        if (f.action() != null && !f.action().isBlank()) {
            sb.append(" and action = ?");
            params.add(f.action());
        }
        if (f.from() != null) {
            sb.append(" and at >= ?");
            params.add(Timestamp.from(f.from()));
        }
        if (f.to() != null) {
            sb.append(" and at < ?");
            params.add(Timestamp.from(f.to()));
        }
        return sb.toString();
    }
}
