package com.gpuquote.dashboard.ui;

import com.gpuquote.CalendarTest;
import com.github.mvysny.kaributesting.v10.GridKt;
import com.gpuquote.KaribuTest;
import com.gpuquote.dashboard.DashboardFixtures;
import com.gpuquote.layout.AccessDeniedView;
import com.gpuquote.layout.HomeView;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.ui.LanguageSwitch;
import com.gpuquote.security.Colleague;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.datepicker.DatePicker;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.sidenav.SideNavItem;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.LocalDate;
import java.util.List;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/** The tenant and platform dashboards in the browser's place (Karibu): figures, filters, charts, languages, roles. */
@CalendarTest
class DashboardViewTest extends KaribuTest {

    private static DashboardFixtures.Seeded seeded;

    @Autowired
    DashboardFixtures fixtures;

    @BeforeEach
    void seed() {
        if (seeded == null) {
            seeded = fixtures.seed(baseUrl());
        }
    }

    private TenantDashboardView openForMarchAndApril() {
        login(seeded.tenant().adminEmail());
        UI.getCurrent().navigate(HomeView.class);
        assertThat(_find(SideNavItem.class)).extracting(SideNavItem::getPath).contains("dashboard");
        UI.getCurrent().navigate(TenantDashboardView.class);
        _setValue(_get(DatePicker.class, s -> s.withId("dashboard-from")), LocalDate.of(2025, 3, 1));
        _setValue(_get(DatePicker.class, s -> s.withId("dashboard-to")), LocalDate.of(2025, 4, 30));
        _click(_get(Button.class, s -> s.withId("dashboard-apply")));
        return _get(TenantDashboardView.class);
    }

    @SuppressWarnings("unchecked")
    private static Grid<List<Object>> grid(String table) {
        return _get(Grid.class, s -> s.withId("grid-" + table));
    }

    @Test
    void tenantAdminSeesTheFiguresInChineseWithChartsAndDownloads() {
        TenantDashboardView view = openForMarchAndApril();
        assertThat(_get(H2.class).getText()).isEqualTo("经营看板");
        assertThat(_get(Div.class, s -> s.withId("tile-win-rate")).getElement().getTextRecursively()).contains("50.00 %").contains("赢单率");
        assertThat(_get(Div.class, s -> s.withId("tile-discount")).getElement().getTextRecursively()).contains("5.47 %");

        Grid<List<Object>> status = grid("pipeline-by-status");
        assertThat(status.getColumnByKey("status").getHeaderText()).isEqualTo("状态");
        List<List<Object>> rows = GridKt._findAll(status);
        int accepted = rows.indexOf(rows.stream().filter(r -> r.get(0).equals("ACCEPTED")).findFirst().orElseThrow());
        assertThat(GridKt._getFormatted(status, accepted, "status")).isEqualTo("已接受");
        assertThat(GridKt._getFormatted(status, accepted, "value")).isEqualTo("218,600.00");

        Grid<List<Object>> gpu = grid("margin-by-gpu-model");
        assertThat(GridKt._getFormatted(gpu, 0, "gpuModel")).isEqualTo("A10-PCIE-24GB");
        assertThat(GridKt._getFormatted(gpu, 0, "margin")).isEqualTo("48,000.00");
        assertThat(GridKt._getFormatted(gpu, 0, "marginPercent")).isEqualTo("44.44");
        Grid<List<Object>> customers = grid("top-customers");
        assertThat(GridKt._getFormatted(customers, 0, "customer")).isEqualTo(seeded.customerX());
        assertThat(GridKt._getFormatted(customers, 0, "monthlyRecurring")).isEqualTo("9,500.00");

        // charts drawn on the server as SVG, one bar group per month
        String months = view.sections.get("pipeline-by-month").svg;
        assertThat(months).startsWith("<?xml").contains("<svg").contains("2025-03").contains("2025-04")
                .contains("赢单");
        assertThat(view.sections.get("margin-by-gpu-model").svg).contains("A10-PCIE-24GB");
        assertThat(_find(Anchor.class, s -> s.withId("csv-pipeline-by-month"))).hasSize(1);
        assertThat(_get(Anchor.class, s -> s.withId("dashboard-xlsx")).getHref()).isNotBlank();
        assertThat(_find(H3.class)).extracting(H3::getText).contains("按 GPU 型号的毛利", "价目表变更");
    }

    @Test
    @SuppressWarnings("unchecked")
    void theConsultantFilterAndEnglish() {
        login(seeded.tenant().adminEmail());
        LanguageSwitch.choose(I18n.ENGLISH);
        UI.getCurrent().navigate(TenantDashboardView.class);
        assertThat(_get(H2.class).getText()).isEqualTo("Dashboard");
        _setValue(_get(DatePicker.class, s -> s.withId("dashboard-from")), LocalDate.of(2025, 3, 1));
        _setValue(_get(DatePicker.class, s -> s.withId("dashboard-to")), LocalDate.of(2025, 4, 30));
        ComboBox<Colleague> consultant = _get(ComboBox.class, s -> s.withId("dashboard-consultant"));
        _setValue(consultant, new Colleague(seeded.consultant2(), "", ""));
        _click(_get(Button.class, s -> s.withId("dashboard-apply")));

        // consultant 2: Q3 accepted, Q4 sent, Q6 expired → 1 of 2 decided
        assertThat(_get(Div.class, s -> s.withId("tile-win-rate")).getElement().getTextRecursively()).contains("50.00 %").contains("Win rate");
        Grid<List<Object>> byConsultant = grid("margin-by-consultant");
        assertThat(byConsultant.getColumnByKey("consultant").getHeaderText()).isEqualTo("Consultant");
        assertThat(GridKt._size(byConsultant)).isEqualTo(1);
        assertThat(GridKt._getFormatted(byConsultant, 0, "margin")).isEqualTo("30,600.00");
        Grid<List<Object>> status = grid("pipeline-by-status");
        List<List<Object>> rows = GridKt._findAll(status);
        int sent = rows.indexOf(rows.stream().filter(r -> r.get(0).equals("SENT")).findFirst().orElseThrow());
        assertThat(GridKt._getFormatted(status, sent, "status")).isEqualTo("Sent");
        assertThat(GridKt._getFormatted(status, sent, "value")).isEqualTo("30,000.00");

        // a reversed period is refused with the field's message, the figures on show stay
        _setValue(_get(DatePicker.class, s -> s.withId("dashboard-from")), LocalDate.of(2025, 5, 1));
        _click(_get(Button.class, s -> s.withId("dashboard-apply")));
        assertThat(notificationTexts()).anyMatch(t -> t.contains("after"));
        assertThat(GridKt._getFormatted(grid("margin-by-consultant"), 0, "margin")).isEqualTo("30,600.00");
    }

    @Test
    void consultantsAreRefusedTheDashboard() {
        login(seeded.tenant().consultantEmail());
        UI.getCurrent().navigate(HomeView.class);
        assertThat(_find(SideNavItem.class)).extracting(SideNavItem::getPath).doesNotContain("dashboard");
        UI.getCurrent().navigate("dashboard");
        assertThat(UI.getCurrent().getInternals().getActiveRouterTargetsChain())
                .noneMatch(TenantDashboardView.class::isInstance)
                .anyMatch(AccessDeniedView.class::isInstance);
    }

    @Test
    @SuppressWarnings("unchecked")
    void platformAdminSeesTenantsWithCountsInChineseAndEnglish() {
        login("platform@gpuquote.demo");
        UI.getCurrent().navigate("platform/dashboard");
        assertThat(_get(H2.class).getText()).isEqualTo("平台概览");
        Grid<List<Object>> tenants = _get(Grid.class, s -> s.withId("grid-tenants"));
        List<List<Object>> rows = GridKt._findAll(tenants);
        int row = rows.indexOf(rows.stream().filter(r -> r.get(0).equals(seeded.tenant().tenant().slug()))
                .findFirst().orElseThrow());
        assertThat(GridKt._getFormatted(tenants, row, "users")).isEqualTo("3");
        assertThat(GridKt._getFormatted(tenants, row, "quotes")).isEqualTo("7");
        assertThat(GridKt._getFormatted(tenants, row, "tenantStatus")).isEqualTo("正常");
        assertThat(tenants.getColumnByKey("quotes").getHeaderText()).isEqualTo("报价数");

        LanguageSwitch.choose(I18n.ENGLISH);
        UI.getCurrent().navigate(HomeView.class);
        UI.getCurrent().navigate("platform/dashboard");
        assertThat(_get(H2.class).getText()).isEqualTo("Platform overview");
        assertThat(_get(Grid.class, s -> s.withId("grid-tenants")).getColumnByKey("lastActivity").getHeaderText())
                .isEqualTo("Last activity (China time)");

        logout();
        login(seeded.tenant().adminEmail());
        UI.getCurrent().navigate("platform/dashboard");
        assertThat(UI.getCurrent().getInternals().getActiveRouterTargetsChain())
                .anyMatch(AccessDeniedView.class::isInstance);
    }
}
