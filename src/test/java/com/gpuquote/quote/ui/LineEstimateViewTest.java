package com.gpuquote.quote.ui;

import com.gpuquote.CalendarTest;
import com.gpuquote.KaribuTest;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.SizingRef;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.router.RouteParameters;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 39: the editor's "≈ ¥X per million output tokens" of a line from sizing is the line's own price (net unit
 * price, billing mode), not the candidate's hourly list price, and follows a change of the line at once.
 */
@CalendarTest
class LineEstimateViewTest extends KaribuTest {

    /** A serving candidate of 2 instances putting out 1,903 tokens/s; its own price (0.8367) must not be shown. */
    private static final String SERVING = """
            {"instanceType":"ecs.gni2.3xlarge","gpuModel":"A10","instances":2,"gpuCount":2,"gpusPerInstance":1,
             "billingMode":"HOURLY","unitPrice":7.7777,"monthlyPrice":5677.72,"planDescription":"2 个副本，每个 1 × A10",
             "performance":{"estimate":true,"outputTokensPerSecond":1903,"timeToFirstTokenMs":180,
                            "costPerMillionOutputTokens":"0.8367","inputTokens":3072,"outputTokens":1024}}""";

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting quoteDrafting;

    /** ¥ per million tokens, by hand: a month's price of one instance over a month of its tokens (1,903 / 2 a second). */
    private static String perMillion(double monthlyPerInstance, double hoursRunning) {
        double tokens = 1903.0 / 2 * hoursRunning * 3600;
        return String.format(Locale.ROOT, "¥%.2f", monthlyPerInstance / tokens * 1_000_000);
    }

    @Test
    void theEstimateIsAtTheLinesNetPriceAndBillingModeAndFollowsADiscount() {
        World world = fixtures.world("推理客户", "zh-CN");
        // the fixture's A10: hourly list 20, yearly list 100,000
        QuoteDetails q = fixtures.as(world.consultant(), () -> quoteDrafting.create(new NewQuote(world.project().id(),
                null, List.of(new QuoteInput.Option("A", List.of(
                        QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.HOURLY, 2, 12)
                                .withSizing(new SizingRef(null, SERVING)),
                        QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.YEARLY, 2, 12)
                                .withSizing(new SizingRef(null, SERVING))), List.of())))));
        login(world.consultant());
        UI.getCurrent().navigate(QuoteEditorView.class, new RouteParameters("id", q.id().toString()));
        QuoteEditorView view = _get(QuoteEditorView.class);

        // hourly 20.00 for 730 h against 730 h of tokens: 20 × 730 / (951.5 × 730 × 3600) × 10^6 = 5.84
        assertThat(estimate(view, 0)).contains("按本报价每百万输出 token 约 " + perMillion(20 * 730, 730))
                .doesNotContain("0.84");
        // yearly 100,000 a year = 8,333.33 a month, the instance running all 730 h
        assertThat(estimate(view, 1)).contains("按本报价每百万输出 token 约 " + perMillion(100_000.0 / 12, 730));

        _setValue((BigDecimalField) view.editors.get(0).lines.detailsField(0, LinesGrid.COL_DISCOUNT),
                new BigDecimal("10"));
        // 10 % off: net 18.00 an hour
        assertThat(estimate(_get(QuoteEditorView.class), 0)).contains("约 " + perMillion(18 * 730, 730));
    }

    private static String estimate(QuoteEditorView view, int row) {
        return ((Span) view.editors.get(0).lines.detailsField(row, LinesGrid.COL_SIZING)).getText();
    }
}
