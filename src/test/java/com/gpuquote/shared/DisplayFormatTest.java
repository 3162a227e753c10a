package com.gpuquote.shared;

import com.gpuquote.CalendarTest;
import com.gpuquote.shared.DisplayFormat.Per;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;

/** The one display format of numbers: what the walk-through expected to read. */
@CalendarTest
class DisplayFormatTest {

    @Test
    void amountsHaveThousandsSeparatorsAndTwoDecimalsRoundedHalfUp() {
        assertThat(DisplayFormat.money(new BigDecimal("725229.6778"), "CNY")).isEqualTo("¥725,229.68");
        assertThat(DisplayFormat.amount(new BigDecimal("0.125"))).isEqualTo("0.13"); // half-up, not half-even
        assertThat(DisplayFormat.amount(new BigDecimal("1234567"))).isEqualTo("1,234,567.00");
        assertThat(DisplayFormat.money(new BigDecimal("12"), "USD")).isEqualTo("USD 12.00");
        assertThat(DisplayFormat.money(new BigDecimal("-3600"), "CNY")).isEqualTo("-¥3,600.00");
    }

    @Test
    void unitPricesShowTwoToFourDecimalsAndAlwaysTheirUnit() {
        assertThat(DisplayFormat.unitPrice(new BigDecimal("12.8"), "CNY", Per.HOUR, I18n.CHINESE)).isEqualTo("¥12.80 / 小时");
        assertThat(DisplayFormat.unitPrice(new BigDecimal("9200"), "CNY", Per.MONTH, I18n.CHINESE)).isEqualTo("¥9,200.00 / 月");
        assertThat(DisplayFormat.unitPrice(new BigDecimal("725229.6778"), "CNY", Per.YEAR, I18n.CHINESE))
                .isEqualTo("¥725,229.6778 / 年");
        assertThat(DisplayFormat.unitPrice(new BigDecimal("0.12345"), "CNY", Per.HOUR, I18n.ENGLISH)).isEqualTo("¥0.1235 / hour");
        assertThat(DisplayFormat.unitPrice(new BigDecimal("3.10000"))).isEqualTo("3.10");
    }

    @Test
    void quotedUnitPricesAreReadInFen() {
        assertThat(DisplayFormat.quotedUnitPrice(new BigDecimal("997406.5920"), "CNY", Per.YEAR, I18n.CHINESE))
                .isEqualTo("¥997,406.59 / 年");
        assertThat(DisplayFormat.quotedUnitPrice(new BigDecimal("1130666.3465"), "CNY")).isEqualTo("¥1,130,666.35");
        assertThat(DisplayFormat.quotedUnitPrice(new BigDecimal("0.1250"))).isEqualTo("0.13"); // half-up
    }

    @Test
    void spotAndHourlyPricesArePerHour() {
        assertThat(Per.ofBillingMode("SPOT")).isEqualTo(Per.HOUR);
        assertThat(Per.ofBillingMode("HOURLY")).isEqualTo(Per.HOUR);
        assertThat(Per.ofBillingMode("YEARLY")).isEqualTo(Per.YEAR);
    }

    @Test
    void countsUseTheRightPluralInEnglish() {
        assertThat(DisplayFormat.count(I18n.ENGLISH, 1, "shared.count.gpu")).isEqualTo("1 GPU");
        assertThat(DisplayFormat.count(I18n.ENGLISH, 2, "shared.count.gpu")).isEqualTo("2 GPUs");
        assertThat(DisplayFormat.count(I18n.ENGLISH, 1, "shared.count.node")).isEqualTo("1 node");
        assertThat(DisplayFormat.count(I18n.ENGLISH, 3482, "shared.count.row")).isEqualTo("3,482 rows");
        assertThat(DisplayFormat.count(I18n.CHINESE, 2, "shared.count.gpu")).isEqualTo("2 块 GPU");
    }

    @Test
    void numbersAndDates() {
        assertThat(DisplayFormat.number(new BigDecimal("2.3333"), 2)).isEqualTo("2.33");
        assertThat(DisplayFormat.number(3482.0, 1)).isEqualTo("3,482");
        assertThat(DisplayFormat.percent(new BigDecimal("12.50"))).isEqualTo("12.5%");
        // 2026-02-28T16:30Z is 00:30 on March 1st in China
        assertThat(DisplayFormat.dateTime(Instant.parse("2026-02-28T16:30:00Z"))).isEqualTo("2026-03-01 00:30");
        assertThat(DisplayFormat.date(Instant.parse("2026-02-28T16:30:00Z"))).isEqualTo("2026-03-01");
        assertThat(DisplayFormat.date(LocalDate.of(2026, 3, 1))).isEqualTo("2026-03-01");
    }
}
