package com.gpuquote.pricing;

import com.gpuquote.commercial.BillingMode;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static com.gpuquote.pricing.CsvFixtures.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PriceListDiffTest {

    private static final String GNI2 = "ecs.gni2.3xlarge";

    @Test
    void reportsAddedRemovedChangedAndUnchanged() {
        List<PriceRow> current = List.of(
                row(GNI2, "cn-beijing", BillingMode.HOURLY, "10", "9"),      // unchanged (scale differs)
                row(GNI2, "cn-beijing", BillingMode.MONTHLY, "6000", "5400"), // changed +5 %
                row(GNI2, "cn-beijing", BillingMode.SPOT, "3", "2.7"));       // removed
        List<PriceRow> incoming = List.of(
                row(GNI2, "cn-beijing", BillingMode.HOURLY, "10.0000", "9.0000"),
                row(GNI2, "cn-beijing", BillingMode.MONTHLY, "6300", "5400"),
                row(GNI2, "cn-shanghai", BillingMode.HOURLY, "11", "10"));    // added

        PriceListDiff diff = PriceListDiff.between(current, incoming);

        assertThat(diff.unchanged()).isEqualTo(1);
        assertThat(diff.added()).extracting(PriceRow::region).containsExactly("cn-shanghai");
        assertThat(diff.removed()).extracting(PriceRow::billingMode).containsExactly(BillingMode.SPOT);
        assertThat(diff.changed()).singleElement().satisfies(c -> {
            assertThat(c.before().listPrice()).isEqualByComparingTo("6000");
            assertThat(c.after().listPrice()).isEqualByComparingTo("6300");
            assertThat(c.listPriceChangePercent()).isEqualTo(new BigDecimal("5.00"));
            assertThat(c.costPriceChangePercent()).isEqualTo(new BigDecimal("0.00"));
            assertThat(c.flagged()).isFalse();
        });
        assertThat(diff.flagged()).isEmpty();
        assertThat(diff.isEmpty()).isFalse();
    }

    @Test
    void changesAboveTwentyPercentEitherWayAreFlaggedAndExactlyTwentyIsNot() {
        List<PriceRow> current = List.of(
                row(GNI2, "cn-beijing", BillingMode.HOURLY, "100", "90"),
                row(GNI2, "cn-beijing", BillingMode.MONTHLY, "100", "90"),
                row(GNI2, "cn-beijing", BillingMode.YEARLY, "100", "90"),
                row(GNI2, "cn-beijing", BillingMode.SPOT, "100", "90"));
        List<PriceRow> incoming = List.of(
                row(GNI2, "cn-beijing", BillingMode.HOURLY, "120", "90"),       // +20 % exactly: not flagged
                row(GNI2, "cn-beijing", BillingMode.MONTHLY, "120.001", "90"),  // +20.001 %: flagged, shows 20.00
                row(GNI2, "cn-beijing", BillingMode.YEARLY, "75", "90"),        // -25 %: flagged
                row(GNI2, "cn-beijing", BillingMode.SPOT, "100", "60"));        // cost -33.33 %: flagged

        PriceListDiff diff = PriceListDiff.between(current, incoming);

        assertThat(diff.changed()).hasSize(4);
        assertThat(diff.flagged()).extracting(c -> c.key().billingMode())
                .containsExactly(BillingMode.MONTHLY, BillingMode.YEARLY, BillingMode.SPOT);
        PriceListDiff.Change monthly = diff.changed().stream()
                .filter(c -> c.key().billingMode() == BillingMode.MONTHLY).findFirst().orElseThrow();
        assertThat(monthly.listPriceChangePercent()).isEqualTo(new BigDecimal("20.00"));
        PriceListDiff.Change yearly = diff.changed().stream()
                .filter(c -> c.key().billingMode() == BillingMode.YEARLY).findFirst().orElseThrow();
        assertThat(yearly.listPriceChangePercent()).isEqualTo(new BigDecimal("-25.00"));
        PriceListDiff.Change spot = diff.changed().stream()
                .filter(c -> c.key().billingMode() == BillingMode.SPOT).findFirst().orElseThrow();
        assertThat(spot.costPriceChangePercent()).isEqualTo(new BigDecimal("-33.33"));
    }

    @Test
    void changeFromZeroHasNoPercentageAndIsFlagged() {
        PriceListDiff diff = PriceListDiff.between(
                List.of(row(GNI2, "cn-beijing", BillingMode.HOURLY, "0", "0")),
                List.of(row(GNI2, "cn-beijing", BillingMode.HOURLY, "5", "0")));

        assertThat(diff.changed()).singleElement().satisfies(c -> {
            assertThat(c.listPriceChangePercent()).isNull();
            assertThat(c.costPriceChangePercent()).isEqualTo(new BigDecimal("0.00"));
            assertThat(c.flagged()).isTrue();
        });
    }

    @Test
    void identicalListsAreEmptyDiffs() {
        List<PriceRow> rows = List.of(row(GNI2, "cn-beijing", BillingMode.HOURLY, "1", "1"));

        PriceListDiff diff = PriceListDiff.between(rows, rows);

        assertThat(diff.isEmpty()).isTrue();
        assertThat(diff.unchanged()).isEqualTo(1);
    }

    @Test
    void emptyCurrentMeansEverythingIsAdded() {
        PriceListDiff diff = PriceListDiff.between(List.of(), List.of(
                row(GNI2, "cn-shanghai", BillingMode.HOURLY, "1", "1"),
                row(GNI2, "cn-beijing", BillingMode.HOURLY, "1", "1")));

        assertThat(diff.added()).extracting(PriceRow::region).containsExactly("cn-beijing", "cn-shanghai");
        assertThat(diff.removed()).isEmpty();
        assertThat(diff.unchanged()).isZero();
    }

    @Test
    void duplicateKeysAreRejected() {
        PriceRow r = row(GNI2, "cn-beijing", BillingMode.HOURLY, "1", "1");

        assertThatThrownBy(() -> PriceListDiff.between(List.of(), List.of(r, r)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("incoming");
    }
}
