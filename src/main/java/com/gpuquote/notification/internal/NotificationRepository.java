package com.gpuquote.notification.internal;

import com.gpuquote.security.UserId;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

@Repository
public class NotificationRepository {
    public record Row(UUID id, String kind, String paramsJson, String link, Instant createdAt, Instant readAt) {
    }

    public record MailTarget(String email, String locale) {
    }

    private final JdbcClient jdbc;

    NotificationRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public void insert(TenantId tenant, UUID id, UserId user, String kind, String paramsJson, String link) {
        jdbc.sql("insert into notifications (tenant_id, id, user_id, kind, params, link) values (?, ?, ?, ?, cast(? as jsonb), ?)")
                .params(tenant.value(), id, user.value(), kind, paramsJson, link).update();
    }

    public Optional<MailTarget> emailAndLocale(TenantId tenant, UserId user) {
        return jdbc.sql("select u.email, t.locale from app_users u join tenants t on t.id = u.tenant_id "
                        + "where u.tenant_id = ? and u.id = ? and u.enabled")
                .params(tenant.value(), user.value())
                .query((rs, n) -> new MailTarget(rs.getString(1), rs.getString(2))).optional();
    }

    public List<Row> forUser(TenantId tenant, UserId user, int limit) {
        return jdbc.sql("select id, kind, params::text, link, created_at, read_at from notifications "
                        + "where tenant_id = ? and user_id = ? order by created_at desc limit ?")
                .params(tenant.value(), user.value(), limit)
                .query((rs, n) -> new Row(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3), rs.getString(4),
                        rs.getTimestamp(5).toInstant(), ts(rs.getTimestamp(6))))
                .list();
    }

    public int unreadCount(TenantId tenant, UserId user) {
        return jdbc.sql("select count(*) from notifications where tenant_id = ? and user_id = ? and read_at is null")
                .params(tenant.value(), user.value()).query(Integer.class).single();
    }

    public void markAllRead(TenantId tenant, UserId user) {
        jdbc.sql("update notifications set read_at = now() where tenant_id = ? and user_id = ? and read_at is null")
                .params(tenant.value(), user.value()).update();
    }

    public void markRead(TenantId tenant, UserId user, UUID id) {
        jdbc.sql("update notifications set read_at = now() where tenant_id = ? and user_id = ? and id = ? and read_at is null")
                .params(tenant.value(), user.value(), id).update();
    }

    /** Deletes the notifications of these kinds that link to {@code link}; returns whose they were. */
    public List<UUID> deleteByLink(TenantId tenant, String link, List<String> kinds) {
        return jdbc.sql("delete from notifications where tenant_id = ? and link = ? and kind = any(?) returning user_id")
                .params(tenant.value(), link, kinds.toArray(String[]::new))
                .query((rs, n) -> rs.getObject(1, UUID.class)).list();
    }

    private static Instant ts(Timestamp t) {
        return t == null ? null : t.toInstant();
    }
}
