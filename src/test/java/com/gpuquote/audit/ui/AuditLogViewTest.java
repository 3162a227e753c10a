package com.gpuquote.audit.ui;

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

class AuditLogViewTest extends KaribuTest {

    @Autowired
    TestTenants testTenants;

    @Autowired
    UserService users;

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
        _setValue(from, LocalDate.now().plusDays(1));
        assertThat(GridKt._size(grid)).isZero();
        _setValue(from, LocalDate.now().minusDays(1));
        _setValue(to, LocalDate.now());
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
