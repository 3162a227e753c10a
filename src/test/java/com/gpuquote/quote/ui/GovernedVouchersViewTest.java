package com.gpuquote.quote.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.VoucherService;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.RouteParameters;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

import static com.github.mvysny.kaributesting.v10.GridKt._getCellComponent;
import static com.github.mvysny.kaributesting.v10.GridKt._size;
import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 39 in the browser's views (ADR 3902). Fixture: T4 MONTHLY list 5,000 / cost 3,000, 1 instance × 12 months:
 * subtotal 60,000.00, cost 36,000.00; the tenant's voucher cap is the default 10 % (6,000.00).
 */
class GovernedVouchersViewTest extends KaribuTest {

    private static final BigDecimal SUBTOTAL = new BigDecimal("5000").multiply(BigDecimal.valueOf(12));
    private static final BigDecimal COST = new BigDecimal("3000").multiply(BigDecimal.valueOf(12));

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting quoteDrafting;
    @Autowired
    QuoteQueries quoteQueries;
    @Autowired
    VoucherService vouchers;

    World world;

    @BeforeEach
    void world() {
        world = fixtures.world("杭州代金券科技有限公司", "zh-CN");
    }

    private QuoteDetails draft(String email) {
        return fixtures.as(email, () -> quoteDrafting.create(new NewQuote(world.project().id(), null, List.of(
                new QuoteInput.Option("A", List.of(QuoteInput.Line.of(QuoteUiFixtures.T4, QuoteUiFixtures.REGION,
                        BillingMode.MONTHLY, 1, 12)), List.of())))));
    }

    private QuoteEditorView open(QuoteDetails q) {
        UI.getCurrent().navigate(QuoteEditorView.class, new RouteParameters("id", q.id().toString()));
        return _get(QuoteEditorView.class);
    }

    private static BigDecimal percentOf(BigDecimal part, BigDecimal whole) {
        return part.multiply(BigDecimal.valueOf(100)).divide(whole, 2, RoundingMode.HALF_UP);
    }

    /*
     * A 90 % voucher (54,000.00 of 60,000.00) is 9 × the cap, and unconfirmed it leaves the reseller 6,000.00 of
     * revenue against 36,000.00 of cost: below cost. Submitting asks for the consultant's reasons; the quote then
     * waits in the approver's queue, whose review shows why and the reasons, and approving needs the second tick.
     */
    @Test
    void aNinetyPercentVoucherGoesToTheApproverWithTheConsultantsReasons() {
        BigDecimal voucher = SUBTOTAL.multiply(new BigDecimal("0.90"));
        assertThat(voucher.subtract(SUBTOTAL.multiply(new BigDecimal("0.10")))).isPositive(); // over the cap
        assertThat(SUBTOTAL.subtract(voucher).subtract(COST)).isNegative(); // below cost while unconfirmed
        login(world.consultant());
        QuoteDetails q = draft(world.consultant());
        QuoteEditorView view = open(q);
        _click(view.editors.get(0).channel.add);
        ChannelEditor.Row row = view.editors.get(0).channel.rows.get(0);
        _setValue(row.name, "火山引擎新客代金券");
        _setValue(row.amount, voucher);
        assertThat(_get(Span.class, spec -> spec.withClasses("voucher-cap")).getText())
                .isEqualTo("未确认代金券 ¥54,000.00 超过小计的 10 %：提交后需审批");

        _click(view.actions.submit);
        _setValue(_get(TextArea.class, spec -> spec.withId("justification-text")),
                "客户承诺次年续约推理集群，首单让利。");
        _click(_get(Button.class, spec -> spec.withId("justification-submit")));
        assertThat(fixtures.as(world.consultant(), () -> quoteQueries.get(q.id())).status())
                .isEqualTo(QuoteStatus.PENDING_APPROVAL);
        assertThat(notificationTexts()).anyMatch(t -> t.contains("代金券或整体毛利需要审批"));

        login(world.admin());
        UI.getCurrent().navigate(ApprovalsView.class);
        ApprovalsView queue = _get(ApprovalsView.class);
        assertThat(_size(queue.grid)).isEqualTo(1);
        UI.getCurrent().navigate(QuoteReviewView.class, new RouteParameters("id", q.id().toString()));
        assertThat(_find(Paragraph.class, spec -> spec.withClasses("approval-reason")))
                .extracting(Paragraph::getText)
                .containsExactly("方案 A：未确认代金券 ¥54,000.00 超过小计的 10 %", "方案 A：低于成本（负毛利）");
        assertThat(_get(Paragraph.class, spec -> spec.withId("below-cost-justification")).getText())
                .isEqualTo("客户承诺次年续约推理集群，首单让利。");

        _click(_get(Button.class, spec -> spec.withId("review-approve")));
        _setValue(_get(TextArea.class, spec -> spec.withId("approve-comment")), "同意，战略客户");
        _click(_get(Button.class, spec -> spec.withId("approve-confirm")));
        assertThat(fixtures.as(world.admin(), () -> quoteQueries.get(q.id())).status())
                .isEqualTo(QuoteStatus.PENDING_APPROVAL); // no second confirmation, no approval
        _setValue(_get(Checkbox.class, spec -> spec.withId("approve-confirm-below-cost")), true);
        _click(_get(Button.class, spec -> spec.withId("approve-confirm")));
        assertThat(fixtures.as(world.admin(), () -> quoteQueries.get(q.id())).status()).isEqualTo(QuoteStatus.APPROVED);
    }

    /* 5,000.00 of 60,000.00 is within the 10 % cap and the margin stays 55,000 − 36,000: approved at once. */
    @Test
    void aVoucherWithinTheCapIsApprovedAtOnce() {
        BigDecimal voucher = new BigDecimal("5000");
        assertThat(voucher).isLessThanOrEqualTo(SUBTOTAL.multiply(new BigDecimal("0.10")));
        login(world.consultant());
        QuoteDetails q = draft(world.consultant());
        QuoteEditorView view = open(q);
        _click(view.editors.get(0).channel.add);
        ChannelEditor.Row row = view.editors.get(0).channel.rows.get(0);
        _setValue(row.name, "新客代金券");
        _setValue(row.amount, voucher);
        assertThat(_get(Span.class, spec -> spec.withClasses("voucher-cap")).getText())
                .isEqualTo("未确认代金券 ¥5,000.00，在小计的 10 % 额度内");
        _click(view.actions.submit);
        assertThat(fixtures.as(world.consultant(), () -> quoteQueries.get(q.id())).status())
                .isEqualTo(QuoteStatus.APPROVED);
    }

    /*
     * A tenant admin confirms the 54,000.00 voucher with the provider's reference: it no longer counts against the cap,
     * and it lowers the cost too (36,000 − 54,000, never below 0): revenue 6,000.00, cost 0, margin 6,000.00 = 100 %.
     */
    @Test
    void anAdminConfirmsAVoucherWithTheProvidersReference() {
        QuoteDetails q = fixtures.as(world.consultant(), () -> quoteDrafting.create(new NewQuote(world.project().id(),
                null, List.of(new QuoteInput.Option("A", List.of(QuoteInput.Line.of(QuoteUiFixtures.T4,
                        QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)), List.of())
                        .withChannel(List.of(new QuoteInput.VoucherInput("火山引擎新客代金券", new BigDecimal("54000"))),
                                null)))));
        login(world.admin());
        QuoteEditorView view = open(q);
        ChannelEditor.Row row = view.editors.get(0).channel.rows.get(0);
        assertThat(row.state.getText()).isEqualTo("未确认");
        _click(row.confirm);
        _setValue(_get(TextField.class, spec -> spec.withClasses("voucher-confirm-reference")), "VE-2026-000123");
        _click(_get(Button.class, spec -> spec.withClasses("voucher-confirm-ok")));

        QuoteDetails after = fixtures.as(world.admin(), () -> quoteQueries.get(q.id()));
        var v = after.options().get(0).totals().vouchers().get(0);
        assertThat(v.confirmed()).isTrue();
        assertThat(v.reference()).isEqualTo("VE-2026-000123");
        BigDecimal revenue = SUBTOTAL.subtract(new BigDecimal("54000"));
        BigDecimal cost = COST.subtract(new BigDecimal("54000")).max(BigDecimal.ZERO);
        var margin = after.margins().orElseThrow().get(0);
        assertThat(margin.marginAmount()).isEqualByComparingTo(revenue.subtract(cost));
        assertThat(margin.marginPercent()).isEqualByComparingTo(percentOf(revenue.subtract(cost), revenue));
        assertThat(after.optionApprovals().get(0).vouchersOverCap()).isFalse();
        assertThat(view.editors.get(0).channel.rows.get(0).state.getText()).isEqualTo("已确认");
        assertThat(_find(Span.class, spec -> spec.withClasses("voucher-cap"))).isEmpty();
    }

    /* The admin sets the cap on the rebates screen; an empty or out-of-range value is refused on the field. */
    @Test
    void anAdminSetsTheVoucherCap() {
        login(world.admin());
        UI.getCurrent().navigate(ProviderRebatesView.class);
        ProviderRebatesView view = _get(ProviderRebatesView.class);
        assertThat(view.voucherPolicy.cap.getValue()).isEqualByComparingTo("10");
        _setValue(view.voucherPolicy.cap, new BigDecimal("150"));
        _click(view.voucherPolicy.save);
        assertThat(view.voucherPolicy.cap.isInvalid()).isTrue();
        _setValue(view.voucherPolicy.cap, new BigDecimal("25"));
        _click(view.voucherPolicy.save);
        assertThat(view.voucherPolicy.cap.isInvalid()).isFalse();
        assertThat(fixtures.as(world.admin(), () -> vouchers.policy()).consultantCapPercent()).isEqualByComparingTo("25");
    }
}
