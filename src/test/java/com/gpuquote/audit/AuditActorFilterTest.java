package com.gpuquote.audit;

import com.gpuquote.IntegrationTest;
import com.gpuquote.SignedIn;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The audit log's actor filter (ADR 1853, V79): "contains", case-insensitive, wildcards taken literally, over the
 * tenant's own actors only, although the SQL reads the tenant's distinct actors first and then their entries.
 */
class AuditActorFilterTest extends IntegrationTest {

    @Autowired
    SignedIn signedIn;
    @Autowired
    AuditLog audit;
    @Autowired
    TestTenants testTenants;

    @Test
    void actorFilterMatchesPartOfTheActorCaseInsensitivelyWithinTheTenantOnly() {
        TestTenants.TestTenant t = testTenants.create();
        TestTenants.TestTenant other = testTenants.create();
        String mark = UUID.randomUUID().toString().substring(0, 8);
        String alice = "Alice." + mark + "@example.com";
        String bob = "bob_" + mark + "@example.com";
        String bobs = "bobx" + mark + "@example.com";
        insert(t, alice, "QUOTE_SENT");
        insert(t, alice, "LOGIN");
        insert(t, bob, "QUOTE_SENT");
        insert(t, bobs, "QUOTE_SENT");
        insert(other, "alice." + mark + "@other.example", "QUOTE_SENT");

        assertThat(actors(t, "ALICE." + mark)).containsExactly(alice, alice);
        assertThat(count(t, "alice." + mark)).isEqualTo(2);
        // '_' is a literal underscore, not "any character": bobx… does not match bob_…
        assertThat(actors(t, "bob_" + mark)).containsExactly(bob);
        assertThat(actors(t, mark + "@example")).containsExactlyInAnyOrder(alice, alice, bob, bobs);
        assertThat(count(t, mark)).isEqualTo(4);
        // with the action as well
        assertThat(signedIn.as(t.adminEmail(), () -> audit.find(new AuditLog.Filter(mark, "QUOTE_SENT", null, null), 0, 50)))
                .extracting(AuditEvent::actor).containsExactlyInAnyOrder(alice, bob, bobs);
        assertThat(actors(t, "no-such-" + mark)).isEmpty();
        assertThat(count(t, "no-such-" + mark)).isZero();
        // the other tenant's actor of the same words is theirs only
        assertThat(actors(other, mark)).containsExactly("alice." + mark + "@other.example");
    }

    /** Written as the owner (the audit log's writer needs the caller's transaction and tenant; not what is tested). */
    private static void insert(TestTenants.TestTenant t, String actor, String action) {
        try (Connection c = TestDatabase.adminConnection();
             PreparedStatement st = c.prepareStatement(
                     "insert into audit_events (tenant_id, actor, action, entity, entity_id) values (?, ?, ?, 'quote', 'q')")) {
            st.setObject(1, t.tenant().id().value());
            st.setString(2, actor);
            st.setString(3, action);
            st.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private List<String> actors(TestTenants.TestTenant t, String actor) {
        return signedIn.as(t.adminEmail(), () -> audit.find(new AuditLog.Filter(actor, null, null, null), 0, 50))
                .stream().map(AuditEvent::actor).toList();
    }

    private int count(TestTenants.TestTenant t, String actor) {
        return signedIn.as(t.adminEmail(), () -> audit.count(new AuditLog.Filter(actor, null, null, null)));
    }
}
