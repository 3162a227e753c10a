package com.gpuquote.quote.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.ApprovalTierService;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteWorkflow;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import com.gpuquote.security.Role;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.user.UserService;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.router.RouteParameters;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static com.github.mvysny.kaributesting.v10.GridKt._getCellComponent;
import static com.github.mvysny.kaributesting.v10.GridKt._size;
import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/** Issue 16: the approval chain in the inbox and on the quote; each approver sees only the step they may take. */
class ApprovalChainViewTest extends KaribuTest {

    /** 35 % off A10 (list 10,000, cost 9,800) is below cost: submitted with reasons, approved with a second tick. */
    private static final String BELOW_COST_REASON = "战略客户首单";

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting quoteDrafting;
    @Autowired
    QuoteWorkflow quoteWorkflow;
    @Autowired
    ApprovalTierService tiers;
    @Autowired
    UserService users;

    @Test
    void adminThenApproverTakeTheirStepsFromTheInbox() {
        World world = fixtures.world("深圳智算有限公司", "zh-CN");
        String approver = "approver-" + UUID.randomUUID().toString().substring(0, 8) + "@test.example";
        SystemAuthentication.asPlatformAdmin(() -> users.createAccountIfAbsent(world.tenant().tenant().id(), approver,
                "审批人甲", Set.of(Role.APPROVER), TestTenants.PASSWORD));
        fixtures.as(world.admin(), () -> tiers.replace(List.of(
                new ApprovalTierService.TierInput(new BigDecimal("15"), "TENANT_ADMIN"),
                new ApprovalTierService.TierInput(new BigDecimal("30"), "APPROVER"))));
        QuoteDetails q = fixtures.as(world.consultant(), () -> {
            QuoteDetails d = quoteDrafting.create(new NewQuote(world.project().id(), null, List.of(new QuoteInput.Option("A",
                    List.of(QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)
                            .withManualDiscount(new BigDecimal("35"))), List.of()))));
            return quoteWorkflow.submit(d.id(), null, BELOW_COST_REASON);
        });
        assertThat(q.status()).isEqualTo(QuoteStatus.PENDING_APPROVAL);

        login(approver);
        UI.getCurrent().navigate(ApprovalsView.class);
        assertThat(_size(_get(ApprovalsView.class).grid)).as("not the approver's step yet").isZero();

        login(world.admin());
        UI.getCurrent().navigate(ApprovalsView.class);
        ApprovalsView view = _get(ApprovalsView.class);
        assertThat(_size(view.grid)).isEqualTo(1);
        assertThat(((Div) _getCellComponent(view.grid, 0, "chain")).getText())
                .isEqualTo("审批链：1. 代理商管理员：待审批 → 2. 审批人：待审批");
        approveFirstRow(view, "同意第一步");
        assertThat(_size(view.grid)).isZero();

        login(approver);
        UI.getCurrent().navigate(ApprovalsView.class);
        view = _get(ApprovalsView.class);
        assertThat(_size(view.grid)).isEqualTo(1);
        assertThat(((Div) _getCellComponent(view.grid, 0, "chain")).getText())
                .startsWith("审批链：1. 代理商管理员：已由 Admin").endsWith(" 审批 → 2. 审批人：待审批");
        HorizontalLayout actions = (HorizontalLayout) _getCellComponent(view.grid, 0, "actions");
        assertThat(actions.getComponentAt(0).isVisible()).as("no editor for an approver-only account").isFalse();
        approveFirstRow(view, "同意第二步");
        assertThat(_size(view.grid)).isZero();

        login(world.consultant());
        UI.getCurrent().navigate(QuoteEditorView.class, new RouteParameters("id", q.id().toString()));
        QuoteEditorView editor = _get(QuoteEditorView.class);
        assertThat(editor.quote.status()).isEqualTo(QuoteStatus.APPROVED);
        assertThat(_get(Div.class, spec -> spec.withClasses("approval-chain")).getText())
                .contains("1. 代理商管理员：已由 Admin").endsWith("2. 审批人：已由 审批人甲 审批");
    }

    @Test
    void theEditorOffersApproveOnlyToWhoHoldsTheWaitingStepsRole() {
        World world = fixtures.world("深圳智算有限公司", "zh-CN");
        String boss = "boss-" + UUID.randomUUID().toString().substring(0, 8) + "@test.example";
        SystemAuthentication.asPlatformAdmin(() -> users.createAccountIfAbsent(world.tenant().tenant().id(), boss,
                "老板", Set.of(Role.TENANT_ADMIN, Role.APPROVER), TestTenants.PASSWORD));
        fixtures.as(world.admin(), () -> tiers.replace(List.of(
                new ApprovalTierService.TierInput(new BigDecimal("15"), "TENANT_ADMIN"),
                new ApprovalTierService.TierInput(new BigDecimal("30"), "APPROVER"))));
        QuoteDetails q = fixtures.as(world.consultant(), () -> quoteWorkflow.submit(quoteDrafting.create(new NewQuote(
                world.project().id(), null, List.of(new QuoteInput.Option("A", List.of(QuoteInput.Line.of(
                        QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)
                        .withManualDiscount(new BigDecimal("35"))), List.of())))).id(), null, BELOW_COST_REASON));

        StatusActions admin = actionsAs(world.admin(), q);
        assertThat(admin.approve.isVisible() && admin.approve.isEnabled()).as("step 1 is the tenant admin's").isTrue();
        assertThat(actionsAs(world.consultant(), q).approve.isVisible()).as("the author holds no step's role").isFalse();

        fixtures.as(boss, () -> quoteWorkflow.approve(q.id(), "同意第一步", null, true));

        admin = actionsAs(world.admin(), q);
        assertThat(admin.approve.isVisible()).as("step 2 needs the approver role, which the admin lacks").isFalse();
        assertThat(admin.reject.isVisible()).as("a tenant admin may still refuse").isTrue();
        StatusActions bossActions = actionsAs(boss, q);
        assertThat(bossActions.approve.isVisible()).as("holds the approver role").isTrue();
        assertThat(bossActions.approve.isEnabled()).as("took step 1, so not step 2").isFalse();
        assertThat(bossActions.approve.getTooltip().getText()).isEqualTo("您已审批过此报价的前一步，这一步需由另一人审批。");
    }

    /** A quote waiting since before approval chains (V63) has no chain rows: its one step is the tenant admin's. */
    @Test
    void aQuoteWaitingWithoutAWrittenChainOffersApproveToTheTenantAdmin() throws Exception {
        World world = fixtures.world("深圳智算有限公司", "zh-CN");
        QuoteDetails q = fixtures.as(world.consultant(), () -> quoteWorkflow.submit(quoteDrafting.create(new NewQuote(
                world.project().id(), null, List.of(new QuoteInput.Option("A", List.of(QuoteInput.Line.of(
                        QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)
                        .withManualDiscount(new BigDecimal("35"))), List.of())))).id(), null, BELOW_COST_REASON));
        assertThat(q.status()).isEqualTo(QuoteStatus.PENDING_APPROVAL);
        try (var c = com.gpuquote.TestDatabase.adminConnection();
             var st = c.prepareStatement("delete from quote_approvals where quote_id = ?")) {
            st.setObject(1, q.id().value());
            assertThat(st.executeUpdate()).isEqualTo(1);
        }

        StatusActions admin = actionsAs(world.admin(), q);
        assertThat(admin.approve.isVisible() && admin.approve.isEnabled()).isTrue();
        assertThat(actionsAs(world.consultant(), q).approve.isVisible()).isFalse();
    }

    private StatusActions actionsAs(String email, QuoteDetails q) {
        login(email);
        UI.getCurrent().navigate(QuoteEditorView.class, new RouteParameters("id", q.id().toString()));
        return _get(StatusActions.class);
    }

    private static void approveFirstRow(ApprovalsView view, String comment) {
        HorizontalLayout actions = (HorizontalLayout) _getCellComponent(view.grid, 0, "actions");
        _click((Button) actions.getComponentAt(1));
        _setValue(_get(TextArea.class, spec -> spec.withId("approve-comment")), comment);
        _setValue(_get(com.vaadin.flow.component.checkbox.Checkbox.class,
                spec -> spec.withId("approve-confirm-below-cost")), true); // issue 39: below cost, the second tick
        _click(_get(Button.class, spec -> spec.withId("approve-confirm")));
    }
}
