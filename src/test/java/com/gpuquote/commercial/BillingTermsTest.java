package com.gpuquote.commercial;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static com.gpuquote.commercial.BillingMode.HOURLY;
import static com.gpuquote.commercial.BillingMode.MONTHLY;
import static com.gpuquote.commercial.BillingMode.SPOT;
import static com.gpuquote.commercial.BillingMode.YEARLY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BillingTermsTest {

    private static BigDecimal d(String v) {
        return new BigDecimal(v);
    }

    @Test
    void hourlyAndSpotAreUnitTimesHoursTimesQuantity() {
        // 12.3457 × 730 × 2 = 18024.7220
        assertThat(BillingTerms.monthlyAmount(HOURLY, d("12.3457"), 2, 730)).isEqualTo(d("18024.72"));
        // 1.5 × 100 × 3 = 450
        assertThat(BillingTerms.monthlyAmount(SPOT, d("1.5000"), 3, 100)).isEqualTo(d("450.00"));
    }

    @Test
    void monthlyIsUnitTimesQuantity() {
        // 2500.1234 × 3 = 7500.3702
        assertThat(BillingTerms.monthlyAmount(MONTHLY, d("2500.1234"), 3, 730)).isEqualTo(d("7500.37"));
    }

    @Test
    void yearlyIsUnitDividedByTwelveTimesQuantity() {
        // 100000 / 12 = 8333.333…
        assertThat(BillingTerms.monthlyAmount(YEARLY, d("100000.0000"), 1, 730)).isEqualTo(d("8333.33"));
        // 1000 × 5 / 12 = 416.666…
        assertThat(BillingTerms.monthlyAmount(YEARLY, d("1000.0000"), 5, 730)).isEqualTo(d("416.67"));
    }

    @Test
    void monthlyAmountsRoundHalfUpAtTheCent() {
        // 0.0005 × 730 = 0.365 → 0.37
        assertThat(BillingTerms.monthlyAmount(HOURLY, d("0.0005"), 1, 730)).isEqualTo(d("0.37"));
        // 10.0050 × 1 = 10.005 → 10.01
        assertThat(BillingTerms.monthlyAmount(MONTHLY, d("10.0050"), 1, 730)).isEqualTo(d("10.01"));
        // 0.0600 / 12 = 0.005 → 0.01
        assertThat(BillingTerms.monthlyAmount(YEARLY, d("0.0600"), 1, 730)).isEqualTo(d("0.01"));
        // 10.0049 → 10.00
        assertThat(BillingTerms.monthlyAmount(MONTHLY, d("10.0049"), 1, 730)).isEqualTo(d("10.00"));
    }

    @Test
    void termAmountIsTheRoundedMonthlyAmountTimesTheTerm() {
        // 18024.72 × 12
        assertThat(BillingTerms.termAmount(HOURLY, d("12.3457"), 2, 730, 12)).isEqualTo(d("216296.64"));
        // 0.37 × 10 (the customer is invoiced a rounded amount each month)
        assertThat(BillingTerms.termAmount(HOURLY, d("0.0005"), 1, 730, 10)).isEqualTo(d("3.70"));
        // 7500.37 × 6
        assertThat(BillingTerms.termAmount(MONTHLY, d("2500.1234"), 3, 730, 6)).isEqualTo(d("45002.22"));
    }

    @Test
    void yearlyTermIsTheUnitPriceTimesQuantityTimesYearsRoundedOnce() {
        // 809,871.7986 × 1 × 3 years = 2,429,615.3958 → 2,429,615.40 (36 rounded twelfths would give 2,429,615.52)
        assertThat(BillingTerms.termAmount(YEARLY, d("809871.7986"), 1, 730, 36)).isEqualTo(d("2429615.40"));
        // 100,000 × 1 × 1 year: the yearly price itself (twelve rounded months would give 99,999.96)
        assertThat(BillingTerms.termAmount(YEARLY, d("100000.0000"), 1, 730, 12)).isEqualTo(d("100000.00"));
        // 100,000 × 2 × 2 years
        assertThat(BillingTerms.termAmount(YEARLY, d("100000.0000"), 2, 730, 24)).isEqualTo(d("400000.00"));
        // 1,000.0001 × 1 × 1 = 1,000.0001 → 1,000.00
        assertThat(BillingTerms.termAmount(YEARLY, d("1000.0001"), 1, 730, 12)).isEqualTo(d("1000.00"));
        // 1,000.0051 × 1 × 3 = 3,000.0153 → 3,000.02
        assertThat(BillingTerms.termAmount(YEARLY, d("1000.0051"), 1, 730, 36)).isEqualTo(d("3000.02"));
        // 333.3350 × 3 × 1 = 1,000.005 → 1,000.01 (half-up)
        assertThat(BillingTerms.termAmount(YEARLY, d("333.3350"), 3, 730, 12)).isEqualTo(d("1000.01"));
    }

    @Test
    void yearlyNeedsWholeYears() {
        assertThat(BillingTerms.isValidTerm(YEARLY, 12)).isTrue();
        assertThat(BillingTerms.isValidTerm(YEARLY, 36)).isTrue();
        assertThat(BillingTerms.isValidTerm(YEARLY, 18)).isFalse();
        assertThat(BillingTerms.isValidTerm(YEARLY, 6)).isFalse();
        assertThat(BillingTerms.isValidTerm(MONTHLY, 7)).isTrue();
        assertThat(BillingTerms.isValidTerm(HOURLY, 1)).isTrue();
        assertThat(BillingTerms.isValidTerm(HOURLY, 0)).isFalse();
        assertThatThrownBy(() -> BillingTerms.termAmount(YEARLY, d("1"), 1, 730, 18))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void hoursMatterOnlyForHourlyModes() {
        for (BillingMode mode : BillingMode.values()) {
            assertThat(BillingTerms.isHourly(mode)).isEqualTo(mode == HOURLY || mode == SPOT);
        }
        assertThat(BillingTerms.monthlyAmount(MONTHLY, d("100"), 1, 1))
                .isEqualTo(BillingTerms.monthlyAmount(MONTHLY, d("100"), 1, 744));
    }
}
