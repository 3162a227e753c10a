package com.gpuquote.pricing;

import com.gpuquote.CalendarTest;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants.TestTenant;
import com.gpuquote.catalog.Provider;
import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.NotFoundException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.security.access.AccessDeniedException;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Publishing, windows, lookups at the boundaries, atomicity, archive, copying, isolation. */
@CalendarTest
class PriceListPublishTest extends PricingTestSupport {

    private static final Duration MICRO = Duration.ofNanos(1_000);

    private TestTenant t;
    private Instant base;

    @BeforeEach
    void tenant() {
        base = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        t = testTenants.create();
    }

    private String listPriceAt(Instant at) {
        return as(t.consultantEmail(), () -> prices.priceAt(a10Hourly(), at)
                .map(p -> p.listPrice().toPlainString() + "@v" + p.version()).orElse("none"));
    }

    @Test
    void publishAssignsVersionsAndCutsThePreviousWindow() {
        PriceList v1 = published(t.adminEmail(), "10", base.minus(Duration.ofDays(10)));
        PriceList v2 = published(t.adminEmail(), "12", base.minus(Duration.ofDays(1)));
        assertThat(v1.version()).isEqualTo(1);
        assertThat(v2.version()).isEqualTo(2);
        assertThat(v2.effectiveTo()).isNull();
        PriceList v1After = as(t.adminEmail(), () -> priceLists.get(v1.id()));
        assertThat(v1After.effectiveTo()).isEqualTo(v2.effectiveFrom());
        assertThat(v1After.status()).isEqualTo(PriceListStatus.PUBLISHED);
        assertThat(listPriceAt(base)).isEqualTo("12.0000@v2");
        assertThat(listPriceAt(base.minus(Duration.ofDays(5)))).isEqualTo("10.0000@v1");
        assertThat(listPriceAt(base.minus(Duration.ofDays(11)))).isEqualTo("none");
    }

    @Test
    void exactlyAtEffectiveFromIsTheNewListOneMicrosecondBeforeTheOld() {
        Instant switchAt = base.plus(Duration.ofDays(3)).plusNanos(123_456_000);
        published(t.adminEmail(), "10", base.minus(Duration.ofDays(1)));
        published(t.adminEmail(), "20", switchAt);
        assertThat(listPriceAt(switchAt)).isEqualTo("20.0000@v2");
        assertThat(listPriceAt(switchAt.minus(MICRO))).isEqualTo("10.0000@v1");
        assertThat(listPriceAt(switchAt.plus(MICRO))).isEqualTo("20.0000@v2");
    }

    @Test
    void futureEffectiveFromSchedulesWithoutAJob() {
        published(t.adminEmail(), "10", base.minus(Duration.ofDays(1)));
        PriceList scheduled = published(t.adminEmail(), "15", base.plus(Duration.ofDays(30)));
        assertThat(scheduled.scheduledAfter(base)).isTrue();
        assertThat(listPriceAt(base)).isEqualTo("10.0000@v1");
        assertThat(listPriceAt(base.plus(Duration.ofDays(31)))).isEqualTo("15.0000@v2");
        // a list published later but effective before the scheduled one is bounded by it
        PriceList between = published(t.adminEmail(), "12", base.plus(Duration.ofDays(10)));
        assertThat(between.version()).isEqualTo(3);
        assertThat(between.effectiveTo()).isEqualTo(scheduled.effectiveFrom());
        assertThat(listPriceAt(base.plus(Duration.ofDays(20)))).isEqualTo("12.0000@v3");
        assertThat(listPriceAt(base.plus(Duration.ofDays(31)))).isEqualTo("15.0000@v2");
        assertThat(listPriceAt(base)).isEqualTo("10.0000@v1");
    }

    @Test
    void twoListsCannotStartAtTheSameInstant() {
        Instant from = base.plus(Duration.ofDays(2));
        published(t.adminEmail(), "10", from);
        assertThatThrownBy(() -> published(t.adminEmail(), "11", from))
                .isInstanceOfSatisfying(ConflictException.class,
                        e -> assertThat(e.messageKey()).isEqualTo("pricing.error.sameStart"));
    }

    @Test
    void aFailingPublishLeavesThePreviousListInForce() throws Exception {
        PriceList v1 = published(t.adminEmail(), "10", base.minus(Duration.ofDays(1)));
        PriceList draft = as(t.adminEmail(), () -> {
            PriceList d = priceLists.createDraft(NewPriceList.copyOfInForce("fails " + t.tenant().slug(),
                    Provider.VOLCENGINE, null));
            priceLists.saveRow(d.id(), new PriceRow(Provider.VOLCENGINE, "cn-beijing", A10, BillingMode.HOURLY,
                    new java.math.BigDecimal("99"), java.math.BigDecimal.ONE, "CNY"));
            return d;
        });
        // the last statement of publish (marking the draft PUBLISHED) violates a constraint added for this test,
        // after the previous list's window was already cut in the same transaction
        String constraint = "test_fail_" + t.tenant().slug().replace('-', '_');
        try (Connection c = TestDatabase.adminConnection(); Statement st = c.createStatement()) {
            st.execute("alter table price_lists add constraint " + constraint
                    + " check (not (name = 'fails " + t.tenant().slug() + "' and status = 'PUBLISHED')) not valid");
        }
        try {
            assertThatThrownBy(() -> as(t.adminEmail(), () -> priceLists.publish(draft.id(), base, null)))
                    .isInstanceOf(org.springframework.dao.DataIntegrityViolationException.class);
        } finally {
            try (Connection c = TestDatabase.adminConnection(); Statement st = c.createStatement()) {
                st.execute("alter table price_lists drop constraint " + constraint);
            }
        }
        assertThat(listPriceAt(base.plus(Duration.ofDays(1)))).isEqualTo("10.0000@v1");
        as(t.adminEmail(), () -> {
            assertThat(priceLists.get(v1.id()).effectiveTo()).isNull();
            assertThat(priceLists.get(draft.id()).status()).isEqualTo(PriceListStatus.DRAFT);
            // and once the cause is gone, the same draft publishes as version 2
            assertThat(priceLists.publish(draft.id(), base, null).version()).isEqualTo(2);
        });
        assertThat(listPriceAt(base.plus(Duration.ofDays(1)))).isEqualTo("99.0000@v2");
    }

    @Test
    void publishedRowsAreFrozenAndDraftOnlyOperationsConflict() {
        PriceList v1 = published(t.adminEmail(), "10", base);
        as(t.adminEmail(), () -> {
            assertThatThrownBy(() -> priceLists.applyImport(v1.id(), csv(line(A10, "cn-beijing", "SPOT", "1", "1")), null))
                    .isInstanceOf(ConflictException.class);
            assertThatThrownBy(() -> priceLists.deleteRow(v1.id(), a10Hourly())).isInstanceOf(ConflictException.class);
            assertThatThrownBy(() -> priceLists.publish(v1.id(), null, null)).isInstanceOf(ConflictException.class);
        });
    }

    @Test
    void emptyDraftAndStaleDraftCannotBePublished() {
        as(t.adminEmail(), () -> {
            PriceList empty = priceLists.createDraft(NewPriceList.empty("empty", Provider.VOLCENGINE, null));
            assertThatThrownBy(() -> priceLists.publish(empty.id(), null, null)).isInstanceOf(ConflictException.class);
            priceLists.applyImport(empty.id(), csv(line(A10, "cn-beijing", "HOURLY", "1", "1")), null);
            assertThatThrownBy(() -> priceLists.publish(empty.id(), null, empty.rowVersion()))
                    .isInstanceOf(org.springframework.dao.OptimisticLockingFailureException.class);
        });
    }

    @Test
    void archiveDiscardsDraftsAndEndedListsButKeepsTheirHistory() {
        PriceList v1 = published(t.adminEmail(), "10", base.minus(Duration.ofDays(10)));
        PriceList v2 = published(t.adminEmail(), "12", base.minus(Duration.ofDays(1)));
        as(t.adminEmail(), () -> {
            assertThatThrownBy(() -> priceLists.archive(v2.id()))
                    .isInstanceOfSatisfying(ConflictException.class,
                            e -> assertThat(e.messageKey()).isEqualTo("pricing.error.archiveInForce"));
            assertThat(priceLists.archive(v1.id()).status()).isEqualTo(PriceListStatus.ARCHIVED);
            PriceList draft = priceLists.createDraft(NewPriceList.empty("tmp", Provider.VOLCENGINE, null));
            assertThat(priceLists.archive(draft.id()).status()).isEqualTo(PriceListStatus.ARCHIVED);
            assertThat(prices.history(Provider.VOLCENGINE, A10)).extracting(PricePoint::version).containsExactly(1, 2);
        });
        assertThat(listPriceAt(base.minus(Duration.ofDays(5)))).isEqualTo("10.0000@v1");
    }

    @Test
    void draftCopiesTheListInForceOrAGivenList() {
        PriceList v1 = published(t.adminEmail(), "10", base.minus(Duration.ofDays(1)));
        as(t.adminEmail(), () -> {
            PriceList copy = priceLists.createDraft(NewPriceList.copyOfInForce("copy", Provider.VOLCENGINE, null));
            assertThat(priceLists.rows(copy.id())).isEqualTo(priceLists.rows(v1.id()));
            PriceList byId = priceLists.createDraft(NewPriceList.copyOf("by id", Provider.VOLCENGINE, null, v1.id()));
            assertThat(byId.rowCount()).isEqualTo(1);
            assertThat(byId.version()).isNull();
        });
    }

    @Test
    void bulkLookupsGiveListPricesAndCostOnlyInTheInternalVariant() {
        as(t.adminEmail(), () -> {
            PriceList d = priceLists.createDraft(NewPriceList.empty("bulk", Provider.VOLCENGINE, null));
            priceLists.applyImport(d.id(), csv(line(A10, "cn-beijing", "HOURLY", "10", "9"),
                    line(A10, "cn-beijing", "SPOT", "3", "2"), line(A10, "cn-shanghai", "HOURLY", "11", "9.5"),
                    line(T4, "cn-beijing", "MONTHLY", "3000", "2700")), null);
            priceLists.publish(d.id(), base, null);
        });
        as(t.consultantEmail(), () -> {
            Map<PriceKey, UnitPrice> hourly = prices.pricesInForce(Provider.VOLCENGINE, "cn-beijing",
                    EnumSet.of(BillingMode.HOURLY, BillingMode.SPOT), base.plusSeconds(1));
            assertThat(hourly.keySet()).extracting(PriceKey::billingMode).containsExactly(BillingMode.HOURLY, BillingMode.SPOT);
            assertThat(prices.pricesInForce(Provider.VOLCENGINE, null, Set.of(), base.plusSeconds(1))).hasSize(4);
            Map<PriceKey, CostedUnitPrice> costs = prices.costsInForce(Provider.VOLCENGINE, "cn-shanghai", Set.of(),
                    base.plusSeconds(1));
            assertThat(costs.values()).singleElement()
                    .satisfies(c -> assertThat(c.costPrice()).isEqualByComparingTo("9.5"));
            // the quote pricer's variant: only the instance types asked for, every billing mode of the region
            Map<PriceKey, CostedUnitPrice> a10Beijing = prices.costsInForce(Provider.VOLCENGINE, "cn-beijing",
                    Set.of(), base.plusSeconds(1), List.of(A10, "no-such-type"));
            assertThat(a10Beijing.keySet()).extracting(PriceKey::instanceType, PriceKey::billingMode)
                    .containsExactlyInAnyOrder(tuple(A10, BillingMode.HOURLY), tuple(A10, BillingMode.SPOT));
            assertThat(a10Beijing.get(new PriceKey(Provider.VOLCENGINE, A10, "cn-beijing", BillingMode.SPOT))
                    .listPrice()).isEqualByComparingTo("3");
            assertThat(prices.costsInForce(Provider.VOLCENGINE, "cn-beijing", Set.of(), base.plusSeconds(1),
                    List.of(T4)).keySet()).extracting(PriceKey::billingMode).containsExactly(BillingMode.MONTHLY);
            assertThat(prices.costsInForce(Provider.VOLCENGINE, "cn-beijing", Set.of(), base.minusSeconds(1),
                    List.of(A10))).isEmpty(); // not yet in force
            assertThatThrownBy(() -> prices.costedPriceAt(a10Hourly(), base)).isInstanceOf(AccessDeniedException.class);
            assertThatThrownBy(() -> new com.fasterxml.jackson.databind.ObjectMapper()
                    .writeValueAsString(costs.values().iterator().next()))
                    .hasMessageContaining("never serialised");
        });
        assertThat(as(t.adminEmail(), () -> prices.costedPriceAt(a10Hourly(), base).orElseThrow().costPrice()))
                .isEqualByComparingTo("9");
    }

    @Test
    void anotherTenantsListDoesNotExist() {
        PriceList mine = published(t.adminEmail(), "10", base);
        TestTenant other = testTenants.create();
        as(other.adminEmail(), () -> {
            assertThatThrownBy(() -> priceLists.get(mine.id())).isInstanceOf(NotFoundException.class);
            assertThatThrownBy(() -> priceLists.rows(mine.id())).isInstanceOf(NotFoundException.class);
            assertThatThrownBy(() -> priceLists.export(mine.id())).isInstanceOf(NotFoundException.class);
            assertThatThrownBy(() -> priceLists.archive(mine.id())).isInstanceOf(NotFoundException.class);
            assertThatThrownBy(() -> priceLists.publish(mine.id(), null, null)).isInstanceOf(NotFoundException.class);
            assertThatThrownBy(() -> priceLists.createDraft(NewPriceList.copyOf("x", Provider.VOLCENGINE, null, mine.id())))
                    .isInstanceOf(NotFoundException.class);
            assertThat(prices.priceAt(a10Hourly(), base)).isEmpty();
            assertThat(priceLists.list()).isEmpty();
        });
    }
}
