package com.gpuquote.customer;

import com.gpuquote.CalendarTest;
import com.gpuquote.pricing.agreement.AgreementDraft;
import com.gpuquote.pricing.agreement.AgreementRule;
import com.gpuquote.pricing.agreement.AgreementService;
import com.gpuquote.pricing.agreement.CustomerAgreement;
import com.github.mvysny.kaributesting.v10.GridKt;
import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.pricing.agreement.AgreementRule.FixedPrice;
import com.gpuquote.pricing.agreement.AgreementRule.PercentOff;
import com.gpuquote.pricing.agreement.AgreementRule.TermTier;
import com.gpuquote.pricing.agreement.AgreementRule.VolumeTier;
import com.gpuquote.customer.ui.CustomerDetailView;
import com.gpuquote.sizing.SizingRun;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.AsUser;
import com.gpuquote.security.Role;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.shared.I18n;
import com.gpuquote.security.Colleague;
import com.gpuquote.user.UserService;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.router.RouteParameters;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static com.github.mvysny.kaributesting.v10.LocatorJ._assertNone;
import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/** The customer page: the owner picker of tenant admins, agreements in words, dates in China time. */
@CalendarTest
class CustomerDetailViewTest extends KaribuTest {

    static final ZoneId CHINA = ZoneId.of("Asia/Shanghai");

    @Autowired
    TestTenants testTenants;
    @Autowired
    UserService users;
    @Autowired
    CustomerService customers;
    @Autowired
    ProjectService projects;

    @org.springframework.beans.factory.annotation.Autowired
    com.gpuquote.sizing.SizingRunService sizingRunService;
    @Autowired
    AgreementService agreements;
    @Autowired
    AsUser asUser;

    TestTenants.TestTenant t;
    Customer customer;

    @BeforeEach
    void customerOfAConsultant() {
        t = testTenants.create();
        customer = asUser.call(t.consultantEmail(), () -> customers.create(
                new CustomerDraft("上海深算科技有限公司", null, null, "zh-CN", null, List.of(), null)));
    }

    private void open() {
        UI.getCurrent().navigate(CustomerDetailView.class, new RouteParameters("id", customer.id().toString()));
    }

    @SuppressWarnings("unchecked")
    private static ComboBox<Colleague> ownerPicker() {
        return _get(ComboBox.class, spec -> spec.withId("customer-owner"));
    }

    @Test
    void aTenantAdminGivesTheCustomerToAnotherConsultant() {
        String email = "colleague-" + UUID.randomUUID().toString().substring(0, 8) + "@test.example";
        SystemAuthentication.asPlatformAdmin(() -> users.createAccountIfAbsent(t.tenant().id(), email, "王五",
                Set.of(Role.CONSULTANT), TestTenants.PASSWORD));
        login(t.adminEmail());
        open();
        _click(_get(Button.class, spec -> spec.withId("edit-customer")));
        ComboBox<Colleague> owner = ownerPicker();
        assertThat(owner.isVisible()).isTrue();
        assertThat(owner.getValue().id()).isEqualTo(customer.ownerId());
        Colleague wang = users.colleagues("王五", 0, 10).get(0);
        _setValue(owner, wang);
        _click(_get(Button.class, spec -> spec.withId("save-customer")));

        Customer saved = customers.get(customer.id());
        assertThat(saved.ownerId()).isEqualTo(wang.id());
        assertThat(saved.ownerName()).isEqualTo("王五");
    }

    @Test
    void aConsultantHasNoOwnerPickerAndSavingKeepsTheOwner() {
        login(t.consultantEmail());
        open();
        _click(_get(Button.class, spec -> spec.withId("edit-customer")));
        _assertNone(ComboBox.class, spec -> spec.withId("customer-owner")); // not shown to consultants
        _click(_get(Button.class, spec -> spec.withId("save-customer")));
        assertThat(customers.get(customer.id()).ownerId()).isEqualTo(customer.ownerId());
    }

    @Test
    void agreementRulesReadAsWordsInTheUsersLanguage() {
        asUser.run(t.adminEmail(), () -> agreements.create(customer.id(), new AgreementDraft("2026 框架协议",
                LocalDate.of(2026, 1, 1), null, List.of(
                PercentOff.family("ecs.gni2", new BigDecimal("8")),
                new VolumeTier(8, new BigDecimal("3")),
                new TermTier(12, new BigDecimal("5")),
                new FixedPrice("ecs.gni2.3xlarge", "cn-beijing", BillingMode.HOURLY, new BigDecimal("12.34"))),
                null)));
        login(t.consultantEmail());
        open();
        assertThat(rules()).isEqualTo("规格族 ecs.gni2 优惠 8%；满 8 块 GPU 优惠 3%；期限 ≥12 个月优惠 5%；"
                + "固定单价 ¥12.34 / 小时（ecs.gni2.3xlarge，cn-beijing，按量（小时））");

        useLocale(I18n.ENGLISH);
        open();
        assertThat(rules()).isEqualTo("8% off family ecs.gni2; 3% off from 8 GPUs; 5% off for ≥12 months; "
                + "Fixed price ¥12.34 / hour (ecs.gni2.3xlarge, cn-beijing, Hourly)");
    }

    @SuppressWarnings("unchecked")
    private static String rules() {
        Grid<CustomerAgreement> grid = _get(Grid.class, spec -> spec.withId("agreements"));
        return GridKt._getFormatted(grid, 0, "rules");
    }

    @Test
    void projectAndSizingRunDatesAreShownInChinaTime() {
        Project project = asUser.call(t.consultantEmail(),
                () -> projects.create(new ProjectDraft(customer.id(), "训练集群", null)));
        SizingRun run = asUser.call(t.consultantEmail(),
                () -> sizingRunService.save(project.id(), "第一次测算", "{}", "{}"));
        login(t.consultantEmail());
        open();
        @SuppressWarnings("unchecked")
        Grid<Project> projectGrid = _get(Grid.class, spec -> spec.withId("customer-projects"));
        assertThat(GridKt._getFormatted(projectGrid, 0, "created"))
                .isEqualTo(LocalDate.ofInstant(project.createdAt(), CHINA).toString());

        UI.getCurrent().navigate("projects/" + project.id());
        @SuppressWarnings("unchecked")
        Grid<SizingRun> runs = _get(Grid.class, spec -> spec.withId("project-runs"));
        // China is UTC+8: never the UTC wall clock the server may run on
        assertThat(GridKt._getFormatted(runs, 0, "created"))
                .isEqualTo(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").format(run.createdAt().atZone(CHINA)));
    }
}
