package com.gpuquote.audit.ui;

import com.gpuquote.CalendarTest;
import com.github.mvysny.kaributesting.v10.GridKt;
import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.audit.AuditEvent;
import com.gpuquote.security.Role;
import com.gpuquote.user.NewInvitation;
import com.gpuquote.user.UserService;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.datepicker.DatePicker;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.textfield.TextField;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.LocalDate;
import java.util.List;
import java.util.Set;

import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

@CalendarTest
class AuditLogViewTest extends KaribuTest {

    @Autowired
    TestTenants testTenants;

    @Autowired
    UserService users;

    @Autowired
    com.gpuquote.audit.AuditLog audit;

    /**
     * Past the cap the panel counts no further: the total reads "cap+ … narrow the filters" and the grid stops at the
     * cap; at or below the cap the total is exact. The cap is small here (the view's is
     * {@link AuditEventsPanel#COUNT_CAP}) so the tenant's few entries exceed it.
     */
    @Test
    void theTotalIsCappedAndTheGridStopsAtTheCap() {
        var t = testTenants.create();
        login(t.adminEmail());
        users.invite(new NewInvitation("capped-" + t.tenant().slug() + "@test.example", "Capped", Set.of(Role.CONSULTANT)));
        int n = audit.count(com.gpuquote.audit.AuditLog.Filter.NONE);
        assertThat(n).as("the tenant's entries").isGreaterThanOrEqualTo(2);
        assertThat(audit.countUpTo(com.gpuquote.audit.AuditLog.Filter.NONE, n - 1)).as("over the cap: cap + 1").isEqualTo(n);
        assertThat(audit.countUpTo(com.gpuquote.audit.AuditLog.Filter.NONE, n)).as("at the cap: exact").isEqualTo(n);
        assertThat(audit.countUpTo(com.gpuquote.audit.AuditLog.Filter.NONE, n + 10)).as("below the cap: exact").isEqualTo(n);

        var capped = new AuditEventsPanel(AuditFilters.TENANT_ACTIONS, audit::find, audit::countUpTo, n - 1);
        UI.getCurrent().add(capped);
        @SuppressWarnings("unchecked")
        Grid<AuditEvent> cappedGrid = _get(capped, Grid.class, s -> s.withId("audit-grid"));
        assertThat(GridKt._size(cappedGrid)).isEqualTo(n - 1);
        assertThat(_get(capped, com.vaadin.flow.component.html.Span.class, s -> s.withId("audit-total")).getText())
                .isEqualTo((n - 1) + "+ 条记录 — 请缩小筛选范围");
        UI.getCurrent().remove(capped);

        var exact = new AuditEventsPanel(AuditFilters.TENANT_ACTIONS, audit::find, audit::countUpTo, n);
        UI.getCurrent().add(exact);
        @SuppressWarnings("unchecked")
        Grid<AuditEvent> exactGrid = _get(exact, Grid.class, s -> s.withId("audit-grid"));
        assertThat(GridKt._size(exactGrid)).isEqualTo(n);
        assertThat(_get(exact, com.vaadin.flow.component.html.Span.class, s -> s.withId("audit-total")).getText())
                .isEqualTo("共 " + n + " 条");
        // the view's cap, formatted with grouping as the other totals
        assertThat(exact.getTranslation(java.util.Locale.ENGLISH, "audit.totalCapped", AuditEventsPanel.COUNT_CAP))
                .isEqualTo("10,000+ entries — narrow the filters");
    }

    @Test
    void adminSeesTheInviteEventAndFiltersByActionActorAndDate() {
        var t = testTenants.create();
        login(t.adminEmail());
        String invitee = "audited-" + t.tenant().slug() + "@test.example";
        users.invite(new NewInvitation(invitee, "被审计的人", Set.of(Role.CONSULTANT)));
        UI.getCurrent().navigate(AuditLogView.class);

        Grid<AuditEvent> grid = grid();
        List<AuditEvent> all = GridKt._findAll(grid);
        int row = indexOf(all, "USER_INVITED");
        assertThat(GridKt._getFormatted(grid, row, "action")).isEqualTo("邀请用户");
        assertThat(GridKt._getFormatted(grid, row, "actor")).isEqualTo(t.adminEmail());
        assertThat(GridKt._getFormatted(grid, row, "entity")).isEqualTo("invitation");
        assertThat(GridKt._getFormatted(grid, row, "details")).contains(invitee);
        assertThat(all).extracting(AuditEvent::action).contains("USER_CREATED").doesNotContain("TENANT_CREATED");
        assertThat(_get(com.vaadin.flow.component.html.Span.class, s -> s.withId("audit-total")).getText())
                .isEqualTo("共 " + all.size() + " 条");

        @SuppressWarnings("unchecked")
        ComboBox<String> action = _get(ComboBox.class, s -> s.withId("audit-action"));
        _setValue(action, "USER_INVITED");
        assertThat(GridKt._findAll(grid)).extracting(AuditEvent::action).containsExactly("USER_INVITED");

        _setValue(action, null);
        _setValue(_get(TextField.class, s -> s.withId("audit-actor")), "no-such-actor");
        assertThat(GridKt._size(grid)).isZero();
        _setValue(_get(TextField.class, s -> s.withId("audit-actor")), "admin-");
        assertThat(GridKt._findAll(grid)).isNotEmpty().allMatch(e -> e.actor().equals(t.adminEmail()));
        _setValue(_get(TextField.class, s -> s.withId("audit-actor")), "");

        DatePicker from = _get(DatePicker.class, s -> s.withId("audit-from"));
        DatePicker to = _get(DatePicker.class, s -> s.withId("audit-to"));
        _setValue(from, today().plusDays(1));
        assertThat(GridKt._size(grid)).isZero();
        _setValue(from, today().minusDays(1));
        _setValue(to, today());
        assertThat(GridKt._size(grid)).isEqualTo(all.size());
    }

    @Test
    void adminSeesOnlyTheirOwnTenantsEvents() {
        var mine = testTenants.create();
        var other = testTenants.create();
        login(other.adminEmail());
        users.invite(new NewInvitation("secret-" + other.tenant().slug() + "@test.example", "Other", Set.of(Role.CONSULTANT)));
        logout();
        login(mine.adminEmail());
        UI.getCurrent().navigate(AuditLogView.class);
        assertThat(GridKt._findAll(grid())).extracting(AuditEvent::details).noneMatch(d -> d.contains(other.tenant().slug()));
        assertThat(GridKt._findAll(grid())).extracting(AuditEvent::actor).doesNotContain(other.adminEmail());
    }

    /**
     * The IP column: the address the request came from (the connection's remote address; X-Forwarded-For is not
     * trusted, as no proxy is configured), recorded for a REST call and shown in the view.
     */
    @Test
    void aRestCallIsAuditedWithTheCallersAddressAndTheViewShowsIt() throws Exception {
        var t = testTenants.create();
        String name = "ip-" + t.tenant().slug();
        var request = java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://[::1]:" + port + "/api/v1/me/tokens"))
                .header("Authorization", "Basic " + java.util.Base64.getEncoder().encodeToString(
                        (t.adminEmail() + ":" + TestTenants.PASSWORD).getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .header("Content-Type", "application/json")
                .header("X-Forwarded-For", "203.0.113.77")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"name\":\"" + name + "\",\"expiresInDays\":1}"))
                .build();
        var response = java.net.http.HttpClient.newHttpClient().send(request, java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(201);

        String ip;
        try (var c = com.gpuquote.TestDatabase.adminConnection();
             var ps = c.prepareStatement("select ip from audit_events where tenant_id = ? and action = 'API_TOKEN_CREATED' "
                     + "and details->>'name' = ?")) {
            ps.setObject(1, t.tenant().id().value());
            ps.setString(2, name);
            try (var rs = ps.executeQuery()) {
                assertThat(rs.next()).as("audited").isTrue();
                ip = rs.getString(1);
            }
        }
        // sent from IPv6 loopback, which is not a trusted proxy (only 127.0.0.1 is, in the test profile)
        assertThat(ip).as("the caller's address, not the spoofable header")
                .isIn("0:0:0:0:0:0:0:1", "::1").isNotEqualTo("203.0.113.77");

        login(t.adminEmail());
        UI.getCurrent().navigate(AuditLogView.class);
        Grid<AuditEvent> grid = grid();
        int row = indexOf(GridKt._findAll(grid), "API_TOKEN_CREATED");
        assertThat(GridKt._getFormatted(grid, row, "ip")).isEqualTo(ip);
        assertThat(GridKt._getFormatted(grid, row, "details")).contains(name);
    }

    @SuppressWarnings("unchecked")
    private static Grid<AuditEvent> grid() {
        return _get(Grid.class, s -> s.withId("audit-grid"));
    }

    private static int indexOf(List<AuditEvent> events, String action) {
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).action().equals(action)) {
                return i;
            }
        }
        throw new AssertionError(action + " not shown; shown: " + events);
    }
}
