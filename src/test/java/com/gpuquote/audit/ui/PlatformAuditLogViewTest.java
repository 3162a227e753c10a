package com.gpuquote.audit.ui;

import com.gpuquote.CalendarTest;
import com.github.mvysny.kaributesting.v10.pro.ConfirmDialogKt;
import com.github.mvysny.kaributesting.v10.GridKt;
import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.audit.AuditEvent;
import com.gpuquote.layout.AccessDeniedView;
import com.gpuquote.layout.HomeView;
import com.gpuquote.shared.ui.Formats;
import com.gpuquote.tenancy.Tenant;
import com.gpuquote.user.ui.TenantsView;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
import com.vaadin.flow.component.datepicker.DatePicker;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.sidenav.SideNavItem;
import com.vaadin.flow.component.textfield.TextField;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

import static com.github.mvysny.kaributesting.v10.ButtonKt._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/** The platform's own audit log (ADR 0006) on screen: platform administrators only. */
@CalendarTest
class PlatformAuditLogViewTest extends KaribuTest {

    static final String PLATFORM = "platform@gpuquote.demo";

    @Autowired
    TestTenants testTenants;

    @Test
    void platformAdminSeesTheSuspensionTheyJustDidAndFiltersIt() {
        var t = testTenants.create();
        String tenantId = t.tenant().id().toString();
        login(PLATFORM);
        suspendInTenantsView(t.tenant());

        UI.getCurrent().navigate(HomeView.class);
        assertThat(_find(SideNavItem.class)).extracting(SideNavItem::getPath).contains("platform/audit");
        UI.getCurrent().navigate("platform/audit");
        assertThat(UI.getCurrent().getInternals().getActiveRouterTargetsChain())
                .anyMatch(PlatformAuditLogView.class::isInstance);
        Grid<AuditEvent> grid = grid();
        List<AuditEvent> all = GridKt._findAll(grid);
        int row = indexOf(all, "TENANT_SUSPENDED", tenantId);
        AuditEvent suspension = all.get(row);
        assertThat(GridKt._getFormatted(grid, row, "action")).isEqualTo("停用代理商");
        assertThat(GridKt._getFormatted(grid, row, "actor")).isEqualTo(PLATFORM);
        assertThat(GridKt._getFormatted(grid, row, "entity")).isEqualTo("tenant");
        assertThat(GridKt._getFormatted(grid, row, "ip")).as("the address the suspension came from")
                .isNotBlank().isEqualTo(com.vaadin.flow.server.VaadinRequest.getCurrent().getRemoteAddr());
        assertThat(GridKt._getFormatted(grid, row, "at")).as("China time").isEqualTo(
                DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
                        .format(LocalDateTime.ofInstant(suspension.at(), ZoneId.of("Asia/Shanghai"))));
        assertThat(_get(Span.class, s -> s.withId("audit-total")).getText()).isEqualTo("共 " + all.size() + " 条");
        assertThat(all).as("tenant-only actions are not in the platform's log")
                .noneMatch(e -> e.action().equals("USER_INVITED") || e.action().equals("TENANT_SETTINGS_CHANGED"));

        @SuppressWarnings("unchecked")
        ComboBox<String> action = _get(ComboBox.class, s -> s.withId("audit-action"));
        _setValue(action, "TENANT_SUSPENDED");
        assertThat(GridKt._findAll(grid)).allMatch(e -> e.action().equals("TENANT_SUSPENDED"))
                .anyMatch(e -> tenantId.equals(e.entityId()));
        _setValue(action, "TENANT_REACTIVATED");
        assertThat(GridKt._findAll(grid)).noneMatch(e -> tenantId.equals(e.entityId()));
        _setValue(action, null);

        TextField actor = _get(TextField.class, s -> s.withId("audit-actor"));
        _setValue(actor, "no-such-actor");
        assertThat(GridKt._size(grid)).isZero();
        _setValue(actor, "PLATFORM@");
        assertThat(GridKt._findAll(grid)).isNotEmpty().allMatch(e -> e.actor().equals(PLATFORM));
        _setValue(actor, "");

        LocalDate today = today();
        DatePicker from = _get(DatePicker.class, s -> s.withId("audit-from"));
        DatePicker to = _get(DatePicker.class, s -> s.withId("audit-to"));
        _setValue(from, today.plusDays(1));
        assertThat(GridKt._size(grid)).isZero();
        _setValue(from, today);
        _setValue(to, today);
        assertThat(GridKt._findAll(grid)).anyMatch(e -> e.id() == suspension.id());
        _setValue(from, null);
        _setValue(to, today.minusDays(1));
        assertThat(GridKt._findAll(grid)).noneMatch(e -> e.id() == suspension.id());
    }

    @Test
    void inEnglishTheColumnsAndActionsAreEnglish() {
        var t = testTenants.create();
        login(PLATFORM);
        suspendInTenantsView(t.tenant());
        useLocale(Locale.ENGLISH);
        UI.getCurrent().navigate(PlatformAuditLogView.class);
        Grid<AuditEvent> grid = grid();
        int row = indexOf(GridKt._findAll(grid), "TENANT_SUSPENDED", t.tenant().id().toString());
        assertThat(GridKt._getFormatted(grid, row, "action")).isEqualTo("Tenant suspended");
        assertThat(grid.getColumnByKey("ip").getHeaderText()).isEqualTo("IP address");
        assertThat(UI.getCurrent().getInternals().getTitle()).isEqualTo("Platform audit log | GpuQuote");
    }

    @Test
    void tenantAdminAndConsultantAreRefused() {
        var t = testTenants.create();
        for (String email : List.of(t.adminEmail(), t.consultantEmail())) {
            login(email);
            UI.getCurrent().navigate(HomeView.class);
            assertThat(_find(SideNavItem.class)).as(email).extracting(SideNavItem::getPath).doesNotContain("platform/audit");
            UI.getCurrent().navigate("platform/audit");
            assertThat(UI.getCurrent().getInternals().getActiveRouterTargetsChain()).as(email)
                    .noneMatch(PlatformAuditLogView.class::isInstance)
                    .anyMatch(AccessDeniedView.class::isInstance);
            logout();
        }
    }

    /** What a platform admin does: the tenant's Suspend button in the tenants view, then confirm. */
    private static void suspendInTenantsView(Tenant tenant) {
        UI.getCurrent().navigate(TenantsView.class);
        @SuppressWarnings("unchecked")
        Grid<Tenant> tenants = _get(Grid.class, s -> s.withId("tenants-grid"));
        List<Tenant> rows = GridKt._findAll(tenants);
        int row = -1;
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).id().equals(tenant.id())) {
                row = i;
            }
        }
        assertThat(row).as("tenant listed").isNotNegative();
        _click(com.github.mvysny.kaributesting.v10.LocatorJ._get(GridKt._getCellComponent(tenants, row, "actions"),
                Button.class, s -> s.withClasses("tenant-suspend")));
        ConfirmDialogKt._fireConfirm(_get(ConfirmDialog.class));
    }

    @SuppressWarnings("unchecked")
    private static Grid<AuditEvent> grid() {
        return _get(Grid.class, s -> s.withId("audit-grid"));
    }

    private static int indexOf(List<AuditEvent> events, String action, String entityId) {
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).action().equals(action) && entityId.equals(events.get(i).entityId())) {
                return i;
            }
        }
        throw new AssertionError(action + " of " + entityId + " not shown; shown: " + events);
    }
}
