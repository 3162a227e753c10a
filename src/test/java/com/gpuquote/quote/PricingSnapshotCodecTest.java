package com.gpuquote.quote;

import com.gpuquote.customer.Agreement;
import com.gpuquote.customer.AgreementRule;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.internal.PricingSnapshotCodec;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The stored pricing snapshot reads back equal, with every agreement rule kind and exact scales. */
class PricingSnapshotCodecTest {

    @Test
    void roundTripKeepsEveryFigureRuleAndScale() {
        LocalDate day = LocalDate.of(2026, 12, 2);
        Agreement agreement = new Agreement(day.minusDays(1), null, List.of(
                new AgreementRule.FixedPrice("gn6-1x", PricingFixtures.REGION, BillingMode.MONTHLY, new BigDecimal("4000.5")),
                AgreementRule.PercentOff.family("gn7", new BigDecimal("10")),
                new AgreementRule.VolumeTier(8, new BigDecimal("3")),
                new AgreementRule.TermTier(12, new BigDecimal("5.5"))));
        QuoteOption a = QuoteOption.of(OptionName.A, List.of(
                QuoteLine.of("gn7-8x", PricingFixtures.REGION, BillingMode.HOURLY, 2, 12).withManualDiscount(new BigDecimal("2.50")),
                QuoteLine.of("gn6-1x", PricingFixtures.REGION, BillingMode.MONTHLY, 1, 12)),
                List.of(ServiceLine.monthly("support", "100.00"), ServiceLine.oneTime("setup", "5000")));
        QuoteOption b = QuoteOption.of(OptionName.B, List.of(
                QuoteLine.of("gn6-1x", PricingFixtures.REGION, BillingMode.HOURLY, 1, 3)), List.of());
        PricedQuote priced = PricingFixtures.standard().pricer("0.15", "0.06").price(List.of(a, b), agreement, day);

        String json = PricingSnapshotCodec.write(priced);
        PricedQuote back = PricingSnapshotCodec.read(json);

        assertThat(back).isEqualTo(priced);
        assertThat(PricingSnapshotCodec.write(back)).isEqualTo(json);
        assertThat(back.options().get(0).view().lines().get(1).waterfall().get(1).appliedRule())
                .isInstanceOf(AgreementRule.FixedPrice.class);
        assertThat(back.options().get(0).view().totals().grandTotal().scale()).isEqualTo(2);
    }
}
