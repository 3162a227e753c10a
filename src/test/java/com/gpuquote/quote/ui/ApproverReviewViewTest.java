package com.gpuquote.quote.ui;

import com.gpuquote.quote.domain.ApprovalDeniedException;
import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.layout.AccessDeniedView;
import com.gpuquote.quote.ApprovalTierService;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteWorkflow;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.QuoteUpdate;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import com.gpuquote.security.Role;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.shared.I18n;
import com.gpuquote.user.UserService;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.RouteParameters;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.access.AccessDeniedException;

import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static com.github.mvysny.kaributesting.v10.GridKt._getCellComponent;
import static com.github.mvysny.kaributesting.v10.GridKt._size;
import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Issue 16: an APPROVER-only account reviews quotes read-only (lines, waterfall, margins, chain) and takes its step
 * there; it cannot open the editor. Its inbox lists exactly the quotes waiting at its step, with amount, discount and
 * margin. A refused approval names the role the step needs.
 *
 * <p>Figures (hand-computed): A10 MONTHLY list 10,000 / cost 9,800, 1 instance × 12 months at 35 % off: net 6,500 a
 * month, 78,000.00 over the term against a list 120,000.00 (35.0 % below list); margin (6,500 − 9,800) × 12 =
 * −39,600.00, −39,600 / 78,000 = −50.77 %.
 */
class ApproverReviewViewTest extends KaribuTest {

    /** 35 % off A10 (list 10,000, cost 9,800) is below cost: submitted with reasons, approved with a second tick. */
    private static final String BELOW_COST_REASON = "战略客户首单";

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting quoteDrafting;
    @Autowired
    QuoteQueries quoteQueries;
    @Autowired
    QuoteWorkflow quoteWorkflow;
    @Autowired
    ApprovalTierService tiers;
    @Autowired
    UserService users;

    World world;
    String approver;

    @BeforeEach
    void tenantWithTwoTiers() {
        world = fixtures.world("深圳智算有限公司", "zh-CN");
        approver = "approver-" + UUID.randomUUID().toString().substring(0, 8) + "@test.example";
        SystemAuthentication.asPlatformAdmin(() -> users.createAccountIfAbsent(world.tenant().tenant().id(), approver,
                "审批人乙", Set.of(Role.APPROVER), TestTenants.PASSWORD));
        fixtures.as(world.admin(), () -> tiers.replace(List.of(
                new ApprovalTierService.TierInput(new BigDecimal("15"), "TENANT_ADMIN"),
                new ApprovalTierService.TierInput(new BigDecimal("30"), "APPROVER"))));
    }

    private QuoteDetails submitted(String discount) {
        return fixtures.as(world.consultant(), () -> quoteWorkflow.submit(quoteDrafting.create(new NewQuote(world.project().id(),
                null, List.of(new QuoteInput.Option("A", List.of(QuoteInput.Line.of(QuoteUiFixtures.A10,
                        QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)
                        .withManualDiscount(new BigDecimal(discount))), List.of())))).id(), null, BELOW_COST_REASON));
    }

    @Test
    void theInboxListsOnlyQuotesWaitingAtTheApproversStepWithAmountDiscountAndMargin() {
        QuoteDetails atMyStep = submitted("35");
        QuoteDetails stillAtAdmin = submitted("35");
        QuoteDetails adminOnly = submitted("20"); // beyond 15 % only: one tenant-admin step
        fixtures.as(world.admin(), () -> quoteWorkflow.approve(atMyStep.id(), "第一步同意", null, true));

        login(approver);
        UI.getCurrent().navigate(ApprovalsView.class);
        ApprovalsView inbox = _get(ApprovalsView.class);
        assertThat(_size(inbox.grid)).isEqualTo(1);
        assertThat(inbox.grid.getListDataView().getItems().map(r -> r.quote().id()).toList())
                .containsExactly(atMyStep.id()).doesNotContain(stillAtAdmin.id(), adminOnly.id());
        String figures = ((Div) _getCellComponent(inbox.grid, 0, "figures")).getElement().getTextRecursively();
        assertThat(figures).contains("方案 A", "¥78,000.00", "较刊例价优惠 35%", "毛利 -¥39,600.00（-50.77%）");
        assertThat(((Div) _getCellComponent(inbox.grid, 0, "chain")).getText())
                .endsWith("2. 审批人：待审批");
    }

    @Test
    void anApproverCannotOpenTheEditorButReviewsTheQuoteReadOnlyAndApprovesItsStep() {
        QuoteDetails q = submitted("35");
        fixtures.as(world.admin(), () -> quoteWorkflow.approve(q.id(), "第一步同意", null, true));

        login(approver);
        UI.getCurrent().navigate(QuoteEditorView.class, new RouteParameters("id", q.id().toString()));
        assertThat(UI.getCurrent().getInternals().getActiveRouterTargetsChain())
                .noneMatch(QuoteEditorView.class::isInstance).anyMatch(AccessDeniedView.class::isInstance);
        QuoteDetails seen = quoteQueries.get(q.id());
        assertThatThrownBy(() -> quoteDrafting.update(q.id(), new QuoteUpdate(seen.rowVersion(), seen.validUntil(),
                List.of()))).isInstanceOf(AccessDeniedException.class);

        UI.getCurrent().navigate(ApprovalsView.class);
        HorizontalLayout actions = (HorizontalLayout) _getCellComponent(_get(ApprovalsView.class).grid, 0, "actions");
        Button review = _get(actions, Button.class, spec -> spec.withClasses("review-button"));
        assertThat(review.getText()).isEqualTo("查看");
        _click(review);
        QuoteReviewView view = _get(QuoteReviewView.class);
        assertThat(view.quote.id()).isEqualTo(q.id());
        assertThat(_get(Div.class, spec -> spec.withClasses("approval-chain")).getText())
                .startsWith("审批链：1. 代理商管理员：已由 Admin").endsWith("2. 审批人：待审批");
        // the lines, their waterfall and the margins of what was submitted
        assertThat(_size(view.options.get(0).lines)).isEqualTo(1);
        assertThat(view.options.get(0).lines.getListDataView().getItems().toList().get(0).input.instanceType())
                .isEqualTo(QuoteUiFixtures.A10);
        assertThat(_get(Span.class, spec -> spec.withId("totals-termNet")).getText()).contains("78,000.00");
        assertThat(_get(Span.class, spec -> spec.withId("totals-margin")).getText()).contains("-39,600.00", "-50.77%");
        _click((Button) _getCellComponent(view.options.get(0).lines, 0, "waterfall"));
        assertThat(_get(Paragraph.class, spec -> spec.withId("waterfall-margin")).getText()).contains("9,800.00");
        _get(Dialog.class, spec -> spec.withId("waterfall-dialog")).close();
        // no editing controls
        assertThat(_find(view, Div.class, spec -> spec.withClasses("add-line-form"))).isEmpty();
        assertThat(_find(Button.class, spec -> spec.withId("add-option"))).isEmpty();
        assertThat(_find(Button.class, spec -> spec.withId("quote-submit"))).isEmpty();
        assertThat(_find(view, TextField.class)).allMatch(TextField::isReadOnly);
        assertThat(view.options.get(0).lines.getColumnByKey("remove")).as("no remove-line column").isNull();

        assertThat(view.approve.isVisible()).isTrue();
        _click(view.approve);
        _setValue(_get(TextArea.class, spec -> spec.withId("approve-comment")), "同意第二步");
        _setValue(_get(com.vaadin.flow.component.checkbox.Checkbox.class,
                spec -> spec.withId("approve-confirm-below-cost")), true); // issue 39: below cost, the second tick
        _click(_get(Button.class, spec -> spec.withId("approve-confirm")));
        assertThat(view.quote.status()).isEqualTo(QuoteStatus.APPROVED);
        assertThat(view.approve.isVisible()).isFalse();
        assertThat(fixtures.as(world.consultant(), () -> quoteQueries.get(q.id())).status()).isEqualTo(QuoteStatus.APPROVED);
    }

    @Test
    void aReviewerWhoseStepItIsNotSeesNoApproveButton() {
        QuoteDetails q = submitted("35"); // waiting at the tenant admin's step
        login(approver);
        UI.getCurrent().navigate(QuoteReviewView.class, new RouteParameters("id", q.id().toString()));
        QuoteReviewView view = _get(QuoteReviewView.class);
        assertThat(view.approve.isVisible()).isFalse();
        assertThat(view.reject.isVisible()).isFalse();
        assertThat(_get(Div.class, spec -> spec.withClasses("approval-chain")).getText())
                .isEqualTo("审批链：1. 代理商管理员：待审批 → 2. 审批人：待审批");
    }

    /**
     * The bug: a tenant admin approving the approver's step read "only a reseller admin can approve quotes". The
     * editor no longer offers that admin the button; the service's refusal (REST, or a view opened before the step
     * changed hands) names the role the step needs, in the reader's language.
     */
    @Test
    void aRefusedApprovalNamesTheRoleTheStepNeedsInChineseAndEnglish() {
        QuoteDetails q = submitted("35");
        fixtures.as(world.admin(), () -> quoteWorkflow.approve(q.id(), "第一步同意", null, true));
        login(world.admin());
        UI.getCurrent().navigate(QuoteEditorView.class, new RouteParameters("id", q.id().toString()));
        assertThat(_get(QuoteEditorView.class).actions.approve.isVisible()).isFalse();

        ApprovalDeniedException refused = catchThrowableOfType(ApprovalDeniedException.class,
                () -> quoteWorkflow.approve(q.id(), "同意", null, true));
        assertThat(refused.message(I18n.CHINESE)).isEqualTo("此报价审批链的第 2/2 步需要「审批人」角色审批。");
        assertThat(refused.message(I18n.ENGLISH)).isEqualTo("Step 2 of 2 of the approval chain of this quote needs the Approver role.");
        assertThat(quoteQueries.get(q.id()).status()).isEqualTo(QuoteStatus.PENDING_APPROVAL);
    }
}
