package com.gpuquote.user.internal;

import com.gpuquote.tenancy.TenantId;
import com.gpuquote.user.TenantUserActivity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.util.List;
import java.util.UUID;

/**
 * User counts per tenant for the platform dashboard. Platform administrators see every tenant's users under RLS
 * already (policy {@code app_users_access}); only counts and the latest sign-in leave this query.
 */
@Repository
public class UserActivityRepository {

    private final JdbcClient jdbc;

    UserActivityRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public List<TenantUserActivity> perTenant() {
        return jdbc.sql("""
                        select tenant_id, count(*) as users, count(*) filter (where enabled) as enabled_users,
                               max(last_login_at) as last_login
                        from app_users where tenant_id is not null
                        group by tenant_id""")
                .query((rs, n) -> new TenantUserActivity(new TenantId(rs.getObject("tenant_id", UUID.class)),
                        rs.getInt("users"), rs.getInt("enabled_users"),
                        rs.getTimestamp("last_login") == null ? null : rs.getTimestamp("last_login").toInstant()))
                .list();
    }
}
