package com.gpuquote.quote;

import com.gpuquote.IntegrationTest;
import com.gpuquote.StatementCounter;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.ui.QuoteUiFixtures;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 18: creating a draft sends as many SQL statements for 4 options × 25 lines over two instance types as for one
 * line of one type. The lines are written in one statement per table, the catalog is read once for all codes, and the
 * prices once for all codes of a provider and region (before: one catalog statement per code and provider, and the
 * provider's whole regional price list read and sorted on every pricing).
 */
class QuoteCreateStatementsTest extends IntegrationTest {

    @Autowired
    StatementCounter statements;
    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting drafting;

    private static QuoteInput.Option option(String name, int lines) {
        List<QuoteInput.Line> l = new ArrayList<>();
        for (int i = 0; i < lines; i++) {
            l.add(QuoteInput.Line.of(i % 2 == 0 ? QuoteUiFixtures.A10 : QuoteUiFixtures.T4, QuoteUiFixtures.REGION,
                    BillingMode.HOURLY, 1 + i % 4, 1 + i % 12));
        }
        return new QuoteInput.Option(name, l, List.of());
    }

    private StatementCounter.Counted<QuoteDetails> create(World world, List<QuoteInput.Option> options) {
        return fixtures.as(world.consultant(), () -> statements.count(
                () -> drafting.create(new NewQuote(world.project().id(), null, options))));
    }

    @Test
    void aHundredLinesOverTwoInstanceTypesTakeAsManyStatementsAsOneLine() {
        World world = fixtures.world("语句计数科技", "zh-CN");
        create(world, List.of(option("A", 1))); // the first create of a tenant may fill caches

        var one = create(world, List.of(option("A", 1)));
        var hundred = create(world, List.of(option("A", 25), option("B", 25), option("C", 25), option("D", 25)));

        assertThat(one.statements()).isPositive();
        assertThat(hundred.statements()).as("create of 4 × 25 lines over A10 and T4 vs one A10 line")
                .isEqualTo(one.statements());
        // and the big one is priced: 13 A10 and 12 T4 lines per option, HOURLY at 20 and 10 per hour, 730 h
        assertThat(hundred.result().options()).hasSize(4);
        OptionView a = hundred.result().options().get(0);
        assertThat(a.lines()).hasSize(25);
        BigDecimal expected = BigDecimal.ZERO;
        for (int i = 0; i < 25; i++) {
            expected = expected.add(BigDecimal.valueOf(i % 2 == 0 ? 20 : 10).multiply(BigDecimal.valueOf(730L * (1 + i % 4))));
        }
        assertThat(a.lines().stream().map(LineView::monthlyAmount).reduce(BigDecimal.ZERO, BigDecimal::add))
                .isEqualByComparingTo(expected);
    }
}
