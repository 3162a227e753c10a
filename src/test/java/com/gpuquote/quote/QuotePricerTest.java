package com.gpuquote.quote;

import com.gpuquote.CalendarTest;
import com.gpuquote.quote.domain.ChannelTerms;
import com.gpuquote.quote.domain.InvalidQuoteException;
import com.gpuquote.quote.domain.QuoteError;
import com.gpuquote.quote.domain.QuoteLine;
import com.gpuquote.quote.domain.QuoteOption;
import com.gpuquote.quote.pricing.AdminOptionView;
import com.gpuquote.quote.pricing.LineMargin;
import com.gpuquote.quote.pricing.ModeAvailability;
import com.gpuquote.quote.pricing.OptionMargin;
import com.gpuquote.quote.pricing.PricedOption;
import com.gpuquote.quote.pricing.QuotePricer;
import com.gpuquote.quote.pricing.Waterfall;
import com.gpuquote.quote.pricing.WaterfallStep;
import com.gpuquote.pricing.agreement.Agreement;
import com.gpuquote.pricing.agreement.AgreementRule;
import com.gpuquote.pricing.agreement.AgreementRule.FixedPrice;
import com.gpuquote.pricing.agreement.AgreementRule.PercentOff;
import com.gpuquote.pricing.agreement.AgreementRule.TermTier;
import com.gpuquote.pricing.agreement.AgreementRule.VolumeTier;
import com.gpuquote.commercial.BillingMode;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import static com.gpuquote.commercial.BillingMode.HOURLY;
import static com.gpuquote.commercial.BillingMode.MONTHLY;
import static com.gpuquote.commercial.BillingMode.SPOT;
import static com.gpuquote.commercial.BillingMode.YEARLY;
import static com.gpuquote.quote.PricingFixtures.REGION;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@CalendarTest
class QuotePricerTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 3, 1);

    private final PricingFixtures fixtures = PricingFixtures.standard();
    private final QuotePricer pricer = fixtures.pricer("0.15", "0.06");

    private static BigDecimal d(String v) {
        return new BigDecimal(v);
    }

    private static Agreement agreement(AgreementRule... rules) {
        return new Agreement(LocalDate.of(2026, 1, 1), LocalDate.of(2026, 12, 31), List.of(rules));
    }

    private static QuoteOption option(List<QuoteLine> lines, ServiceLine... services) {
        return QuoteOption.of(OptionName.A, lines, List.of(services));
    }

    private PricedOption price(QuoteOption option, Agreement agreement) {
        return pricer.price(option, agreement, TODAY);
    }

    @Nested
    class Totals {

        @Test
        void listPricedOptionWithServices() {
            QuoteOption option = option(List.of(QuoteLine.of("gn7-8x", REGION, MONTHLY, 2, 12)),
                    ServiceLine.monthly("Support", "1000"), ServiceLine.oneTime("Onboarding", "5000"));

            OptionTotals t = price(option, null).view().totals();

            // line: 100000 × 2 = 200000.00 / month, × 12 = 2400000.00
            assertThat(t.monthlyNet()).isEqualTo(d("201000.00"));     // 200000 + 1000
            assertThat(t.termMonths()).isEqualTo(12);
            assertThat(t.termNet()).isEqualTo(d("2412000.00"));       // 2400000 + 1000 × 12
            assertThat(t.oneTime()).isEqualTo(d("5000.00"));
            assertThat(t.subtotal()).isEqualTo(d("2417000.00"));
            assertThat(t.vat()).isEqualTo(d("145020.00"));            // × 0.06
            assertThat(t.grandTotal()).isEqualTo(d("2562020.00"));
            assertThat(t.discountTotal()).isEqualTo(d("0.00"));
        }

        @Test
        void agreementVolumeAndTermAcrossTwoLines() {
            Agreement a = agreement(PercentOff.all(d("10")), new VolumeTier(16, d("5")), new TermTier(12, d("2")));
            QuoteLine big = QuoteLine.of("gn7-8x", REGION, MONTHLY, 2, 12);   // 16 GPUs
            QuoteLine small = QuoteLine.of("gn6-1x", REGION, HOURLY, 4, 6);   //  4 GPUs → option has 20
            QuoteOption option = option(List.of(big, small),
                    ServiceLine.monthly("Support", "1000"), ServiceLine.oneTime("Onboarding", "5000"));

            PricedOption priced = price(option, a);
            LineView l1 = priced.view().lines().get(0);
            LineView l2 = priced.view().lines().get(1);

            // big: 100000 → 90000 (10 %) → 85500 (5 %, 20 ≥ 16 GPUs) → 83790 (2 %, term 12) → 83790
            assertThat(l1.waterfall()).extracting(s -> s.unitPrice().toPlainString())
                    .containsExactly("100000.0000", "90000.0000", "85500.0000", "83790.0000", "83790.0000");
            assertThat(l1.monthlyAmount()).isEqualTo(d("167580.00"));  // × 2
            assertThat(l1.termAmount()).isEqualTo(d("2010960.00"));    // × 12
            assertThat(l1.listTermAmount()).isEqualTo(d("2400000.00"));
            // small: 10 → 9 → 8.55 → (term 6 < 12: none) → 8.55
            assertThat(l2.netUnitPrice()).isEqualTo(d("8.5500"));
            assertThat(l2.waterfall().get(3).isNone()).isTrue();
            assertThat(l2.monthlyAmount()).isEqualTo(d("24966.00"));   // 8.55 × 730 × 4
            assertThat(l2.termAmount()).isEqualTo(d("149796.00"));     // × 6

            OptionTotals t = priced.view().totals();
            assertThat(t.termMonths()).isEqualTo(12);                  // the longest line term
            assertThat(t.monthlyNet()).isEqualTo(d("193546.00"));      // 167580 + 24966 + 1000
            assertThat(t.termNet()).isEqualTo(d("2172756.00"));        // 2010960 + 149796 + 12 × 1000
            assertThat(t.subtotal()).isEqualTo(d("2177756.00"));       // + 5000
            assertThat(t.vat()).isEqualTo(d("130665.36"));             // 2177756 × 0.06
            assertThat(t.grandTotal()).isEqualTo(d("2308421.36"));
            assertThat(t.listTermNet()).isEqualTo(d("2587200.00"));    // 2400000 + 10 × 730 × 4 × 6 + 12000
            assertThat(t.discountTotal()).isEqualTo(d("414444.00"));   // 389040 + 25404
        }

        @Test
        void vatRoundsHalfUpAtTheCent() {
            fixtures.instance("tiny", "t", "T4", 1).price("tiny", MONTHLY, "100.75", null);
            QuoteOption option = option(List.of(QuoteLine.of("tiny", REGION, MONTHLY, 1, 1)));

            OptionTotals t = price(option, null).view().totals();

            assertThat(t.subtotal()).isEqualTo(d("100.75"));
            assertThat(t.vat()).isEqualTo(d("6.05"));                  // 6.045 → 6.05
            assertThat(t.grandTotal()).isEqualTo(d("106.80"));
        }

        @Test
        void zeroVatRate() {
            QuoteOption option = option(List.of(QuoteLine.of("gn6-1x", REGION, MONTHLY, 1, 3)));

            OptionTotals t = fixtures.pricer("0", "0").price(option, null, TODAY).view().totals();

            assertThat(t.vat()).isEqualTo(d("0.00"));
            assertThat(t.grandTotal()).isEqualTo(d("15000.00"));
        }

        @Test
        void manualDiscountAndCustomHoursFlowIntoAmounts() {
            QuoteLine line = QuoteLine.of("gn6-1x", REGION, HOURLY, 3, 2).withHoursPerMonth(500)
                    .withManualDiscount(d("7.5"));

            LineView view = price(option(List.of(line)), null).view().lines().get(0);

            // 10 × 0.925 = 9.25; 9.25 × 500 × 3 = 13875.00 / month; × 2
            assertThat(view.netUnitPrice()).isEqualTo(d("9.2500"));
            assertThat(view.monthlyAmount()).isEqualTo(d("13875.00"));
            assertThat(view.termAmount()).isEqualTo(d("27750.00"));
        }

        @Test
        void servicesOnlyOptionHasNoTermForMonthlyServices() {
            PricedOption priced = price(option(List.of(), ServiceLine.monthly("Support", "100"),
                    ServiceLine.oneTime("Setup", "50.5")), null);

            OptionTotals t = priced.view().totals();
            assertThat(t.monthlyNet()).isEqualTo(d("100.00"));
            assertThat(t.termMonths()).isZero();
            assertThat(t.termNet()).isEqualTo(d("0.00"));
            assertThat(t.subtotal()).isEqualTo(d("50.50"));
        }

        @Test
        void agreementOutsideItsValidityIsIgnored() {
            Agreement future = new Agreement(LocalDate.of(2026, 6, 1), null, List.of(PercentOff.all(d("50"))));
            QuoteOption option = option(List.of(QuoteLine.of("gn6-1x", REGION, MONTHLY, 1, 1)));

            assertThat(pricer.price(option, future, LocalDate.of(2026, 5, 31)).view().lines().get(0).netUnitPrice())
                    .isEqualTo(d("5000.0000"));
            assertThat(pricer.price(option, future, LocalDate.of(2026, 6, 1)).view().lines().get(0).netUnitPrice())
                    .isEqualTo(d("2500.0000"));
        }

        @Test
        void amountsAndUnitPricesRenderWithTwoAndFourDecimals() {
            PricedOption priced = price(option(List.of(QuoteLine.of("gn6-1x", REGION, HOURLY, 1, 1))), null);
            LineView line = priced.view().lines().get(0);

            assertThat(line.netUnitPrice().toPlainString()).isEqualTo("10.0000");
            assertThat(line.monthlyAmount().toPlainString()).isEqualTo("7300.00");
            assertThat(priced.view().totals().vat().toPlainString()).isEqualTo("438.00");
            assertThat(priced.view().totals().oneTime().toPlainString()).isEqualTo("0.00");
        }
    }

    @Nested
    class MarginFloor {

        private final PricingFixtures cost100 = new PricingFixtures()
                .instance("x", "f", "g", 1).price("x", MONTHLY, "200", "100");
        private final QuotePricer floor15 = cost100.pricer("0.15", "0.06");

        private LineView lineAtFixed(String unitPrice) {
            Agreement a = agreement(new FixedPrice("x", REGION, MONTHLY, d(unitPrice)));
            return floor15.price(option(List.of(QuoteLine.of("x", REGION, MONTHLY, 1, 1))), a, TODAY)
                    .view().lines().get(0);
        }

        @Test
        void exactlyAtTheFloorIsNotBelow() {
            // margin on price: 100 / (1 − 0.15) = 117.647058… rounded up; 117.6471 × 0.85 = 100.000035 ≥ 100
            assertThat(lineAtFixed("117.6471").belowFloor()).isFalse();
        }

        @Test
        void oneTenThousandthBelowTheFloorIsBelow() {
            assertThat(lineAtFixed("117.6470").belowFloor()).isTrue();   // × 0.85 = 99.99995
            // the old markup on cost (100 × 1.15) is a margin of 15 / 115 = 13.04 %: below a 15 % floor
            assertThat(lineAtFixed("115").belowFloor()).isTrue();
        }

        @Test
        void aboveTheFloorIsNotBelow() {
            assertThat(lineAtFixed("117.6472").belowFloor()).isFalse();
        }

        @Test
        void manualDiscountCanPushBelowTheFloor() {
            // 200 × (1 − 41.17 %) = 117.66 ≥ 117.6471 → above; 41.18 % → 117.64 → below (117.64 × 0.85 = 99.994)
            QuoteLine atFloor = QuoteLine.of("x", REGION, MONTHLY, 1, 1).withManualDiscount(d("41.17"));
            QuoteLine below = QuoteLine.of("x", REGION, MONTHLY, 1, 1).withManualDiscount(d("41.18"));

            assertThat(floor15.price(option(List.of(atFloor)), null, TODAY).anyBelowFloor()).isFalse();
            assertThat(floor15.price(option(List.of(below)), null, TODAY).anyBelowFloor()).isTrue();
        }

        /**
         * Issue 16: the rebate (返点) is a percent of the list price and lowers the effective cost of the floor check.
         * List 200, cost 100, floor 15 %, net 105 (fixed): without rebate the floor is 100 / 0.85 → below. The
         * effective cost may be at most 105 × 0.85 = 89.25. Rebate 5.37 %: 100 − 10.74 = 89.26 → still below.
         * Rebate 5.38 %: 100 − 10.76 = 89.24 → not below, floor 89.24 / 0.85 = 104.98823… rounded up to 104.9883;
         * the line margin is 105 − 100 + 10.76 = 15.76.
         */
        @Test
        void theRebateCountsAgainstTheFloor() {
            Agreement a = agreement(new FixedPrice("x", REGION, MONTHLY, d("105")));
            QuoteLine line = QuoteLine.of("x", REGION, MONTHLY, 1, 1);
            java.util.function.Function<String, PricedOption> withRebate = p -> floor15.price(new QuoteOption(
                    QuoteOptionId.random(), OptionName.A, List.of(line), List.of(), null, null,
                    new ChannelTerms(List.of(), d(p))), a, TODAY);
            assertThat(withRebate.apply("0").anyBelowFloor()).isTrue();
            assertThat(withRebate.apply("5.37").anyBelowFloor()).isTrue();
            PricedOption enough = withRebate.apply("5.38");
            assertThat(enough.anyBelowFloor()).isFalse();
            assertThat(enough.margin().lines().get(0).floorUnitPrice()).isEqualTo(d("104.9883"));
            assertThat(enough.margin().lines().get(0).rebateTermAmount()).isEqualTo(d("10.76"));
            assertThat(enough.margin().marginAmount()).isEqualTo(d("15.76"));
            assertThat(enough.margin().marginPercent()).isEqualTo(d("15.01"));   // 15.76 / 105 = 15.0095 %
            assertThat(enough.margin().rebateAmount()).isEqualTo(d("10.76"));
            // never in what consultants and customers get
            assertThat(enough.view().totals().toString()).doesNotContain("10.76");
        }

        /** Vouchers: a named step after the subtotal, VAT on the net; provider-funded, so the margin is unchanged. */
        @Test
        void vouchersLowerTheInvoicedAmountAndOnlyConfirmedOnesTheCost() {
            QuoteOption plain = option(List.of(QuoteLine.of("x", REGION, MONTHLY, 2, 3)));
            QuoteOption withVoucher = new QuoteOption(QuoteOptionId.random(), OptionName.A, plain.lines(),
                    List.of(), null, null, new ChannelTerms(List.of(new Voucher("新客代金券", d("250.5"))), null));
            QuoteOption withConfirmed = new QuoteOption(QuoteOptionId.random(), OptionName.A, plain.lines(),
                    List.of(), null, null, new ChannelTerms(List.of(new Voucher("新客代金券", d("250.5"), "VE-1",
                    java.util.UUID.randomUUID(), java.time.Instant.EPOCH)), null));
            PricedOption a = floor15.price(plain, null, TODAY);
            PricedOption b = floor15.price(withVoucher, null, TODAY);
            PricedOption c = floor15.price(withConfirmed, null, TODAY);
            // 200 × 2 × 3 = 1,200.00; − 250.50 = 949.50; VAT 6 % = 56.97; total 1,006.47, confirmed or not
            for (PricedOption p : List.of(b, c)) {
                assertThat(p.view().totals().subtotal()).isEqualTo(d("1200.00"));
                assertThat(p.view().totals().netAfterVouchers()).isEqualTo(d("949.50"));
                assertThat(p.view().totals().vat()).isEqualTo(d("56.97"));
                assertThat(p.view().totals().grandTotal()).isEqualTo(d("1006.47"));
            }
            // issue 39: unconfirmed, the reseller pays it: cost 600.00, margin 949.50 − 600 = 349.50 = 36.81 %
            assertThat(b.margin().costTermAmount()).isEqualTo(d("600.00"));
            assertThat(b.margin().marginAmount()).isEqualTo(d("349.50"));
            assertThat(b.margin().marginPercent()).isEqualTo(d("36.81"));                // 349.50 / 949.50
            // 250.50 of 1,200.00 = 20.9 % > the default 10 % cap: approval
            assertThat(b.approval().vouchersOverCap()).isTrue();
            assertThat(b.needsApproval()).isTrue();
            // confirmed, the provider pays it: cost 600 − 250.50 = 349.50, margin unchanged 600.00 = 63.19 %
            assertThat(c.margin().marginAmount()).isEqualTo(a.margin().marginAmount());   // 1,200 − 600 = 600.00
            assertThat(c.margin().costTermAmount()).isEqualTo(d("349.50"));
            assertThat(c.margin().marginPercent()).isEqualTo(d("63.19"));                // 600 / 949.50
            assertThat(c.approval().vouchersOverCap()).isFalse();
            assertThat(c.needsApproval()).isFalse();
        }

        @Test
        void withoutCostALineIsNeverBelowFloorAndMarginIsIncomplete() {
            PricingFixtures noCost = new PricingFixtures().instance("x", "f", "g", 1)
                    .price("x", MONTHLY, "1", null).price("y", MONTHLY, "1", "0.5").instance("y", "f", "g", 1);
            PricedOption priced = noCost.pricer("0.15", "0.06").price(option(List.of(
                    QuoteLine.of("x", REGION, MONTHLY, 1, 1), QuoteLine.of("y", REGION, MONTHLY, 1, 1))), null, TODAY);

            assertThat(priced.view().lines().get(0).belowFloor()).isFalse();
            assertThat(priced.margin().complete()).isFalse();
            assertThat(priced.margin().marginAmount()).isNull();
            assertThat(priced.margin().lines()).extracting(LineMargin::costUnitPrice).containsExactly(d("0.5000"));
        }

        @Test
        void adminsSeeMarginPerLineAndPerOption() {
            Agreement a = agreement(PercentOff.all(d("10")), new VolumeTier(16, d("5")), new TermTier(12, d("2")));
            QuoteOption option = option(List.of(QuoteLine.of("gn7-8x", REGION, MONTHLY, 2, 12),
                    QuoteLine.of("gn6-1x", REGION, HOURLY, 4, 6)), ServiceLine.monthly("Support", "1000"));

            AdminOptionView admin = price(option, a).adminView();

            LineMargin m1 = admin.margin().lines().get(0);
            assertThat(m1.lineId()).isEqualTo(option.lines().get(0).id());
            assertThat(m1.costUnitPrice()).isEqualTo(d("70000.0000"));
            assertThat(m1.floorUnitPrice()).isEqualTo(d("82352.9412"));   // 70000 / 0.85 = 82352.94117…, up
            assertThat(m1.costTermAmount()).isEqualTo(d("1680000.00"));   // 70000 × 2 × 12
            assertThat(m1.marginAmount()).isEqualTo(d("330960.00"));      // 2010960 − 1680000
            assertThat(m1.marginPercent()).isEqualTo(d("16.46"));         // 330960 / 2010960
            LineMargin m2 = admin.margin().lines().get(1);
            assertThat(m2.costTermAmount()).isEqualTo(d("105120.00"));    // 6 × 730 × 4 × 6
            assertThat(m2.marginAmount()).isEqualTo(d("44676.00"));       // 149796 − 105120
            assertThat(m2.marginPercent()).isEqualTo(d("29.82"));         // 44676 / 149796 = 0.298245
            assertThat(admin.margin().complete()).isTrue();
            assertThat(admin.margin().costTermAmount()).isEqualTo(d("1785120.00"));
            assertThat(admin.margin().marginAmount()).isEqualTo(d("375636.00"));
            assertThat(admin.margin().marginPercent()).isEqualTo(d("17.38")); // 375636 / 2160756 (services excluded)
            assertThat(admin.option().anyBelowFloor()).isFalse();
        }

        @Test
        void consultantFacingTypesCarryNoCostOrMargin() {
            for (Class<?> type : List.of(OptionView.class, LineView.class, OptionTotals.class, ModeComparison.class,
                    WaterfallStep.class, ServiceLine.class)) {
                assertThat(Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName)
                        .map(n -> n.toLowerCase(Locale.ROOT)))
                        .as(type.getSimpleName())
                        .noneMatch(n -> n.contains("cost") || n.contains("margin") || n.contains("floorunit"));
            }
            assertThat(Arrays.stream(OptionView.class.getRecordComponents()).map(RecordComponent::getType))
                    .doesNotContain(OptionMargin.class, LineMargin.class, PricePoint.class);
        }
    }

    @Nested
    class BillingModeComparison {

        private ModeComparison row(PricedOption priced, BillingMode mode) {
            return priced.view().billingModeComparison().stream().filter(r -> r.mode() == mode).findFirst()
                    .orElseThrow();
        }

        @Test
        void sameConfigurationPricedInEveryMode() {
            PricedOption priced = price(option(List.of(QuoteLine.of("gn7-8x", REGION, MONTHLY, 1, 12))), null);

            assertThat(priced.view().billingModeComparison()).extracting(ModeComparison::mode)
                    .containsExactly(HOURLY, SPOT, MONTHLY, YEARLY);
            assertThat(row(priced, HOURLY)).extracting(ModeComparison::availability, ModeComparison::monthlyNet,
                            ModeComparison::termNet, ModeComparison::grandTotal)
                    .containsExactly(ModeAvailability.AVAILABLE, d("146000.00"), d("1752000.00"), d("1857120.00"));
            // 200 × 730 = 146000; × 12 = 1752000; × 1.06
            assertThat(row(priced, SPOT)).extracting(ModeComparison::monthlyNet, ModeComparison::termNet)
                    .containsExactly(d("58400.00"), d("700800.00"));          // 80 × 730, × 12
            assertThat(row(priced, MONTHLY)).extracting(ModeComparison::monthlyNet, ModeComparison::termNet)
                    .containsExactly(d("100000.00"), d("1200000.00"));
            assertThat(row(priced, YEARLY)).extracting(ModeComparison::monthlyNet, ModeComparison::termNet)
                    .containsExactly(d("83333.33"), d("1000000.00"));  // 1000000 / 12 a month; term 1000000 × 1 year
        }

        @Test
        void theLinesOwnModeRowEqualsTheOptionTotals() {
            PricedOption priced = price(option(List.of(QuoteLine.of("gn7-8x", REGION, MONTHLY, 3, 7)),
                    ServiceLine.monthly("Support", "123.45"), ServiceLine.oneTime("Setup", "99")), null);

            OptionTotals t = priced.view().totals();
            assertThat(row(priced, MONTHLY)).extracting(ModeComparison::monthlyNet, ModeComparison::termNet,
                            ModeComparison::grandTotal)
                    .containsExactly(t.monthlyNet(), t.termNet(), t.grandTotal());
        }

        @Test
        void servicesAreIncludedInEveryRow() {
            PricedOption priced = price(option(List.of(QuoteLine.of("gn7-8x", REGION, MONTHLY, 1, 12)),
                    ServiceLine.monthly("Support", "1000")), null);

            assertThat(row(priced, SPOT).termNet()).isEqualTo(d("712800.00"));  // 700800 + 12 × 1000
        }

        @Test
        void modesWithoutPriceOrWithPartialYearsAreUnavailable() {
            PricedOption gn6 = price(option(List.of(QuoteLine.of("gn6-1x", REGION, HOURLY, 1, 12))), null);
            assertThat(row(gn6, SPOT).availability()).isEqualTo(ModeAvailability.NO_PRICE);
            assertThat(row(gn6, SPOT).termNet()).isNull();
            assertThat(row(gn6, YEARLY).availability()).isEqualTo(ModeAvailability.NO_PRICE);
            assertThat(row(gn6, MONTHLY).available()).isTrue();

            PricedOption sixMonths = price(option(List.of(QuoteLine.of("gn7-8x", REGION, MONTHLY, 1, 6))), null);
            assertThat(row(sixMonths, YEARLY).availability()).isEqualTo(ModeAvailability.TERM_NOT_WHOLE_YEARS);
            assertThat(row(sixMonths, HOURLY).available()).isTrue();
        }

        @Test
        void agreementRulesForTheComparedModeApply() {
            Agreement a = agreement(new FixedPrice("gn7-8x", REGION, HOURLY, d("150")),
                    PercentOff.billingMode(SPOT, d("20")));
            PricedOption priced = price(option(List.of(QuoteLine.of("gn7-8x", REGION, MONTHLY, 1, 12))), a);

            assertThat(row(priced, HOURLY).monthlyNet()).isEqualTo(d("109500.00"));   // 150 × 730
            assertThat(row(priced, HOURLY).anyBelowFloor()).isFalse();                 // ≥ 120 × 1.15 = 138
            assertThat(row(priced, SPOT).monthlyNet()).isEqualTo(d("46720.00"));      // 64 × 730
            assertThat(row(priced, SPOT).anyBelowFloor()).isTrue();                    // 64 < 60 × 1.15 = 69
            assertThat(row(priced, MONTHLY).monthlyNet()).isEqualTo(d("100000.00"));  // untouched
            assertThat(priced.anyBelowFloor()).isFalse();                              // the quote itself is fine
        }
    }

    @Nested
    class Errors {

        @Test
        void everyProblemIsReportedAtOnce() {
            QuoteOption a = QuoteOption.of(OptionName.A, List.of(
                    QuoteLine.of("gn7-8x", REGION, YEARLY, 1, 18),
                    QuoteLine.of("nope", REGION, MONTHLY, 1, 1),
                    QuoteLine.of("gn6-1x", REGION, SPOT, 1, 1)), List.of());
            QuoteOption b = QuoteOption.of(OptionName.B, List.of(
                    new QuoteLine(QuoteLineId.random(), "gn6-1x", REGION, HOURLY, 0, 0, 745, d("100.5"))),
                    List.of(ServiceLine.monthly(" ", "1.005")));

            assertThatThrownBy(() -> pricer.price(List.of(a, b), null, TODAY))
                    .isInstanceOfSatisfying(InvalidQuoteException.class, e -> assertThat(e.errors()).containsExactly(
                            new QuoteError("options[0].lines[0].termMonths", "quote.error.yearlyTermMultipleOf12"),
                            new QuoteError("options[0].lines[1].instanceType", "quote.error.unknownInstanceType"),
                            new QuoteError("options[0].lines[2]", "quote.error.noPriceInForce"),
                            new QuoteError("options[1].lines[0].quantity", "quote.error.atLeastOne"),
                            new QuoteError("options[1].lines[0].termMonths", "quote.error.termRange"),
                            new QuoteError("options[1].lines[0].hoursPerMonth", "quote.error.hoursRange"),
                            new QuoteError("options[1].lines[0].manualDiscountPercent", "quote.error.percentRange"),
                            new QuoteError("options[1].services[0].description", "quote.error.required"),
                            new QuoteError("options[1].services[0].amount", "quote.error.amountDecimals")));
        }
    }

    @Nested
    class Recommendations {

        @Test
        void netPriceUsesStepsOneToFour() {
            Agreement a = agreement(PercentOff.all(d("10")), new VolumeTier(16, d("5")), new TermTier(12, d("2")));

            Waterfall w = pricer.recommendationPrice("gn7-8x", REGION, MONTHLY, 2, 12, a, TODAY).orElseThrow();

            assertThat(w.steps()).hasSize(4);
            assertThat(w.listUnitPrice()).isEqualTo(d("100000.0000"));
            assertThat(w.netUnitPrice()).isEqualTo(d("83790.0000"));
            // one instance = 8 GPUs: no volume tier
            assertThat(pricer.recommendationPrice("gn7-8x", REGION, MONTHLY, 1, 12, a, TODAY).orElseThrow()
                    .netUnitPrice()).isEqualTo(d("88200.0000"));   // 100000 × 0.9 × 0.98
        }

        @Test
        void emptyWithoutPriceOrInstance() {
            assertThat(pricer.recommendationPrice("gn6-1x", REGION, SPOT, 1, 1, null, TODAY)).isEmpty();
            assertThat(pricer.recommendationPrice("nope", REGION, MONTHLY, 1, 1, null, TODAY)).isEmpty();
        }
    }
}
