package com.gpuquote.user.internal;

import com.gpuquote.security.Role;
import com.gpuquote.security.UserId;
import com.gpuquote.tenancy.TenantId;
import com.gpuquote.user.Invitation;
import com.gpuquote.user.InvitationId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

@Repository
public class InvitationRepository {
    public record Owner(UUID invitationId, TenantId tenantId) {
    }

    private static final String COLUMNS =
            "id, email, display_name, roles, created_at, expires_at, accepted_at, revoked_at";

    private final JdbcClient jdbc;

    InvitationRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public Optional<Owner> ownerOf(byte[] tokenHash) {
        return jdbc.sql("select invitation_id, tenant_id from gq_invitation_lookup(?)").param(tokenHash)
                .query((rs, n) -> new Owner(rs.getObject(1, UUID.class), new TenantId(rs.getObject(2, UUID.class))))
                .optional();
    }

    public void insert(TenantId tenant, UUID id, String email, String displayName, Set<Role> roles, byte[] tokenHash,
                       UUID invitedBy, Instant expiresAt) {
        insert(tenant, id, email, displayName, roles, tokenHash, invitedBy, expiresAt, null);
    }

    /** {@code customerId}: set for invitations of customer contacts (CUSTOMER role) only. */
    public void insert(TenantId tenant, UUID id, String email, String displayName, Set<Role> roles, byte[] tokenHash,
                       UUID invitedBy, Instant expiresAt, UUID customerId) {
        jdbc.sql("""
                        insert into invitations (tenant_id, id, email, display_name, roles, token_hash, invited_by,
                                                 expires_at, customer_id)
                        values (?, ?, ?, ?, ?, ?, ?, ?, ?)""")
                .params(tenant.value(), id, email, displayName, UserRepository.roleArray(roles), tokenHash, invitedBy,
                        Timestamp.from(expiresAt), customerId)
                .update();
    }

    public Optional<UUID> customerOf(TenantId tenant, UUID id) {
        return jdbc.sql("select customer_id from invitations where tenant_id = ? and id = ? and customer_id is not null")
                .params(tenant.value(), id).query(UUID.class).optional();
    }

    public Optional<Invitation> find(TenantId tenant, UUID id) {
        return jdbc.sql("select " + COLUMNS + " from invitations where tenant_id = ? and id = ?")
                .params(tenant.value(), id).query(InvitationRepository::map).optional();
    }

    /** Open invitations not yet expired at {@code now} (the application's clock, ADR 1401). */
    public List<Invitation> findPending(TenantId tenant, Instant now) {
        return jdbc.sql("select " + COLUMNS + " from invitations where tenant_id = ? and accepted_at is null "
                        + "and revoked_at is null and expires_at > ? order by created_at desc")
                .params(tenant.value(), Timestamp.from(now)).query(InvitationRepository::map).list();
    }

    /**
     * Single use: only the first caller flips accepted_at, and only while the invitation has not expired at
     * {@code now} (the application's clock, ADR 1401); accepted_at itself is the database's record time.
     */
    public int markAccepted(TenantId tenant, UUID id, Instant now) {
        return jdbc.sql("update invitations set accepted_at = now() where tenant_id = ? and id = ? "
                        + "and accepted_at is null and revoked_at is null and expires_at > ?")
                .params(tenant.value(), id, Timestamp.from(now)).update();
    }

    public void linkUser(TenantId tenant, UUID id, UserId user) {
        jdbc.sql("update invitations set user_id = ? where tenant_id = ? and id = ?")
                .params(user.value(), tenant.value(), id).update();
    }

    public int revoke(TenantId tenant, UUID id) {
        return jdbc.sql("update invitations set revoked_at = now() where tenant_id = ? and id = ? and accepted_at is null "
                + "and revoked_at is null").params(tenant.value(), id).update();
    }

    public String tenantName(TenantId tenant) {
        return jdbc.sql("select name from tenants where id = ?").param(tenant.value()).query(String.class).single();
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }

    private static Invitation map(ResultSet rs, int n) throws SQLException {
        return new Invitation(new InvitationId(rs.getObject("id", UUID.class)), rs.getString("email"), rs.getString("display_name"),
                UserRepository.roles(rs.getArray("roles")), instant(rs.getTimestamp("created_at")),
                instant(rs.getTimestamp("expires_at")), instant(rs.getTimestamp("accepted_at")),
                instant(rs.getTimestamp("revoked_at")));
    }
}
