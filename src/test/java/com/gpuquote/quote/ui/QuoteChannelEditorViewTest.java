package com.gpuquote.quote.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.router.RouteParameters;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.util.List;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/** Issue 16: vouchers entered in the editor are named steps of the totals; only admins see and set the rebate. */
class QuoteChannelEditorViewTest extends KaribuTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting quoteDrafting;
    @Autowired
    QuoteQueries quoteQueries;

    World world;

    @BeforeEach
    void world() {
        world = fixtures.world("上海渠道科技有限公司", "zh-CN");
    }

    private QuoteDetails draft(String email) {
        return fixtures.as(email, () -> quoteDrafting.create(new NewQuote(world.project().id(), null, List.of(
                new QuoteInput.Option("A", List.of(QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION,
                        BillingMode.MONTHLY, 1, 12)), List.of())))));
    }

    private QuoteEditorView open(QuoteDetails q) {
        UI.getCurrent().navigate(QuoteEditorView.class, new RouteParameters("id", q.id().toString()));
        return _get(QuoteEditorView.class);
    }

    @Test
    void aConsultantAddsAVoucherAndSeesNoRebate() {
        login(world.consultant());
        QuoteDetails q = draft(world.consultant());
        QuoteEditorView view = open(q);
        assertThat(_find(BigDecimalField.class, spec -> spec.withClasses("rebate-percent"))).isEmpty();
        _click(view.editors.get(0).channel.add);
        ChannelEditor.Row row = view.editors.get(0).channel.rows.get(0);
        _setValue(row.name, "火山引擎新客代金券");
        _setValue(row.amount, new BigDecimal("2000"));

        QuoteDetails saved = fixtures.as(world.consultant(), () -> quoteQueries.get(q.id()));
        var totals = saved.options().get(0).totals();
        assertThat(totals.vouchers()).extracting(v -> v.name()).containsExactly("火山引擎新客代金券");
        assertThat(totals.voucherTotal()).isEqualByComparingTo("2000.00");
        assertThat(totals.netAfterVouchers()).isEqualByComparingTo(totals.subtotal().subtract(new BigDecimal("2000")));
        assertThat(_get(Span.class, spec -> spec.withId("totals-voucher-0")).getText()).contains("2,000.00");
        assertThat(_find(Span.class, spec -> spec.withId("totals-rebate"))).isEmpty();
    }

    @Test
    void anAdminSetsTheRebateAndSeesItInTheMargin() {
        login(world.admin());
        QuoteDetails q = draft(world.admin());
        QuoteEditorView view = open(q);
        _setValue(view.editors.get(0).channel.rebate, new BigDecimal("5"));
        var margin = fixtures.as(world.admin(), () -> quoteQueries.get(q.id())).margins().orElseThrow().get(0);
        assertThat(margin.rebatePercent()).isEqualByComparingTo("5");
        assertThat(margin.rebateAmount()).isPositive();
        assertThat(_get(Span.class, spec -> spec.withId("totals-rebate")).getText()).contains("5");
        // A10 monthly list 10,000 × 1 × 12 = 120,000.00 → rebate 5 % = 6,000.00 in the line's waterfall
        var priced = fixtures.as(world.admin(), () -> quoteQueries.get(q.id())).options().get(0).lines().get(0);
        new WaterfallDialog(priced, margin.lines().get(0)).open();
        assertThat(_get(com.vaadin.flow.component.html.Paragraph.class, spec -> spec.withId("waterfall-rebate"))
                .getText()).contains("6,000.00");
    }

    @Autowired
    com.gpuquote.quote.ProviderRebateService providerRebates;

    /*
     * Tenant default 火山引擎 8 % (ADR 1602). An admin adds option B in the editor and gives it an A10 line (A10 is a
     * VOLCENGINE type): B starts with 8 %; A, which existed before the default with no rebate, keeps 0 %.
     * B: A10 monthly list 10,000 × 1 × 12 = 120,000.00 → rebate 8 % = 9,600.00.
     */
    @Test
    void anOptionAnAdminAddsInTheEditorStartsWithTheProviderDefault() {
        login(world.admin());
        QuoteDetails q = draft(world.admin());
        fixtures.as(world.admin(), () -> providerRebates.replace(List.of(
                new com.gpuquote.quote.ProviderRebateService.RebateInput("VOLCENGINE", new BigDecimal("8")))));
        QuoteEditorView view = open(q);
        assertThat(view.editors.get(0).channel.rebate.getValue()).isNull();
        _click(view.addOption);
        view.tabs.setSelectedIndex(1);
        OptionEditor b = view.editors.get(1);
        _setValue(b.newType, QuoteUiFixtures.A10);
        _setValue(b.newMode, BillingMode.MONTHLY);
        _setValue(b.newQuantity, 1);
        _setValue(b.newTerm, 12);
        _click(b.addLine);

        var margins = fixtures.as(world.admin(), () -> quoteQueries.get(q.id())).margins().orElseThrow();
        assertThat(margins.get(0).rebatePercent()).isZero();
        assertThat(margins.get(1).rebatePercent()).isEqualByComparingTo("8");
        assertThat(margins.get(1).rebateAmount()).isEqualByComparingTo("9600.00");
        assertThat(view.editors.get(1).channel.rebate.getValue()).isEqualByComparingTo("8");
    }
}
