package com.gpuquote.quote;

import com.gpuquote.CalendarTest;
import com.gpuquote.quote.pricing.InstanceFacts;
import com.gpuquote.quote.pricing.PriceStep;
import com.gpuquote.quote.pricing.PriceWaterfall;
import com.gpuquote.quote.pricing.Waterfall;
import com.gpuquote.quote.pricing.WaterfallInput;
import com.gpuquote.quote.pricing.WaterfallStep;
import com.gpuquote.pricing.agreement.Agreement;
import com.gpuquote.pricing.agreement.AgreementRule;
import com.gpuquote.pricing.agreement.AgreementRule.FixedPrice;
import com.gpuquote.pricing.agreement.AgreementRule.PercentOff;
import com.gpuquote.pricing.agreement.AgreementRule.TermTier;
import com.gpuquote.pricing.agreement.AgreementRule.VolumeTier;
import com.gpuquote.commercial.BillingMode;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import static com.gpuquote.commercial.BillingMode.HOURLY;
import static com.gpuquote.commercial.BillingMode.MONTHLY;
import static org.assertj.core.api.Assertions.assertThat;

@CalendarTest
class PriceWaterfallTest {

    private static final InstanceFacts GN7 = new InstanceFacts("gn7-8x", "gn7", "A100", 8);
    private static final String REGION = "cn-north-1";

    private static BigDecimal d(String v) {
        return new BigDecimal(v);
    }

    private static Agreement agreement(AgreementRule... rules) {
        return new Agreement(LocalDate.of(2026, 1, 1), null, List.of(rules));
    }

    private static WaterfallInput input(String list, BillingMode mode, int term, int totalGpus, String manual) {
        return new WaterfallInput(GN7, REGION, mode, d(list), term, totalGpus, d(manual));
    }

    private static List<String> prices(Waterfall w) {
        return w.steps().stream().map(s -> s.unitPrice().toPlainString()).toList();
    }

    @Test
    void withoutAgreementEveryStepIsRecordedAndKeepsTheListPrice() {
        Waterfall w = PriceWaterfall.full(input("100", MONTHLY, 12, 8, "0"), null);

        assertThat(w.steps()).extracting(WaterfallStep::step).containsExactly(
                PriceStep.LIST, PriceStep.AGREEMENT, PriceStep.VOLUME, PriceStep.TERM, PriceStep.MANUAL);
        assertThat(prices(w)).containsOnly("100.0000");
        assertThat(w.steps().subList(1, 5)).allMatch(WaterfallStep::isNone);
        assertThat(w.listUnitPrice()).isEqualTo(d("100.0000"));
        assertThat(w.netUnitPrice()).isEqualTo(d("100.0000"));
    }

    @Test
    void fixedPriceReplacesTheListPriceAndWinsOverPercentOff() {
        FixedPrice fixed = new FixedPrice("gn7-8x", REGION, MONTHLY, d("80"));
        Agreement a = agreement(PercentOff.instanceType("gn7-8x", d("50")), fixed, PercentOff.all(d("10")));

        Waterfall w = PriceWaterfall.full(input("100", MONTHLY, 1, 8, "0"), a);

        WaterfallStep step = w.step(PriceStep.AGREEMENT);
        assertThat(step.unitPrice()).isEqualTo(d("80.0000"));
        assertThat(step.appliedRule()).isEqualTo(fixed);
        assertThat(step.percent()).isNull();
        assertThat(step.detail()).isEqualTo("FIXED_PRICE gn7-8x/cn-north-1/MONTHLY = 80");
    }

    @Test
    void fixedPriceMayBeAboveList() {
        Waterfall w = PriceWaterfall.full(input("100", MONTHLY, 1, 8, "0"),
                agreement(new FixedPrice("gn7-8x", REGION, MONTHLY, d("120.5"))));

        assertThat(w.netUnitPrice()).isEqualTo(d("120.5000"));
    }

    @Test
    void fixedPriceForAnotherModeOrRegionDoesNotApply() {
        Agreement a = agreement(new FixedPrice("gn7-8x", REGION, HOURLY, d("1")),
                new FixedPrice("gn7-8x", "cn-east-1", MONTHLY, d("1")), PercentOff.all(d("10")));

        Waterfall w = PriceWaterfall.full(input("100", MONTHLY, 1, 8, "0"), a);

        assertThat(w.step(PriceStep.AGREEMENT).unitPrice()).isEqualTo(d("90.0000"));
        assertThat(w.step(PriceStep.AGREEMENT).appliedRule()).isEqualTo(PercentOff.all(d("10")));
    }

    @Test
    void percentOffPrecedenceInstanceTypeFamilyGpuModelBillingModeAll() {
        PercentOff all = PercentOff.all(d("5"));
        PercentOff mode = PercentOff.billingMode(MONTHLY, d("10"));
        PercentOff gpu = PercentOff.gpuModel("A100", d("15"));
        PercentOff family = PercentOff.family("gn7", d("20"));
        PercentOff type = PercentOff.instanceType("gn7-8x", d("25"));
        WaterfallInput in = input("100", MONTHLY, 1, 8, "0");

        assertThat(PriceWaterfall.full(in, agreement(all, mode, gpu, family, type)).step(PriceStep.AGREEMENT))
                .extracting(WaterfallStep::unitPrice, WaterfallStep::appliedRule)
                .containsExactly(d("75.0000"), type);
        assertThat(PriceWaterfall.full(in, agreement(all, mode, gpu, family)).step(PriceStep.AGREEMENT))
                .extracting(WaterfallStep::unitPrice, WaterfallStep::appliedRule)
                .containsExactly(d("80.0000"), family);
        assertThat(PriceWaterfall.full(in, agreement(all, mode, gpu)).step(PriceStep.AGREEMENT))
                .extracting(WaterfallStep::unitPrice, WaterfallStep::appliedRule)
                .containsExactly(d("85.0000"), gpu);
        assertThat(PriceWaterfall.full(in, agreement(all, mode)).step(PriceStep.AGREEMENT))
                .extracting(WaterfallStep::unitPrice, WaterfallStep::appliedRule)
                .containsExactly(d("90.0000"), mode);
        assertThat(PriceWaterfall.full(in, agreement(all)).step(PriceStep.AGREEMENT))
                .extracting(WaterfallStep::unitPrice, WaterfallStep::appliedRule, WaterfallStep::detail)
                .containsExactly(d("95.0000"), all, "PERCENT_OFF all 5%");
    }

    @Test
    void moreSpecificButSmallerDiscountStillWins() {
        // family 2 % beats all 30 %: precedence is by scope, not by size
        Agreement a = agreement(PercentOff.all(d("30")), PercentOff.family("gn7", d("2")));

        assertThat(PriceWaterfall.full(input("100", MONTHLY, 1, 8, "0"), a).netUnitPrice()).isEqualTo(d("98.0000"));
    }

    @Test
    void volumeTierUsesTheOptionsTotalGpus() {
        Agreement a = agreement(new VolumeTier(8, d("5")), new VolumeTier(16, d("10")));

        assertThat(PriceWaterfall.full(input("100", MONTHLY, 1, 7, "0"), a).step(PriceStep.VOLUME).isNone()).isTrue();
        assertThat(PriceWaterfall.full(input("100", MONTHLY, 1, 8, "0"), a).step(PriceStep.VOLUME).unitPrice())
                .isEqualTo(d("95.0000"));
        assertThat(PriceWaterfall.full(input("100", MONTHLY, 1, 15, "0"), a).step(PriceStep.VOLUME).unitPrice())
                .isEqualTo(d("95.0000"));
        WaterfallStep at16 = PriceWaterfall.full(input("100", MONTHLY, 1, 16, "0"), a).step(PriceStep.VOLUME);
        assertThat(at16.unitPrice()).isEqualTo(d("90.0000"));
        assertThat(at16.appliedRule()).isEqualTo(new VolumeTier(16, d("10")));
        assertThat(at16.percent()).isEqualTo(d("10"));
        assertThat(at16.detail()).isEqualTo("VOLUME_TIER minGpus=16 10%");
    }

    @Test
    void termTierUsesTheLinesTerm() {
        Agreement a = agreement(new TermTier(12, d("3")), new TermTier(36, d("8")));

        assertThat(PriceWaterfall.full(input("100", MONTHLY, 11, 8, "0"), a).step(PriceStep.TERM).isNone()).isTrue();
        assertThat(PriceWaterfall.full(input("100", MONTHLY, 24, 8, "0"), a).step(PriceStep.TERM).unitPrice())
                .isEqualTo(d("97.0000"));
        assertThat(PriceWaterfall.full(input("100", MONTHLY, 36, 8, "0"), a).step(PriceStep.TERM).unitPrice())
                .isEqualTo(d("92.0000"));
    }

    @Test
    void manualDiscountIsTheLastStep() {
        WaterfallStep manual = PriceWaterfall.full(input("200", MONTHLY, 1, 8, "12.5"), null).step(PriceStep.MANUAL);

        assertThat(manual.unitPrice()).isEqualTo(d("175.0000"));
        assertThat(manual.appliedRule()).isNull();
        assertThat(manual.percent()).isEqualTo(d("12.5"));
        assertThat(manual.detail()).isEqualTo("MANUAL 12.5%");
    }

    @Test
    void stepsCompoundAndRoundHalfUpToFourDecimalsAfterEachStep() {
        Agreement a = agreement(PercentOff.all(d("10")), new VolumeTier(8, d("5")), new TermTier(12, d("3")));

        Waterfall w = PriceWaterfall.full(input("123.4567", MONTHLY, 12, 8, "2.5"), a);

        // 123.4567 × 0.90  = 111.11103  → 111.1110
        // 111.1110 × 0.95  = 105.55545  → 105.5555 (exactly half: up; half-even would give 105.5554)
        // 105.5555 × 0.97  = 102.388835 → 102.3888
        // 102.3888 × 0.975 =  99.82908  →  99.8291
        assertThat(prices(w)).containsExactly("123.4567", "111.1110", "105.5555", "102.3888", "99.8291");
    }

    @Test
    void tinyPricesRoundHalfUpAtTheFourthDecimal() {
        // 0.0005 × 0.5 = 0.00025 → 0.0003
        Waterfall w = PriceWaterfall.full(input("0.0005", HOURLY, 1, 8, "0"), agreement(PercentOff.all(d("50"))));

        assertThat(w.netUnitPrice()).isEqualTo(d("0.0003"));
    }

    @Test
    void listPriceIsRoundedToFourDecimalsFirst() {
        // 10.00005 → 10.0001; × 0.5 = 5.00005 → 5.0001
        Waterfall w = PriceWaterfall.full(input("10.00005", MONTHLY, 1, 8, "0"), agreement(PercentOff.all(d("50"))));

        assertThat(prices(w)).containsExactly("10.0001", "5.0001", "5.0001", "5.0001", "5.0001");
    }

    @Test
    void recommendationPriceStopsAfterTheTermStep() {
        Agreement a = agreement(PercentOff.all(d("10")), new VolumeTier(8, d("5")), new TermTier(12, d("3")));

        Waterfall w = PriceWaterfall.forRecommendation(input("123.4567", MONTHLY, 12, 8, "2.5"), a);

        assertThat(w.steps()).extracting(WaterfallStep::step)
                .containsExactly(PriceStep.LIST, PriceStep.AGREEMENT, PriceStep.VOLUME, PriceStep.TERM);
        assertThat(w.netUnitPrice()).isEqualTo(d("102.3888"));
    }

    @Test
    void hundredPercentOffGivesZero() {
        assertThat(PriceWaterfall.full(input("99", MONTHLY, 1, 8, "100"), null).netUnitPrice())
                .isEqualTo(d("0.0000"));
    }
}
