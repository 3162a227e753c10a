package com.gpuquote.quote;

import com.gpuquote.CalendarTest;
import com.gpuquote.quote.domain.ChannelTerms;
import com.gpuquote.quote.domain.QuoteLine;
import com.gpuquote.quote.domain.QuoteOption;
import com.gpuquote.quote.pricing.PricedOption;
import com.gpuquote.quote.pricing.PricedQuote;
import com.gpuquote.pricing.agreement.Agreement;
import com.gpuquote.pricing.agreement.AgreementRule;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.internal.PricingSnapshotCodec;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The stored pricing snapshot reads back equal, with every agreement rule kind and exact scales. */
@CalendarTest
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

    /** Issue 16: vouchers and rebate travel with the option; a snapshot stored before them reads as none. */
    @Test
    void channelTermsRoundTripAndOldSnapshotsReadWithoutThem() {
        LocalDate day = LocalDate.of(2026, 12, 2);
        QuoteOption a = new QuoteOption(QuoteOptionId.random(), OptionName.A, List.of(
                QuoteLine.of("gn6-1x", PricingFixtures.REGION, BillingMode.HOURLY, 1, 3)), List.of(), null, null,
                new ChannelTerms(List.of(new Voucher("火山引擎新客代金券", new BigDecimal("100"))), new BigDecimal("7.5")));
        PricedQuote priced = PricingFixtures.standard().pricer("0.15", "0.06").price(List.of(a), null, day);
        PricedQuote back = PricingSnapshotCodec.read(PricingSnapshotCodec.write(priced));
        assertThat(back).isEqualTo(priced);
        assertThat(back.options().get(0).source().channel().rebatePercent()).isEqualByComparingTo("7.5");
        assertThat(back.options().get(0).view().totals().voucherTotal()).isEqualTo(new BigDecimal("100.00"));

        QuoteOption plain = QuoteOption.of(OptionName.A, List.of(
                QuoteLine.of("gn6-1x", PricingFixtures.REGION, BillingMode.HOURLY, 1, 3)), List.of());
        String json = PricingSnapshotCodec.write(PricingFixtures.standard().pricer("0.15", "0.06")
                .price(List.of(plain), null, day));
        // as written before issue 16: no channel, no vouchers, no voucher total, no net after vouchers
        String old = json.replaceAll(",\"providerRebates\":\\{[^}]*\\}", "") // issue 39's, inside channel and margin
                .replaceAll(",\"channel\":\\{[^}]*\\}", "")
                .replaceAll(",\"approval\":\\{[^}]*\\}", "") // issue 39's checks came later still
                .replaceAll(",\"vouchers\":\\[\\]", "")
                .replaceAll(",\"(voucherTotal|netAfterVouchers|rebateTermAmount|rebatePercent|rebateAmount)\":[^,}]*", "");
        assertThat(old).doesNotContain("voucher").doesNotContain("rebate").doesNotContain("channel");
        PricedOption read = PricingSnapshotCodec.read(old).options().get(0);
        assertThat(read.source().channel()).isEqualTo(ChannelTerms.NONE);
        assertThat(read.approval()).isEqualTo(com.gpuquote.quote.pricing.OptionApproval.NONE);
        assertThat(read.margin().providerRebates()).isEmpty();
        assertThat(read.view().totals().vouchers()).isEmpty();
        assertThat(read.view().totals().netAfterVouchers()).isEqualTo(read.view().totals().subtotal());
    }

    /** Issue 14 (ADR 1409): typed line and option ids are stored as the plain UUID strings they always were. */
    @Test
    void lineAndOptionIdsAreStoredAsPlainUuidStrings() {
        LocalDate day = LocalDate.of(2026, 12, 2);
        java.util.UUID optionId = java.util.UUID.fromString("0a6b3d1e-8f52-4c1a-9d7e-3b2c1a0f9e8d");
        java.util.UUID lineId = java.util.UUID.fromString("5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f");
        java.util.UUID serviceId = java.util.UUID.fromString("9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b");
        QuoteOption a = new QuoteOption(new QuoteOptionId(optionId), OptionName.A, List.of(new QuoteLine(
                new QuoteLineId(lineId), "gn6-1x", PricingFixtures.REGION, BillingMode.HOURLY, 1, 3, 730, BigDecimal.ZERO)),
                List.of(new ServiceLine(new QuoteLineId(serviceId), "setup", ServiceCharge.ONE_TIME, new BigDecimal("10"))));
        String json = PricingSnapshotCodec.write(PricingFixtures.standard().pricer("0.15", "0.06")
                .price(List.of(a), null, day));

        assertThat(json).contains("\"id\":\"" + optionId + "\"", "\"id\":\"" + lineId + "\"",
                "\"id\":\"" + serviceId + "\"", "\"lineId\":\"" + lineId + "\"").doesNotContain("\"value\"");
        PricedOption back = PricingSnapshotCodec.read(json).options().get(0);
        assertThat(back.view().id()).isEqualTo(new QuoteOptionId(optionId));
        assertThat(back.view().lines().get(0).id()).isEqualTo(new QuoteLineId(lineId));
        assertThat(back.view().services().get(0).id()).isEqualTo(new QuoteLineId(serviceId));
        assertThat(back.margin().lines().get(0).lineId()).isEqualTo(new QuoteLineId(lineId));
    }
}
