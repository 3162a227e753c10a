package com.gpuquote.quote;

import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.ui.QuoteUiFixtures;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The quote lists' amount (issue 18, V92): the lowest and highest grand total over the options of the priced
 * snapshot, read from the option figures kept with the snapshot, and the same after V92's backfill from the
 * snapshot's JSON.
 */
class QuoteListAmountTest extends IntegrationTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting drafting;
    @Autowired
    QuoteWorkflow workflow;
    @Autowired
    QuoteQueries queries;

    private static QuoteInput.Option option(String name, String type) {
        return new QuoteInput.Option(name, List.of(QuoteInput.Line.of(type, QuoteUiFixtures.REGION,
                BillingMode.HOURLY, 1, 1)), List.of());
    }

    private QuoteSummary listed(World world) {
        List<QuoteSummary> rows = fixtures.as(world.consultant(), () -> queries.forProject(world.project().id()));
        assertThat(rows).hasSize(1);
        return rows.get(0);
    }

    @Test
    void theListShowsTheLowestAndHighestGrandTotalOfTheSubmittedQuote() throws Exception {
        World world = fixtures.world("金额区间科技", "zh-CN");
        QuoteDetails draft = fixtures.as(world.consultant(), () -> drafting.create(new NewQuote(world.project().id(),
                null, List.of(option("A", QuoteUiFixtures.A10), option("B", QuoteUiFixtures.T4)))));
        assertThat(listed(world).amountFrom()).as("a DRAFT is priced when opened; the list shows no amount").isNull();

        fixtures.as(world.consultant(), () -> workflow.submit(draft.id()));

        // one instance for one month of 730 hours: A10 at 20 per hour, T4 at 10, plus the tenant's VAT
        BigDecimal withVat = BigDecimal.ONE.add(draft.vatRate());
        BigDecimal low = new BigDecimal("7300").multiply(withVat).setScale(2, RoundingMode.HALF_UP);
        BigDecimal high = new BigDecimal("14600").multiply(withVat).setScale(2, RoundingMode.HALF_UP);
        QuoteSummary submitted = listed(world);
        assertThat(submitted.amountFrom()).isEqualByComparingTo(low);
        assertThat(submitted.amountTo()).isEqualByComparingTo(high);

        // V92's backfill of earlier snapshots writes the same amounts
        String migration = Files.readString(Path.of("db/migration/V92__option_figures_grand_total.sql"));
        String backfill = migration.substring(migration.indexOf("update quote_option_figures"));
        backfill = backfill.substring(0, backfill.indexOf(';'));
        try (Connection c = TestDatabase.adminConnection()) {
            try (PreparedStatement st = c.prepareStatement(
                    "update quote_option_figures set grand_total = null where quote_id = ?")) {
                st.setObject(1, draft.id().value());
                assertThat(st.executeUpdate()).isEqualTo(2);
            }
            assertThat(listed(world).amountFrom()).isNull();
            try (Statement st = c.createStatement()) {
                st.executeUpdate(backfill + " and f.quote_id = '" + draft.id().value() + "'");
            }
        }
        QuoteSummary backfilled = listed(world);
        assertThat(backfilled.amountFrom()).isEqualByComparingTo(low);
        assertThat(backfilled.amountTo()).isEqualByComparingTo(high);
    }
}
