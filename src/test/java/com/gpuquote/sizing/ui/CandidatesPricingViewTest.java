package com.gpuquote.sizing.ui;

import com.gpuquote.CalendarTest;
import com.github.mvysny.kaributesting.v10.GridKt;
import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.pricing.agreement.AgreementDraft;
import com.gpuquote.pricing.agreement.AgreementRule.PercentOff;
import com.gpuquote.pricing.agreement.AgreementService;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerDraft;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectDraft;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.sizing.RecommendationReport.Candidate;
import com.gpuquote.sizing.SizingFixtures;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.router.QueryParameters;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/** Recommendations for a project show the customer's negotiated (net) prices beside the list prices. */
@CalendarTest
class CandidatesPricingViewTest extends KaribuTest {

    static final String GNI2 = "ecs.gni2.3xlarge";

    @Autowired
    SizingFixtures fixtures;
    @Autowired
    CustomerService customers;
    @Autowired
    ProjectService projects;
    @Autowired
    AgreementService agreements;

    TestTenants.TestTenant t;

    @BeforeEach
    void pricedTenant() {
        t = fixtures.pricedTenant("zh-CN");
    }

    private Project project(boolean withAgreement) {
        return fixtures.as(t.adminEmail(), () -> {
            Customer c = customers.create(new CustomerDraft("议价客户", null, null, "zh-CN", null, List.of(), null));
            if (withAgreement) {
                agreements.create(c.id(), new AgreementDraft("2026 框架协议", today().minusDays(1), null,
                        List.of(PercentOff.instanceType(GNI2, new BigDecimal("20"))), null));
            }
            return projects.create(new ProjectDraft(c.id(), "推理集群", null));
        });
    }

    private CandidatesGrid openSizingFor(Project project) {
        login(t.consultantEmail());
        UI.getCurrent().navigate("sizing", QueryParameters.of("project", project.id().toString()));
        return _get(CandidatesGrid.class);
    }

    private static int rowOf(CandidatesGrid grid, String type) {
        List<Candidate> items = grid.getGenericDataView().getItems().toList();
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i).instanceType().equals(type)) {
                return i;
            }
        }
        throw new AssertionError(type + " not shown");
    }

    @Test
    void aProjectWithAnAgreementShowsListAndNetSideBySide() {
        CandidatesGrid grid = openSizingFor(project(true));

        assertThat(grid.showsListBesideNet()).isTrue();
        assertThat(grid.getColumnByKey("listMonthlyPrice").isVisible()).isTrue();
        assertThat(grid.getColumnByKey("netMonthlyPrice").isVisible()).isTrue();
        assertThat(grid.getColumnByKey("listUnitPrice").getHeaderText()).isEqualTo("刊例单价");
        assertThat(grid.getColumnByKey("netUnitPrice").getHeaderText()).isEqualTo("协议单价");
        assertThat(grid.getColumnByKey("listMonthlyPrice").getHeaderText()).isEqualTo("刊例月价");
        assertThat(grid.getColumnByKey("netMonthlyPrice").getHeaderText()).isEqualTo("协议月价");
        int row = rowOf(grid, GNI2);
        // list 10.0000 an hour; 20 % off → 8.0000; × 730 h; unit prices with their unit, amounts grouped (issue 12)
        assertThat(GridKt._getFormatted(grid, row, "listUnitPrice")).isEqualTo("¥10.00 / 小时");
        assertThat(GridKt._getFormatted(grid, row, "netUnitPrice")).isEqualTo("¥8.00 / 小时");
        assertThat(GridKt._getFormatted(grid, row, "listMonthlyPrice")).isEqualTo("¥7,300.00");
        assertThat(GridKt._getFormatted(grid, row, "netMonthlyPrice")).isEqualTo("¥5,840.00");
        // unit prices sit in the row's details, list beside net
        assertThat(grid.detailsText(grid.getListDataView().getItem(row)))
                .contains("刊例单价: ¥10.00 / 小时").contains("协议单价: ¥8.00 / 小时");
    }

    /** Issue 12: a monthly plan's unit price says "/ 月" (the fixture's ecs.gni2.3xlarge: 6,000.0000 a month). */
    @Test
    void aMonthlyUnitPriceSaysPerMonth() {
        CandidatesGrid grid = openSizingFor(project(false));
        _setValue(_get(SizingView.class).form.billingMode, com.gpuquote.commercial.BillingMode.MONTHLY);
        int row = rowOf(grid, GNI2);
        assertThat(GridKt._getFormatted(grid, row, "netUnitPrice")).isEqualTo("¥6,000.00 / 月");
        assertThat(GridKt._getFormatted(grid, row, "netMonthlyPrice")).isEqualTo("¥6,000.00");
        assertThat(grid.detailsText(grid.getListDataView().getItem(row))).contains("单价: ¥6,000.00 / 月");
    }

    @Test
    void withoutNegotiatedPricesOnePriceColumnPairIsShown() {
        CandidatesGrid grid = openSizingFor(project(false));

        assertThat(grid.showsListBesideNet()).isFalse();
        assertThat(grid.getColumnByKey("listUnitPrice").isVisible()).isFalse();
        assertThat(grid.getColumnByKey("listMonthlyPrice").isVisible()).isFalse();
        assertThat(grid.getColumnByKey("netUnitPrice").getHeaderText()).isEqualTo("单价");
        assertThat(grid.getColumnByKey("netMonthlyPrice").getHeaderText()).isEqualTo("月价");
        assertThat(GridKt._getFormatted(grid, rowOf(grid, GNI2), "netUnitPrice")).isEqualTo("¥10.00 / 小时");
        assertThat(GridKt._getFormatted(grid, rowOf(grid, GNI2), "netMonthlyPrice")).isEqualTo("¥7,300.00");
        assertThat(grid.detailsText(grid.getListDataView().getItem(rowOf(grid, GNI2))))
                .contains("单价: ¥10.00 / 小时").doesNotContain("刊例单价");
    }
}
