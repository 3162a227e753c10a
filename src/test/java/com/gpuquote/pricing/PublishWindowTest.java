package com.gpuquote.pricing;

import com.gpuquote.CalendarTest;
import com.gpuquote.catalog.Provider;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The publish window, without a database: where a new version goes among the provider's published versions. */
@CalendarTest
class PublishWindowTest {

    private static final Instant JAN = Instant.parse("2026-01-01T00:00:00Z");
    private static final Instant MAR = Instant.parse("2026-03-01T00:00:00Z");
    private static final Instant JUN = Instant.parse("2026-06-01T00:00:00Z");
    private static final Instant SEP = Instant.parse("2026-09-01T00:00:00Z");

    @Test
    void theFirstVersionIsOpenEndedAndCutsNothing() {
        PublishWindow w = PublishWindow.place(MAR, List.of());
        assertThat(w.from()).isEqualTo(MAR);
        assertThat(w.to()).isNull();
        assertThat(w.cut()).isEmpty();
    }

    @Test
    void aNewVersionCutsTheOneInForceAtItsStart() {
        PriceList inForce = published(1, JAN, null);
        PublishWindow w = PublishWindow.place(MAR, List.of(inForce));
        assertThat(w.cut()).containsSame(inForce);
        assertThat(w.to()).isNull();
    }

    @Test
    void aVersionScheduledLaterBoundsTheNewWindow() {
        PriceList inForce = published(1, JAN, JUN);
        PriceList scheduled = published(2, JUN, SEP);
        PriceList later = published(3, SEP, null);
        PublishWindow w = PublishWindow.place(MAR, List.of(inForce, scheduled, later));
        assertThat(w.cut()).containsSame(inForce);
        assertThat(w.to()).as("the earliest later start").isEqualTo(JUN);
    }

    @Test
    void aBackdatedVersionBeforeEveryOtherCutsNothingAndEndsAtTheFirst() {
        PublishWindow w = PublishWindow.place(JAN, List.of(published(1, MAR, null)));
        assertThat(w.cut()).isEmpty();
        assertThat(w.to()).isEqualTo(MAR);
    }

    @Test
    void twoVersionsCannotStartAtTheSameInstant() {
        assertThatThrownBy(() -> PublishWindow.place(MAR, List.of(published(4, MAR, null))))
                .isInstanceOf(PublishWindow.SameStartException.class)
                .hasMessageContaining("Version 4");
    }

    private static PriceList published(int version, Instant from, Instant to) {
        return new PriceList(new PriceListId(java.util.UUID.randomUUID()), "v" + version, Provider.VOLCENGINE, "CNY",
                version, PriceListStatus.PUBLISHED, from, to, false, null, from, from, null, 1, 1);
    }
}
