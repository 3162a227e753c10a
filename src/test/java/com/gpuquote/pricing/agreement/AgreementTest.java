package com.gpuquote.pricing.agreement;

import com.gpuquote.CalendarTest;
import com.gpuquote.pricing.agreement.AgreementRule.FixedPrice;
import com.gpuquote.pricing.agreement.AgreementRule.PercentOff;
import com.gpuquote.pricing.agreement.AgreementRule.TermTier;
import com.gpuquote.pricing.agreement.AgreementRule.VolumeTier;
import com.gpuquote.commercial.BillingMode;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@CalendarTest
class AgreementTest {

    private static final LocalDate JAN_1 = LocalDate.of(2026, 1, 1);
    private static final LocalDate DEC_31 = LocalDate.of(2026, 12, 31);

    private static BigDecimal p(String v) {
        return new BigDecimal(v);
    }

    private static Agreement agreement(AgreementRule... rules) {
        return new Agreement(JAN_1, DEC_31, List.of(rules));
    }

    @Nested
    class Validation {

        @Test
        void aWellFormedAgreementHasNoErrors() {
            Agreement a = agreement(
                    new FixedPrice("gn7-8x", "cn-north-1", BillingMode.MONTHLY, p("80000.1234")),
                    PercentOff.all(p("5")),
                    PercentOff.family("gn7", p("12.5")),
                    new VolumeTier(16, p("3")),
                    new TermTier(12, p("2.25")));

            assertThat(a.validate()).isEmpty();
            assertThat(a.requireValid()).isSameAs(a);
        }

        @Test
        void reportsEveryFieldErrorAtOnce() {
            Agreement a = new Agreement(null, null, List.of(
                    new FixedPrice(" ", null, null, p("-1")),
                    new PercentOff(p("100.01"), "gn7-8x", "gn7", null, null, null),
                    new VolumeTier(0, p("-0.01")),
                    new TermTier(12, p("1.234")),
                    new PercentOff(null, null, null, null, null, null)));

            assertThat(a.validate()).containsExactly(
                    new AgreementError("validFrom", "customer.agreement.error.required"),
                    new AgreementError("rules[0].instanceType", "customer.agreement.error.required"),
                    new AgreementError("rules[0].region", "customer.agreement.error.required"),
                    new AgreementError("rules[0].billingMode", "customer.agreement.error.required"),
                    new AgreementError("rules[0].unitPrice", "customer.agreement.error.negative"),
                    new AgreementError("rules[1].percent", "customer.agreement.error.percentRange"),
                    new AgreementError("rules[1].scope", "customer.agreement.error.scopeMultiple"),
                    new AgreementError("rules[2].minGpus", "customer.agreement.error.atLeastOne"),
                    new AgreementError("rules[2].percent", "customer.agreement.error.percentRange"),
                    new AgreementError("rules[3].percent", "customer.agreement.error.percentDecimals"),
                    new AgreementError("rules[4].percent", "customer.agreement.error.required"));
        }

        @Test
        void requireValidThrowsWithAllErrors() {
            Agreement a = new Agreement(DEC_31, JAN_1, List.of(new TermTier(0, p("5"))));

            assertThatThrownBy(a::requireValid)
                    .isInstanceOfSatisfying(InvalidAgreementException.class, e -> assertThat(e.errors()).containsExactly(
                            new AgreementError("validTo", "customer.agreement.error.validToBeforeFrom"),
                            new AgreementError("rules[0].minMonths", "customer.agreement.error.atLeastOne")));
        }

        @ParameterizedTest
        @ValueSource(strings = {"0", "0.00", "0.01", "50", "99.99", "100", "100.00"})
        void percentWithinZeroToHundredIsValid(String percent) {
            assertThat(agreement(PercentOff.all(p(percent))).validate()).isEmpty();
            assertThat(agreement(new VolumeTier(1, p(percent))).validate()).isEmpty();
            assertThat(agreement(new TermTier(1, p(percent))).validate()).isEmpty();
        }

        @ParameterizedTest
        @ValueSource(strings = {"-0.01", "-5", "100.01", "101", "1000"})
        void percentOutsideZeroToHundredIsRefused(String percent) {
            assertThat(agreement(PercentOff.all(p(percent))).validate())
                    .containsExactly(new AgreementError("rules[0].percent", "customer.agreement.error.percentRange"));
        }

        @Test
        void unitPriceWithMoreThanFourDecimalsIsRefused() {
            assertThat(agreement(new FixedPrice("a", "r", BillingMode.HOURLY, p("1.00001"))).validate())
                    .containsExactly(new AgreementError("rules[0].unitPrice", "customer.agreement.error.unitPriceDecimals"));
            // trailing zeros are not extra precision
            assertThat(agreement(new FixedPrice("a", "r", BillingMode.HOURLY, p("1.000100"))).validate()).isEmpty();
        }

        @Test
        void percentOffAcceptsNoScopeOrExactlyOne() {
            assertThat(agreement(PercentOff.all(p("1"))).validate()).isEmpty();
            assertThat(agreement(PercentOff.instanceType("gn7-8x", p("1"))).validate()).isEmpty();
            assertThat(agreement(PercentOff.family("gn7", p("1"))).validate()).isEmpty();
            assertThat(agreement(PercentOff.gpuModel("A100", p("1"))).validate()).isEmpty();
            assertThat(agreement(PercentOff.billingMode(BillingMode.SPOT, p("1"))).validate()).isEmpty();
        }

        @Test
        void percentOffWithTwoOrMoreScopesIsRefused() {
            List<PercentOff> invalid = List.of(
                    new PercentOff(p("1"), "gn7-8x", "gn7", null, null, null),
                    new PercentOff(p("1"), null, "gn7", "A100", null, null),
                    new PercentOff(p("1"), null, null, "A100", BillingMode.HOURLY, null),
                    new PercentOff(p("1"), "gn7-8x", null, null, BillingMode.HOURLY, null),
                    new PercentOff(p("1"), "gn7-8x", "gn7", "A100", BillingMode.HOURLY, null));
            for (PercentOff rule : invalid) {
                assertThat(agreement(rule).validate()).as(rule.toString())
                        .containsExactly(new AgreementError("rules[0].scope", "customer.agreement.error.scopeMultiple"));
            }
        }

        @Test
        void blankScopeFieldsCountAsUnset() {
            PercentOff rule = new PercentOff(p("3"), "gn7-8x", "  ", "", null, null);

            assertThat(rule.family()).isNull();
            assertThat(rule.scope()).isEqualTo(PercentScope.INSTANCE_TYPE);
            assertThat(agreement(rule).validate()).isEmpty();
        }

        @Test
        void duplicateRulesAreRefusedBecauseTheWaterfallWouldBeAmbiguous() {
            Agreement a = agreement(
                    new FixedPrice("gn7-8x", "cn-north-1", BillingMode.MONTHLY, p("1")),
                    new FixedPrice("gn7-8x", "cn-north-1", BillingMode.MONTHLY, p("2")),
                    new FixedPrice("gn7-8x", "cn-north-1", BillingMode.YEARLY, p("2")),
                    PercentOff.family("gn7", p("5")),
                    PercentOff.family("gn7", p("6")),
                    PercentOff.family("gn6", p("6")),
                    PercentOff.all(p("1")),
                    PercentOff.all(p("2")),
                    new VolumeTier(8, p("1")),
                    new VolumeTier(8, p("2")),
                    new TermTier(12, p("1")),
                    new TermTier(12, p("2")),
                    new TermTier(24, p("2")));

            assertThat(a.validate()).extracting(AgreementError::field)
                    .containsExactly("rules[1]", "rules[4]", "rules[7]", "rules[9]", "rules[11]");
            assertThat(a.validate()).extracting(AgreementError::messageKey)
                    .containsOnly("customer.agreement.error.duplicateRule");
        }

        @Test
        void openEndedAgreementIsValid() {
            assertThat(new Agreement(JAN_1, null, List.of()).validate()).isEmpty();
            assertThat(new Agreement(JAN_1, JAN_1, List.of()).validate()).isEmpty();
        }
    }

    @Test
    void coversItsValidityInclusively() {
        Agreement a = agreement();
        assertThat(a.covers(JAN_1.minusDays(1))).isFalse();
        assertThat(a.covers(JAN_1)).isTrue();
        assertThat(a.covers(DEC_31)).isTrue();
        assertThat(a.covers(DEC_31.plusDays(1))).isFalse();

        Agreement openEnded = new Agreement(JAN_1, null, List.of());
        assertThat(openEnded.covers(LocalDate.of(2099, 1, 1))).isTrue();
        assertThat(openEnded.covers(JAN_1.minusDays(1))).isFalse();
    }

    @Nested
    class Matching {

        @Test
        void fixedPriceMatchesOnlyTheExactInstanceRegionAndMode() {
            FixedPrice rule = new FixedPrice("gn7-8x", "cn-north-1", BillingMode.MONTHLY, p("1"));
            Agreement a = agreement(rule);

            assertThat(a.fixedPriceFor("gn7-8x", "cn-north-1", BillingMode.MONTHLY)).contains(rule);
            assertThat(a.fixedPriceFor("gn7-8x", "cn-east-1", BillingMode.MONTHLY)).isEmpty();
            assertThat(a.fixedPriceFor("gn7-8x", "cn-north-1", BillingMode.HOURLY)).isEmpty();
            assertThat(a.fixedPriceFor("gn7-4x", "cn-north-1", BillingMode.MONTHLY)).isEmpty();
        }

        @Test
        void mostSpecificPercentOffWins() {
            PercentOff byType = PercentOff.instanceType("gn7-8x", p("25"));
            PercentOff byFamily = PercentOff.family("gn7", p("20"));
            PercentOff byGpu = PercentOff.gpuModel("A100", p("15"));
            PercentOff byMode = PercentOff.billingMode(BillingMode.MONTHLY, p("10"));
            PercentOff all = PercentOff.all(p("5"));

            // given in "wrong" order on purpose; precedence is by scope, not by order or size of discount
            assertThat(agreement(all, byMode, byGpu, byFamily, byType).bestPercentOff("gn7-8x", "gn7", "A100", "cn-beijing",
                    BillingMode.MONTHLY)).contains(byType);
            assertThat(agreement(all, byMode, byGpu, byFamily).bestPercentOff("gn7-8x", "gn7", "A100", "cn-beijing",
                    BillingMode.MONTHLY)).contains(byFamily);
            assertThat(agreement(all, byMode, byGpu).bestPercentOff("gn7-8x", "gn7", "A100", "cn-beijing",
                    BillingMode.MONTHLY)).contains(byGpu);
            assertThat(agreement(all, byMode).bestPercentOff("gn7-8x", "gn7", "A100", "cn-beijing",
                    BillingMode.MONTHLY)).contains(byMode);
            assertThat(agreement(all).bestPercentOff("gn7-8x", "gn7", "A100", "cn-beijing", BillingMode.MONTHLY)).contains(all);
            assertThat(agreement().bestPercentOff("gn7-8x", "gn7", "A100", "cn-beijing", BillingMode.MONTHLY)).isEmpty();
        }

        @Test
        void aRegionNarrowsAPercentOffAndWinsAtTheSameLevel() {
            PercentOff shanghai = PercentOff.all(p("12")).inRegion("cn-shanghai");
            PercentOff all = PercentOff.all(p("5"));
            PercentOff familyShanghai = PercentOff.family("gn7", p("3")).inRegion("cn-shanghai");
            PercentOff family = PercentOff.family("gn7", p("8"));

            assertThat(agreement(shanghai).bestPercentOff("gn7-8x", "gn7", "A100", "cn-shanghai",
                    BillingMode.MONTHLY)).contains(shanghai);
            assertThat(agreement(shanghai).bestPercentOff("gn7-8x", "gn7", "A100", "cn-beijing",
                    BillingMode.MONTHLY)).isEmpty();
            assertThat(agreement(all, shanghai).bestPercentOff("gn7-8x", "gn7", "A100", "cn-beijing",
                    BillingMode.MONTHLY)).contains(all);
            assertThat(agreement(shanghai, all).bestPercentOff("gn7-8x", "gn7", "A100", "cn-shanghai",
                    BillingMode.MONTHLY)).contains(shanghai);
            // the scope's level first, the region second, the size of the discount last
            assertThat(agreement(shanghai, family, familyShanghai).bestPercentOff("gn7-8x", "gn7", "A100",
                    "cn-shanghai", BillingMode.MONTHLY)).contains(familyShanghai);
            assertThat(agreement(shanghai, family, familyShanghai).bestPercentOff("gn7-8x", "gn7", "A100",
                    "cn-beijing", BillingMode.MONTHLY)).contains(family);
            // the same scope in two regions is two rules, the same scope and region twice is a duplicate
            assertThat(agreement(all, shanghai, PercentOff.all(p("7")).inRegion("cn-beijing")).validate()).isEmpty();
            assertThat(agreement(shanghai, PercentOff.all(p("9")).inRegion("cn-shanghai")).validate())
                    .extracting(AgreementError::field).containsExactly("rules[1]");
        }

        @Test
        void aMoreSpecificRuleThatDoesNotMatchDoesNotBeatAMatchingGeneralOne() {
            PercentOff all = PercentOff.all(p("5"));
            Agreement a = agreement(all, PercentOff.instanceType("gn6-1x", p("50")), PercentOff.family("gn6", p("40")),
                    PercentOff.gpuModel("V100", p("30")), PercentOff.billingMode(BillingMode.SPOT, p("20")));

            assertThat(a.bestPercentOff("gn7-8x", "gn7", "A100", "cn-beijing", BillingMode.MONTHLY)).contains(all);
        }

        @Test
        void highestVolumeTierNotAboveTotalGpus() {
            VolumeTier t8 = new VolumeTier(8, p("5"));
            VolumeTier t16 = new VolumeTier(16, p("10"));
            VolumeTier t64 = new VolumeTier(64, p("15"));
            Agreement a = agreement(t64, t8, t16);

            assertThat(a.volumeTierFor(7)).isEmpty();
            assertThat(a.volumeTierFor(8)).contains(t8);
            assertThat(a.volumeTierFor(15)).contains(t8);
            assertThat(a.volumeTierFor(16)).contains(t16);
            assertThat(a.volumeTierFor(63)).contains(t16);
            assertThat(a.volumeTierFor(64)).contains(t64);
            assertThat(a.volumeTierFor(1000)).contains(t64);
        }

        @Test
        void highestTermTierNotAboveTermMonths() {
            TermTier t12 = new TermTier(12, p("3"));
            TermTier t36 = new TermTier(36, p("8"));
            Agreement a = agreement(t36, t12);

            assertThat(a.termTierFor(11)).isEmpty();
            assertThat(a.termTierFor(12)).contains(t12);
            assertThat(a.termTierFor(35)).contains(t12);
            assertThat(a.termTierFor(36)).contains(t36);
            assertThat(a.termTierFor(60)).contains(t36);
        }
    }
}
