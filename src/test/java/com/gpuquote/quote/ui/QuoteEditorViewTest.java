package com.gpuquote.quote.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.pricing.BillingMode;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteService;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.SelfApprovalException;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.router.RouteParameters;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;

import static com.github.mvysny.kaributesting.v10.GridKt._getCellComponent;
import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class QuoteEditorViewTest extends KaribuTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteService quotes;

    World world;

    @BeforeEach
    void world() {
        world = fixtures.world("上海模型科技有限公司", "zh-CN");
    }

    private QuoteDetails draft(String email, List<QuoteInput.Line> lines) {
        return fixtures.as(email, () -> quotes.create(new NewQuote(world.project().id(), null,
                List.of(new QuoteInput.Option("A", lines, List.of())))));
    }

    private QuoteEditorView open(QuoteDetails q) {
        UI.getCurrent().navigate(QuoteEditorView.class, new RouteParameters("id", q.id().toString()));
        return _get(QuoteEditorView.class);
    }

    private static String text(String id) {
        return _get(Span.class, spec -> spec.withId(id)).getText();
    }

    @Test
    void addingALineUpdatesTheTotals() {
        login(world.consultant());
        QuoteEditorView view = open(draft(world.consultant(), List.of()));
        assertThat(_find(Span.class, spec -> spec.withId("totals-grandTotal"))).isEmpty();

        OptionEditor a = view.editors.get(0);
        _setValue(a.newType, QuoteUiFixtures.T4);
        assertThat(a.newRegion.getValue()).isEqualTo(QuoteUiFixtures.REGION);
        _setValue(a.newMode, BillingMode.MONTHLY);
        _setValue(a.newQuantity, 2);
        _setValue(a.newTerm, 12);
        _click(a.addLine);

        // 2 × 5000 monthly × 12 = 120,000.00 net; VAT 6 % = 7,200.00; grand total 127,200.00
        assertThat(text("totals-monthlyNet")).isEqualTo("10,000.00");
        assertThat(text("totals-grandTotal")).isEqualTo("127,200.00");
        QuoteDetails saved = fixtures.as(world.consultant(), () -> quotes.get(view.quote.id()));
        assertThat(saved.options().get(0).lines()).hasSize(1);

        // change the quantity in the grid: totals follow at once
        OptionEditor edited = view.editors.get(0);
        _setValue((com.vaadin.flow.component.textfield.IntegerField)
                _getCellComponent(edited.lines, 0, LinesGrid.COL_QTY), 3);
        assertThat(text("totals-monthlyNet")).isEqualTo("15,000.00");
        assertThat(text("totals-grandTotal")).isEqualTo("190,800.00");
    }

    @Test
    void consultantSeesBelowFloorFlagButNoMarginAdminSeesMargin() {
        QuoteDetails q = draft(world.consultant(), List.of(
                QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)));
        login(world.consultant());
        QuoteEditorView view = open(q);
        LinesGrid lines = view.editors.get(0).lines;
        Span flag = (Span) _getCellComponent(lines, 0, LinesGrid.COL_FLAG);
        assertThat(flag.getClassNames()).contains("below-floor");
        assertThat(lines.getColumnByKey(LinesGrid.COL_MARGIN)).isNull();
        assertThat(_find(Span.class, spec -> spec.withId("totals-margin"))).isEmpty();
        assertThat(view.quote.margins()).isEmpty();

        login(world.admin());
        view = open(q);
        lines = view.editors.get(0).lines;
        assertThat(lines.getColumnByKey(LinesGrid.COL_MARGIN)).isNotNull();
        // net 10000 × 12 − cost 9800 × 12 = 2,400.00 margin (2 %)
        assertThat(text("totals-margin")).isEqualTo("2,400.00 (2%)");
    }

    @Test
    void onlyLegalActionsAreShownAndTheAuthorCannotApprove() {
        QuoteDetails q = draft(world.admin(), List.of(
                QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)));
        login(world.admin());
        QuoteEditorView view = open(q);
        StatusActions actions = view.actions;
        assertThat(actions.submit.isVisible()).isTrue();
        assertThat(actions.approve.isVisible() || actions.send.isVisible() || actions.revise.isVisible()
                || actions.reopen.isVisible()).isFalse();

        _click(actions.submit);
        assertThat(view.quote.status()).isEqualTo(QuoteStatus.PENDING_APPROVAL);
        actions = view.actions;
        assertThat(actions.submit.isVisible()).isFalse();
        assertThat(actions.reopen.isVisible()).isTrue();
        assertThat(actions.approve.isVisible()).isTrue();
        assertThat(actions.approve.isEnabled()).as("the author may not approve").isFalse();
        assertThatThrownBy(() -> quotes.approve(q.id(), "ok")).isInstanceOf(SelfApprovalException.class);

        // the consultant does not get the approve button at all
        login(world.consultant());
        view = open(q);
        assertThat(view.actions.approve.isVisible()).isFalse();
        assertThat(view.editors.get(0).addLine.isAttached()).as("not editable").isFalse();
    }

    @Test
    void anotherAdminApprovesWithAComment() {
        QuoteDetails q = draft(world.consultant(), List.of(
                QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)));
        fixtures.as(world.consultant(), () -> quotes.submit(q.id()));
        login(world.admin());
        QuoteEditorView view = open(q);
        assertThat(view.actions.approve.isEnabled()).isTrue();
        _click(view.actions.approve);
        _setValue(_get(TextArea.class, spec -> spec.withId("approve-comment")), "客户战略合作，同意");
        _click(_get(com.vaadin.flow.component.button.Button.class, spec -> spec.withId("approve-confirm")));
        assertThat(view.quote.status()).isEqualTo(QuoteStatus.APPROVED);
        assertThat(view.actions.send.isVisible()).isTrue();
    }
}
