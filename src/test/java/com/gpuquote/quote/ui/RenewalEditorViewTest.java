package com.gpuquote.quote.ui;

import com.github.mvysny.kaributesting.v10.GridKt;
import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.portal.CustomerPortal;
import com.gpuquote.portal.PortalFixtures;
import com.gpuquote.quote.RenewalContractPricesApiTest;
import com.gpuquote.quote.RenewalContractPricesApiTest.Expected;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.router.RouteParameters;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import static com.github.mvysny.kaributesting.v10.GridKt._getCellComponent;
import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 39: "Create renewal quote" in the editor opens the renewal with both instance lines at exactly the contracted
 * unit prices (the waterfall's last step says so), the monthly service and not the one-time one; the figures are
 * those of {@link RenewalContractPricesApiTest}'s calculator.
 */
@com.gpuquote.CalendarTest
class RenewalEditorViewTest extends KaribuTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    TestTenants tenants;
    @Autowired
    CustomerPortal portal;

    @Test
    void theRenewalOpensAtTheContractedUnitPricesWithTheMonthlyService() {
        PortalFixtures.Sent s = RenewalContractPricesApiTest.acceptedQuote(fixtures, tenants, portal, clock);
        login(s.tenant().consultantEmail());
        UI.getCurrent().navigate(QuoteEditorView.class, new RouteParameters("id", s.quoteId().toString()));
        _click(_get(Button.class, b -> b.withId("create-renewal")));

        QuoteEditorView view = _get(QuoteEditorView.class);
        OptionEditor editor = view.editors.get(0);
        List<Expected> expected = RenewalContractPricesApiTest.LINES;
        assertThat(GridKt._size(editor.lines)).isEqualTo(expected.size());
        BigDecimal termNet = RenewalContractPricesApiTest.SERVICE
                .multiply(BigDecimal.valueOf(RenewalContractPricesApiTest.MONTHS));
        for (int i = 0; i < expected.size(); i++) {
            Expected e = expected.get(i);
            List<String> row = GridKt._getFormattedRow(editor.lines, i);
            assertThat(row).contains("¥" + com.gpuquote.shared.DisplayFormat.amount(e.unitPrice()) + " / 月",
                    com.gpuquote.shared.DisplayFormat.amount(e.monthly()));
            termNet = termNet.add(e.term());

            _click((Button) _getCellComponent(editor.lines, i, LinesGrid.COL_WATERFALL));
            WaterfallDialog dialog = _get(WaterfallDialog.class);
            List<String> last = new ArrayList<>(GridKt._getFormattedRow(dialog.steps, GridKt._size(dialog.steps) - 1));
            assertThat(last.get(0)).isEqualTo("续约合同价");
            assertThat(last.get(1)).contains(com.gpuquote.shared.DisplayFormat.unitPrice(e.unitPrice()));
            assertThat(last.get(2)).isEqualTo(com.gpuquote.shared.DisplayFormat.amount(e.unitPrice()));
            dialog.close();
        }
        assertThat(editor.services.inputs()).singleElement().satisfies(x -> {
            assertThat(x.description()).isEqualTo("7×24 运维");
            assertThat(x.monthlyAmount()).isEqualByComparingTo(RenewalContractPricesApiTest.SERVICE);
            assertThat(x.oneTimeAmount()).isNull();
        });
        assertThat(_get(editor, Span.class, sp -> sp.withId("totals-termNet")).getText())
                .isEqualTo(com.gpuquote.shared.DisplayFormat.amount(termNet));
        assertThat(_get(editor, Span.class, sp -> sp.withId("totals-oneTime")).getText())
                .isEqualTo(com.gpuquote.shared.DisplayFormat.amount(BigDecimal.ZERO));
    }
}
