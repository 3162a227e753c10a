package com.gpuquote.quote;

import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.ui.QuoteUiFixtures;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The number a create takes and writes in one statement (ADR 1854, addendum): consecutive per tenant and year, four
 * digits while they suffice and as many as needed after that (a busy reseller passes 9,999 quotes in a year).
 */
class QuoteNumberSequenceTest extends IntegrationTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting drafting;

    private String create(World world) {
        QuoteInput.Option option = new QuoteInput.Option("A", List.of(QuoteInput.Line.of(QuoteUiFixtures.A10,
                QuoteUiFixtures.REGION, BillingMode.HOURLY, 1, 1)), List.of());
        return fixtures.as(world.consultant(),
                () -> drafting.create(new NewQuote(world.project().id(), null, List.of(option)))).number();
    }

    @Test
    void numbersStayConsecutivePastFourDigits() throws Exception {
        World world = fixtures.world("编号延续科技", "zh-CN");
        String first = create(world);
        assertThat(first).matches("Q-\\d{4}-0001");
        String year = first.substring(2, 6);
        assertThat(create(world)).isEqualTo("Q-" + year + "-0002");

        try (Connection c = TestDatabase.adminConnection();
             PreparedStatement st = c.prepareStatement(
                     "update quote_number_counters set last_value = 9998 where tenant_id = ? and year = ?")) {
            st.setObject(1, world.tenant().tenant().id().value());
            st.setInt(2, Integer.parseInt(year));
            assertThat(st.executeUpdate()).isEqualTo(1);
        }

        assertThat(create(world)).isEqualTo("Q-" + year + "-9999");
        assertThat(create(world)).isEqualTo("Q-" + year + "-10000");
        assertThat(create(world)).isEqualTo("Q-" + year + "-10001");
    }
}
