package com.gpuquote.security;

import com.gpuquote.SignedIn;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.security.internal.LoginThrottle;
import com.gpuquote.user.InvitationLink;
import com.gpuquote.user.NewInvitation;
import com.gpuquote.user.UserService;
import org.springframework.stereotype.Component;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/** Helpers for the security tests: invitations, admin-connection reads, and undoing the per-IP throttle. */
@Component
class SecurityFixtures {

    /** The addresses a test client on this machine can appear as. */
    static final List<String> LOOPBACK = List.of("127.0.0.1", "0:0:0:0:0:0:0:1", "::1");

    final TestTenants tenants;
    final SignedIn signedIn;
    final UserService users;
    final LoginThrottle throttle;

    SecurityFixtures(TestTenants tenants, SignedIn signedIn, UserService users, LoginThrottle throttle) {
        this.tenants = tenants;
        this.signedIn = signedIn;
        this.users = users;
        this.throttle = throttle;
    }

    /** Failed logins in one test must not throttle the next ones: every test of this package calls this after. */
    void resetThrottle() {
        LOOPBACK.forEach(throttle::reset);
    }

    record Invited(TestTenants.TestTenant tenant, String email, InvitationLink link) {
        String token() {
            return link.url().substring(link.url().lastIndexOf('/') + 1);
        }
    }

    Invited invite(Role... roles) {
        TestTenants.TestTenant t = tenants.create();
        String email = "invitee-" + UUID.randomUUID().toString().substring(0, 8) + "@test.example";
        InvitationLink link = signedIn.as(t.adminEmail(),
                () -> users.invite(new NewInvitation(email, "Invitee", Set.of(roles.length == 0 ? new Role[]{Role.CONSULTANT} : roles))));
        return new Invited(t, email, link);
    }

    static List<List<Object>> rows(String sql, Object... params) {
        try (Connection c = TestDatabase.adminConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                List<List<Object>> rows = new ArrayList<>();
                while (rs.next()) {
                    List<Object> row = new ArrayList<>();
                    for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                        row.add(rs.getObject(i));
                    }
                    rows.add(row);
                }
                return rows;
            }
        } catch (SQLException e) {
            throw new AssertionError(sql, e);
        }
    }

    static Object value(String sql, Object... params) {
        List<List<Object>> rows = rows(sql, params);
        if (rows.size() != 1) {
            throw new AssertionError("expected one row from " + sql + " but got " + rows.size());
        }
        return rows.get(0).get(0);
    }

    static int execute(String sql, Object... params) {
        try (Connection c = TestDatabase.adminConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            return ps.executeUpdate();
        } catch (SQLException e) {
            throw new AssertionError(sql, e);
        }
    }

    /** Tables (and columns) anywhere in schema public whose text contains the given secret. */
    static List<String> whereInTheDatabase(String secret) {
        List<String> found = new ArrayList<>();
        for (List<Object> t : rows("select tablename from pg_tables where schemaname = 'public'")) {
            String table = (String) t.get(0);
            Object n = value("select count(*) from " + table + " x where strpos(x::text, ?) > 0", secret);
            if (((Number) n).longValue() > 0) {
                found.add(table);
            }
        }
        return found;
    }
}
