package com.gpuquote.security.internal;

import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.Role;
import com.gpuquote.security.UserId;
import com.gpuquote.tenancy.TenantContext;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Account reads and writes that happen before a user is authenticated: the credential lookup finds the owning
 * tenant, and everything after runs in that tenant's scope only.
 */
@Repository
public class AccountRepository {

    /** Who owns a credential; tenant is empty for platform administrators. */
    public record Owner(UUID userId, Optional<TenantId> tenant, boolean tenantSuspended) {
        TenantContext.Scope scope() {
            return tenant.map(TenantContext.Scope::tenant).orElse(TenantContext.Scope.PLATFORM);
        }
    }

    public static final int MAX_FAILED_ATTEMPTS = 5;
    public static final int LOCK_MINUTES = 15;

    private final JdbcClient jdbc;
    private final TransactionTemplate tx;
    private final Clock clock;

    public AccountRepository(JdbcClient jdbc, PlatformTransactionManager txManager, Clock clock) {
        this.jdbc = jdbc;
        this.tx = new TransactionTemplate(txManager);
        this.clock = clock;
    }

    public Optional<Owner> ownerOfEmail(String email) {
        return TenantContext.runAs(TenantContext.Scope.NONE, () -> tx.execute(s ->
                jdbc.sql("select user_id, tenant_id, tenant_status from gq_login_lookup(?)")
                        .param(email)
                        .query((rs, n) -> owner(rs, "user_id"))
                        .optional()));
    }

    public record TokenOwner(UUID tokenId, Owner owner, Instant expiresAt) {
    }

    public Optional<TokenOwner> ownerOfToken(byte[] tokenHash) {
        return TenantContext.runAs(TenantContext.Scope.NONE, () -> tx.execute(s ->
                jdbc.sql("select token_id, user_id, tenant_id, expires_at from gq_token_owner(?)")
                        .param(tokenHash)
                        .query((rs, n) -> new TokenOwner(rs.getObject("token_id", UUID.class), owner(rs, "user_id"),
                                rs.getTimestamp("expires_at").toInstant()))
                        .optional()));
    }

    public Optional<GpuQuoteUser> load(Owner owner) {
        return TenantContext.runAs(owner.scope(), () -> tx.execute(s ->
                jdbc.sql("""
                                select u.id, u.tenant_id, t.slug, t.name, t.locale, t.status, u.email, u.display_name,
                                       u.roles, u.enabled, u.locked_until, u.password_hash, u.customer_id, u.security_stamp
                                from app_users u left join tenants t on t.id = u.tenant_id
                                where u.id = ?""")
                        .param(owner.userId())
                        .query((rs, n) -> user(rs))
                        .optional()));
    }

    /**
     * Whether a signed-in browser session of this user may go on: the account still exists and is enabled, its tenant
     * (if any) is ACTIVE, and its security stamp is the one the session logged in with (no role, enabled or password
     * change since). One primary-key lookup through the narrow {@code gq_session_check} function, outside any tenant
     * scope and any transaction (autocommit), so it is cheap enough for every request.
     */
    public boolean sessionStillValid(GpuQuoteUser user) {
        return jdbc.sql("select security_stamp, enabled, tenant_status from gq_session_check(?)")
                .param(user.userId().value())
                .query((rs, n) -> rs.getBoolean("enabled")
                        && rs.getInt("security_stamp") == user.securityStamp()
                        && (rs.getString("tenant_status") == null ? user.tenantId().isEmpty()
                        : "ACTIVE".equals(rs.getString("tenant_status"))))
                .optional().orElse(false);
    }

    /** Counts a failed login; the fifth in a row locks the account for 15 minutes. Returns true when it locked. */
    public boolean recordFailure(Owner owner) {
        return Boolean.TRUE.equals(TenantContext.runAs(owner.scope(), () -> tx.execute(s -> {
            Integer attempts = jdbc.sql("""
                            update app_users set failed_attempts = failed_attempts + 1 where id = ?
                            returning failed_attempts""")
                    .param(owner.userId()).query(Integer.class).optional().orElse(0);
            if (attempts >= MAX_FAILED_ATTEMPTS) {
                jdbc.sql("update app_users set failed_attempts = 0, locked_until = now() + make_interval(mins => ?) where id = ?")
                        .param(LOCK_MINUTES).param(owner.userId()).update();
                return true;
            }
            return false;
        })));
    }

    public void recordSuccess(Owner owner) {
        TenantContext.runAs(owner.scope(), () -> tx.executeWithoutResult(s ->
                jdbc.sql("""
                                update app_users set failed_attempts = 0, last_login_at = now()
                                where id = ? and (failed_attempts > 0 or last_login_at is null
                                                  or last_login_at < now() - interval '1 minute')""")
                        .param(owner.userId()).update()));
    }

    public void touchToken(TokenOwner token) {
        TenantContext.runAs(token.owner().scope(), () -> tx.executeWithoutResult(s ->
                jdbc.sql("""
                                update api_tokens set last_used_at = now()
                                where id = ? and (last_used_at is null or last_used_at < now() - interval '1 minute')""")
                        .param(token.tokenId()).update()));
    }

    private static Owner owner(ResultSet rs, String userColumn) throws SQLException {
        UUID tenant = rs.getObject("tenant_id", UUID.class);
        boolean suspended = false;
        try {
            suspended = "SUSPENDED".equals(rs.getString("tenant_status"));
        } catch (SQLException ignored) {
            // the token lookup has no status column; the user load checks the tenant status again
        }
        return new Owner(rs.getObject(userColumn, UUID.class),
                Optional.ofNullable(tenant).map(TenantId::new), suspended);
    }

    /**
     * The principal as loaded now. A failed-login lock counts only while it holds at the application's clock (ADR
     * 1401): the principal carries {@code lockedUntil} only then, so its {@code isAccountNonLocked()} reads no clock.
     */
    private GpuQuoteUser user(ResultSet rs) throws SQLException {
        UUID tenant = rs.getObject("tenant_id", UUID.class);
        Timestamp lockedUntil = rs.getTimestamp("locked_until");
        Instant locked = lockedUntil == null || lockedUntil.toInstant().isBefore(clock.instant())
                ? null : lockedUntil.toInstant();
        boolean tenantActive = tenant == null || "ACTIVE".equals(rs.getString("status"));
        return new GpuQuoteUser(new UserId(rs.getObject("id", UUID.class)),
                tenant == null ? null : new TenantId(tenant),
                rs.getString("slug"), rs.getString("name"), rs.getString("locale"),
                rs.getString("email"), rs.getString("display_name"), roles(rs.getArray("roles")),
                rs.getBoolean("enabled") && tenantActive,
                locked,
                rs.getString("password_hash"), rs.getObject("customer_id", UUID.class), rs.getInt("security_stamp"));
    }

    static Set<Role> roles(Array array) throws SQLException {
        Set<Role> roles = EnumSet.noneOf(Role.class);
        Arrays.stream((String[]) array.getArray()).map(Role::valueOf).forEach(roles::add);
        return roles;
    }
}
