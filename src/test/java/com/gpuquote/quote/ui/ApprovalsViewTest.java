package com.gpuquote.quote.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.customer.ui.ProjectDetailView;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteWorkflow;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.QuoteSummary;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.router.RouteParameters;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;

import static com.github.mvysny.kaributesting.v10.GridKt._getCellComponent;
import static com.github.mvysny.kaributesting.v10.GridKt._size;
import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

class ApprovalsViewTest extends KaribuTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting quoteDrafting;
    @Autowired
    QuoteQueries quoteQueries;
    @Autowired
    QuoteWorkflow quoteWorkflow;

    @Test
    void adminApprovesAPendingQuoteFromTheInbox() {
        World world = fixtures.world("深圳智算有限公司", "zh-CN");
        QuoteDetails q = fixtures.as(world.consultant(), () -> {
            QuoteDetails d = quoteDrafting.create(new NewQuote(world.project().id(), null, List.of(new QuoteInput.Option("A",
                    List.of(QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)),
                    List.of()))));
            return quoteWorkflow.submit(d.id());
        });
        assertThat(q.status()).isEqualTo(QuoteStatus.PENDING_APPROVAL);

        login(world.admin());
        UI.getCurrent().navigate(ApprovalsView.class);
        ApprovalsView view = _get(ApprovalsView.class);
        assertThat(_size(view.grid)).isEqualTo(1);
        // the numbers in view: 10000 a month × 12 = 120,000.00 at list price (no discount); margin (10000 − 9800) × 12
        assertThat(((com.vaadin.flow.component.html.Div) _getCellComponent(view.grid, 0, "figures")).getElement().getTextRecursively())
                .isEqualTo("方案 A · ¥120,000.00 · 较刊例价优惠 0% · 毛利 ¥2,400.00（2%） · 1 行中 1 行低于毛利底线");
        HorizontalLayout actions = (HorizontalLayout) _getCellComponent(view.grid, 0, "actions");
        Button approve = (Button) actions.getComponentAt(1);
        _click(approve);
        _setValue(_get(TextArea.class, spec -> spec.withId("approve-comment")), "Strategic customer");
        _click(_get(Button.class, spec -> spec.withId("approve-confirm")));

        assertThat(_size(view.grid)).isZero();
        assertThat(fixtures.as(world.admin(), () -> quoteQueries.get(q.id())).status()).isEqualTo(QuoteStatus.APPROVED);
    }

    @Test
    void consultantStartsANewQuoteFromTheProjectPage() {
        World world = fixtures.world("Acme AI Ltd.", "en");
        login(world.consultant());
        UI.getCurrent().navigate(ProjectDetailView.class, new RouteParameters("id", world.project().id().toString()));
        _click(_get(Button.class, spec -> spec.withId("new-quote")));
        QuoteEditorView editor = _get(QuoteEditorView.class);
        assertThat(editor.quote.projectId()).isEqualTo(world.project().id());
        assertThat(editor.quote.status()).isEqualTo(QuoteStatus.DRAFT);
        assertThat(editor.editors).hasSize(1);

        UI.getCurrent().navigate(ProjectDetailView.class, new RouteParameters("id", world.project().id().toString()));
        @SuppressWarnings("unchecked")
        Grid<QuoteSummary> grid = _get(Grid.class, spec -> spec.withId("project-quotes-grid"));
        assertThat(_size(grid)).isEqualTo(1);
    }
}
