package com.gpuquote.quote.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.notification.Notification;
import com.gpuquote.notification.NotificationService;
import com.gpuquote.quote.ApprovalTierService;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteWorkflow;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import com.gpuquote.security.Role;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.shared.I18n;
import com.gpuquote.user.UserService;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.popover.Popover;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 16: every step of an approval chain tells the author which step (and role) was decided by whom, and a step
 * approved with another to come tells everyone who may take that one (its role; not the author, not whoever took a
 * step) that a quote waits for them, with its number and a link. Texts in the reader's language.
 */
class ApprovalStepNotificationsTest extends KaribuTest {

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
    @Autowired
    NotificationService notifications;

    World world;
    String approverA;
    String approverB;
    /** A tenant admin who is also an approver: takes step 1 and so may not take step 2. */
    String boss;

    @BeforeEach
    void tenantWithTwoTiers() {
        world = fixtures.world("深圳智算有限公司", "zh-CN");
        approverA = account("审批人甲", Set.of(Role.APPROVER));
        approverB = account("Approver B", Set.of(Role.APPROVER));
        boss = account("老板", Set.of(Role.TENANT_ADMIN, Role.APPROVER));
        fixtures.as(world.admin(), () -> tiers.replace(List.of(
                new ApprovalTierService.TierInput(new BigDecimal("15"), "TENANT_ADMIN"),
                new ApprovalTierService.TierInput(new BigDecimal("30"), "APPROVER"))));
    }

    private String account(String name, Set<Role> roles) {
        String email = "u-" + UUID.randomUUID().toString().substring(0, 8) + "@test.example";
        SystemAuthentication.asPlatformAdmin(() -> users.createAccountIfAbsent(world.tenant().tenant().id(), email,
                name, roles, TestTenants.PASSWORD));
        return email;
    }

    /** 35 % off list: beyond both tiers, so a chain of tenant admin then approver. */
    private QuoteDetails submitted() {
        QuoteDetails q = fixtures.as(world.consultant(), () -> quoteWorkflow.submit(quoteDrafting.create(new NewQuote(
                world.project().id(), null, List.of(new QuoteInput.Option("A", List.of(QuoteInput.Line.of(
                        QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)
                        .withManualDiscount(new BigDecimal("35"))), List.of())))).id(), null, BELOW_COST_REASON));
        assertThat(q.status()).isEqualTo(QuoteStatus.PENDING_APPROVAL);
        assertThat(q.approvalChain()).extracting(st -> st.role()).containsExactly(Role.TENANT_ADMIN, Role.APPROVER);
        return q;
    }

    private List<Notification> of(String email) {
        return fixtures.as(email, () -> notifications.mine(20));
    }

    private static String zh(Notification n) {
        return NotificationService.render(I18n.CHINESE, n.kind(), n.params());
    }

    private static String en(Notification n) {
        return NotificationService.render(I18n.ENGLISH, n.kind(), n.params());
    }

    @Test
    void submittingTellsWhoMayTakeTheFirstStep() {
        QuoteDetails q = submitted();
        String number = q.number().toString();
        for (String admin : List.of(world.admin(), boss)) {
            List<Notification> asked = of(admin);
            assertThat(asked).as(admin).hasSize(1);
            assertThat(asked.get(0).kind()).isEqualTo("QUOTE_APPROVAL_REQUESTED");
            assertThat(asked.get(0).link()).isEqualTo("approvals/" + q.id());
            assertThat(zh(asked.get(0))).matches("报价 " + number
                    + "（深圳智算有限公司）已由 Consultant \\S+ 提交，等待您审批：第 1/2 步（代理商管理员）");
            assertThat(en(asked.get(0))).matches("Quote " + number + " \\(深圳智算有限公司\\) was submitted by "
                    + "Consultant \\S+ and is waiting for your approval: step 1 of 2 \\(Reseller admin\\)");
        }
        assertThat(of(approverA)).as("the second step's role is asked once the first is taken").isEmpty();
        assertThat(of(world.consultant())).as("the author is not asked").isEmpty();
    }

    /** The requests made at submit (the test above) left out: what each later step sends. */
    private List<Notification> afterSubmit(String email) {
        return of(email).stream().filter(n -> !n.kind().equals("QUOTE_APPROVAL_REQUESTED")).toList();
    }

    @Test
    void eachStepNotifiesTheAuthorAndTheNextStepsApprovers() {
        QuoteDetails q = submitted();
        String number = q.number().toString();
        assertThat(of(approverA)).as("nobody is told before the admin step is taken").isEmpty();

        fixtures.as(boss, () -> quoteWorkflow.approve(q.id(), "同意第一步", null, true));

        List<Notification> author = of(world.consultant());
        assertThat(author).hasSize(1);
        assertThat(author.get(0).link()).isEqualTo("quotes/" + q.id());
        assertThat(zh(author.get(0)))
                .isEqualTo("报价 " + number + " 审批链第 1/2 步（代理商管理员）已由 老板 批准，等待下一步审批：同意第一步");
        assertThat(en(author.get(0))).isEqualTo("Quote " + number
                + ": approval step 1 of 2 (Reseller admin) approved by 老板; waiting for the next step: 同意第一步");

        for (String approver : List.of(approverA, approverB)) {
            List<Notification> waiting = of(approver);
            assertThat(waiting).as(approver).hasSize(1);
            assertThat(waiting.get(0).link()).isEqualTo("approvals/" + q.id());
            assertThat(zh(waiting.get(0)))
                    .isEqualTo("报价 " + number + "（深圳智算有限公司）等待您审批：第 2/2 步（审批人），上一步由 老板 批准");
            assertThat(en(waiting.get(0))).isEqualTo("Quote " + number
                    + " (深圳智算有限公司) is waiting for your approval: step 2 of 2 (Approver), the previous step approved by 老板");
        }
        assertThat(afterSubmit(boss)).as("took step 1, may not take step 2").isEmpty();
        assertThat(afterSubmit(world.admin())).as("not an approver").isEmpty();

        fixtures.as(approverA, () -> quoteWorkflow.approve(q.id(), "同意第二步", null, true));
        author = of(world.consultant());
        assertThat(author).hasSize(2);
        assertThat(zh(author.get(0)))
                .isEqualTo("报价 " + number + " 已获批准：审批链第 2/2 步（审批人）由 审批人甲 批准：同意第二步");
        assertThat(en(author.get(0))).isEqualTo("Quote " + number
                + " is approved: step 2 of 2 (Approver) approved by 审批人甲: 同意第二步");
        assertThat(of(approverB)).as("the step is taken: approver B's task left the bell (issue 42)").isEmpty();
        assertThat(afterSubmit(boss)).isEmpty();
    }

    /** The tasks in the bells of one quote's approvers. */
    private List<Notification> tasks(String email, QuoteDetails q) {
        return of(email).stream().filter(n -> n.link().equals("approvals/" + q.id())).toList();
    }

    @Test
    void aTaskLeavesEveryBellWhenItsStepIsTakenRefusedOrReopened() {
        QuoteDetails q = submitted();
        assertThat(tasks(world.admin(), q)).hasSize(1);
        assertThat(tasks(boss, q)).hasSize(1);
        fixtures.as(boss, () -> quoteWorkflow.approve(q.id(), "同意第一步", null, true));
        // step 1 is taken: neither admin is asked any more; step 2's approvers are
        assertThat(tasks(world.admin(), q)).isEmpty();
        assertThat(tasks(boss, q)).isEmpty();
        assertThat(tasks(approverA, q)).extracting(Notification::kind).containsExactly("QUOTE_APPROVAL_STEP_WAITING");
        assertThat(tasks(approverB, q)).hasSize(1);
        fixtures.as(approverA, () -> quoteWorkflow.approve(q.id(), "同意第二步", null, true));
        assertThat(tasks(approverA, q)).isEmpty();
        assertThat(tasks(approverB, q)).isEmpty();
        // what the author was told stays
        assertThat(of(world.consultant())).hasSize(2);

        QuoteDetails refused = submitted();
        fixtures.as(world.admin(), () -> quoteWorkflow.reject(refused.id(), "折扣过深", null));
        assertThat(tasks(world.admin(), refused)).isEmpty();
        assertThat(tasks(boss, refused)).isEmpty();

        QuoteDetails reopened = submitted();
        fixtures.as(world.admin(), () -> quoteWorkflow.approve(reopened.id(), "可以", null, true));
        assertThat(tasks(approverB, reopened)).hasSize(1);
        fixtures.as(world.consultant(), () -> quoteWorkflow.reopen(reopened.id()));
        assertThat(tasks(approverA, reopened)).isEmpty();
        assertThat(tasks(approverB, reopened)).isEmpty();
        assertThat(tasks(boss, reopened)).isEmpty();
    }

    @Test
    void aRejectedStepTellsTheAuthorWhichStepAndWho() {
        QuoteDetails q = submitted();
        fixtures.as(world.admin(), () -> quoteWorkflow.approve(q.id(), "可以", null, true));
        assertThat(afterSubmit(boss)).as("a tenant admin with the approver role who took no step is asked").hasSize(1);
        fixtures.as(approverB, () -> quoteWorkflow.reject(q.id(), "折扣过深", null));

        List<Notification> author = of(world.consultant());
        assertThat(author).hasSize(2);
        assertThat(zh(author.get(0))).isEqualTo("报价 " + q.number()
                + " 未获批准，已退回草稿：审批链第 2/2 步（审批人）被 Approver B 拒绝：折扣过深");
        assertThat(en(author.get(0))).isEqualTo("Quote " + q.number()
                + " was not approved and is a draft again: step 2 of 2 (Approver) rejected by Approver B: 折扣过深");
        assertThat(fixtures.as(world.consultant(), () -> quoteQueries.get(q.id())).status()).isEqualTo(QuoteStatus.DRAFT);
    }

    @Test
    void theApproverSeesTheWaitingQuoteInTheBellAndItOpensTheReview() {
        QuoteDetails q = submitted();
        fixtures.as(world.admin(), () -> quoteWorkflow.approve(q.id(), "可以", null, true));

        login(approverA);
        UI.getCurrent().navigate(ApprovalsView.class);
        assertThat(_get(Span.class, spec -> spec.withId("notification-count")).getText()).isEqualTo("1");
        Popover popover = _get(Popover.class, spec -> spec.withId("notification-popover"));
        popover.setOpened(true);
        List<Div> rows = _find(popover, Div.class, spec -> spec.withClasses("notification"));
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).getElement().getTextRecursively())
                .startsWith("报价 " + q.number() + "（深圳智算有限公司）等待您审批：第 2/2 步（审批人），上一步由 Admin ");
        _click(rows.get(0));
        assertThat(_get(QuoteReviewView.class).quote.id()).isEqualTo(q.id());
    }
}
