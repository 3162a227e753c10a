package com.gpuquote.user.internal;

import com.gpuquote.shared.SqlLike;
import com.gpuquote.security.Role;
import com.gpuquote.security.UserId;
import com.gpuquote.tenancy.TenantId;
import com.gpuquote.security.Colleague;
import com.gpuquote.user.UserAccount;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

@Repository
public class UserRepository {
    private static final String COLUMNS =
            "id, email, display_name, roles, enabled, locked_until, last_login_at, created_at, version";

    private final JdbcClient jdbc;

    UserRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public List<UserAccount> findInTenant(TenantId tenant, String search, int offset, int limit) {
        String q = norm(search);
        var spec = jdbc.sql("select " + COLUMNS + " from app_users where tenant_id = :t" + matching(q)
                        + " order by email limit :limit offset :offset")
                .param("t", tenant.value()).param("limit", limit).param("offset", offset);
        return withTerm(spec, q).query(UserRepository::map).list();
    }

    public int countInTenant(TenantId tenant, String search) {
        String q = norm(search);
        var spec = jdbc.sql("select count(*) from app_users where tenant_id = :t" + matching(q))
                .param("t", tenant.value());
        return withTerm(spec, q).query(Integer.class).single();
    }

    /** The name/email condition only when there is a term: no catch-all {@code :q = '' or …} for the planner. */
    private static String matching(String term) {
        return term.isEmpty() ? "" : " and (email ilike :like or display_name ilike :like)";
    }

    private static JdbcClient.StatementSpec withTerm(JdbcClient.StatementSpec spec, String term) {
        return term.isEmpty() ? spec : spec.param("like", SqlLike.contains(term));
    }

    private static final String STAFF = "enabled and roles && array['CONSULTANT', 'TENANT_ADMIN']::text[]";

    /** Enabled consultants and tenant admins of the tenant, by display name. */
    public List<Colleague> findStaff(TenantId tenant, String search, int offset, int limit) {
        String q = norm(search);
        var spec = jdbc.sql("select id, display_name, email from app_users where tenant_id = :t and " + STAFF
                        + matching(q) + " order by lower(display_name), email limit :limit offset :offset")
                .param("t", tenant.value()).param("limit", limit).param("offset", offset);
        return withTerm(spec, q).query(UserRepository::colleague).list();
    }

    public Optional<Colleague> findStaff(TenantId tenant, UserId id) {
        return jdbc.sql("select id, display_name, email from app_users where tenant_id = ? and id = ? and " + STAFF)
                .params(tenant.value(), id.value()).query(UserRepository::colleague).optional();
    }

    private static Colleague colleague(ResultSet rs, int n) throws SQLException {
        return new Colleague(new UserId(rs.getObject("id", UUID.class)), rs.getString("display_name"),
                rs.getString("email"));
    }

    /** Enabled accounts of the tenant that hold the role, by email. */
    public List<UserId> enabledWithRole(TenantId tenant, Role role) {
        return jdbc.sql("select id from app_users where tenant_id = ? and enabled and ? = any (roles) order by email")
                .params(tenant.value(), role.name())
                .query((rs, n) -> new UserId(rs.getObject(1, UUID.class))).list();
    }

    public Map<UserId, String> displayNames(TenantId tenant, Collection<UserId> ids) {
        Map<UserId, String> names = new HashMap<>();
        jdbc.sql("select id, display_name from app_users where tenant_id = ? and id = any(?)")
                .params(tenant.value(), ids.stream().map(UserId::value).toArray(UUID[]::new))
                .query((rs, n) -> Map.entry(new UserId(rs.getObject(1, UUID.class)), rs.getString(2))).list()
                .forEach(e -> names.put(e.getKey(), e.getValue()));
        return names;
    }

    public Optional<UserAccount> find(TenantId tenant, UserId id) {
        return jdbc.sql("select " + COLUMNS + " from app_users where tenant_id = ? and id = ?")
                .params(tenant.value(), id.value()).query(UserRepository::map).optional();
    }

    /** Across all tenants (through the credential lookup): emails are unique platform-wide. */
    public boolean emailExists(String email) {
        return jdbc.sql("select exists (select 1 from gq_login_lookup(?))").param(email.trim())
                .query(Boolean.class).single();
    }

    public boolean platformAdminExists() {
        return jdbc.sql("select exists (select 1 from app_users where 'PLATFORM_ADMIN' = any (roles))")
                .query(Boolean.class).single();
    }

    public void insert(TenantId tenant, UserId id, String email, String displayName, Set<Role> roles, String hash) {
        insert(tenant, id, email, displayName, roles, hash, null);
    }

    /** {@code customerId}: set for CUSTOMER users only (the one customer they belong to). */
    public void insert(TenantId tenant, UserId id, String email, String displayName, Set<Role> roles, String hash,
                       UUID customerId) {
        jdbc.sql("""
                        insert into app_users (id, tenant_id, email, display_name, roles, password_hash, customer_id)
                        values (?, ?, ?, ?, ?, ?, ?)""")
                .params(id.value(), tenant == null ? null : tenant.value(), email, displayName, roleArray(roles), hash,
                        customerId)
                .update();
    }

    public void updateRoles(TenantId tenant, UserId id, Set<Role> roles) {
        jdbc.sql("update app_users set roles = ?, version = version + 1 where tenant_id = ? and id = ?")
                .params(roleArray(roles), tenant.value(), id.value()).update();
    }

    public void updateEnabled(TenantId tenant, UserId id, boolean enabled) {
        jdbc.sql("update app_users set enabled = ?, version = version + 1 where tenant_id = ? and id = ?")
                .params(enabled, tenant.value(), id.value()).update();
    }

    public void unlock(TenantId tenant, UserId id) {
        jdbc.sql("update app_users set locked_until = null, failed_attempts = 0, version = version + 1 "
                + "where tenant_id = ? and id = ?").params(tenant.value(), id.value()).update();
    }

    public void updatePassword(UserId id, String hash) {
        jdbc.sql("update app_users set password_hash = ?, version = version + 1 where id = ?")
                .params(hash, id.value()).update();
    }

    static String[] roleArray(Set<Role> roles) {
        return roles.stream().map(Role::name).sorted().toArray(String[]::new);
    }

    static Set<Role> roles(Array array) throws SQLException {
        Set<Role> roles = EnumSet.noneOf(Role.class);
        Arrays.stream((String[]) array.getArray()).map(Role::valueOf).forEach(roles::add);
        return roles;
    }

    private static String norm(String s) {
        return s == null ? "" : s.trim();
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }

    private static UserAccount map(ResultSet rs, int n) throws SQLException {
        return new UserAccount(new UserId(rs.getObject("id", UUID.class)), rs.getString("email"),
                rs.getString("display_name"), roles(rs.getArray("roles")), rs.getBoolean("enabled"),
                instant(rs.getTimestamp("locked_until")), instant(rs.getTimestamp("last_login_at")),
                instant(rs.getTimestamp("created_at")), rs.getInt("version"));
    }
}
