package com.gpuquote.portal.internal;

import com.gpuquote.CalendarTest;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.portal.PortalFixtures;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.tenancy.TenantId;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 18: the expiry and reminder job of two app instances running at the same time. */
@CalendarTest
class ExpiryJobConcurrencyTest extends IntegrationTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    QuoteExpiry quoteExpiry;
    @Autowired
    ExpiryJob job;
    @Autowired
    Clock clock;

    /** Three quotes past validity, three ending within three days, one later (neither). */
    private record Setup(TestTenants.TestTenant tenant, List<PortalFixtures.Sent> past, List<PortalFixtures.Sent> soon,
                         PortalFixtures.Sent later) {
    }

    private Setup setUp(LocalDate today) {
        TestTenants.TestTenant t = fixtures.tenantWithPrices();
        List<PortalFixtures.Sent> past = new ArrayList<>();
        List<PortalFixtures.Sent> soon = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            PortalFixtures.Sent p = fixtures.sentQuote(t, "zh-CN");
            fixtures.setValidUntil(p, today.minusDays(1 + i));
            past.add(p);
            PortalFixtures.Sent s = fixtures.sentQuote(t, "zh-CN");
            fixtures.setValidUntil(s, today.plusDays(i + 1));
            soon.add(s);
        }
        PortalFixtures.Sent later = fixtures.sentQuote(t, "zh-CN");
        fixtures.setValidUntil(later, today.plusDays(4));
        return new Setup(t, past, soon, later);
    }

    @Test
    void twoRunsAtTheSameTimeExpireAndRemindEachQuoteOnce() throws Exception {
        LocalDate today = BusinessCalendar.today(clock);
        Setup s = setUp(today);
        CyclicBarrier start = new CyclicBarrier(2);
        CompletableFuture<int[]> one = CompletableFuture.supplyAsync(() -> runAfter(start, s, today));
        CompletableFuture<int[]> two = CompletableFuture.supplyAsync(() -> runAfter(start, s, today));
        int[] a = one.get(60, TimeUnit.SECONDS);
        int[] b = two.get(60, TimeUnit.SECONDS);
        assertThat(a[0] + b[0]).as("expired").isEqualTo(3);
        assertThat(a[1] + b[1]).as("reminded").isEqualTo(3);
        assertOnce(s);
    }

    @Test
    void aSecondRunSkipsTheQuotesTheFirstHoldsInsteadOfWaitingOrRepeatingThem() throws Exception {
        LocalDate today = BusinessCalendar.today(clock);
        Setup s = setUp(today);
        TenantId tenant = s.tenant().tenant().id();
        CountDownLatch firstWorked = new CountDownLatch(1);
        CountDownLatch secondDone = new CountDownLatch(1);
        // the first instance has done its work and not yet committed (its row locks are held) ...
        CompletableFuture<int[]> first = CompletableFuture.supplyAsync(() -> fixtures.inTenant(tenant, () -> {
            int[] r = quoteExpiry.expireAndRemind(tenant, today);
            firstWorked.countDown();
            await(secondDone);
            return r;
        }));
        assertThat(firstWorked.await(60, TimeUnit.SECONDS)).isTrue();
        // ... when the second runs: it finds nothing left to do and does not block on the first's rows
        int[] second = CompletableFuture.supplyAsync(() -> job.runFor(s.tenant().tenant(), today))
                .get(20, TimeUnit.SECONDS);
        secondDone.countDown();
        assertThat(second).containsExactly(0, 0);
        assertThat(first.get(60, TimeUnit.SECONDS)).containsExactly(3, 3);
        assertOnce(s);
        // and a later run finds everything done
        assertThat(job.runFor(s.tenant().tenant(), today)).containsExactly(0, 0);
    }

    private int[] runAfter(CyclicBarrier start, Setup s, LocalDate today) {
        try {
            start.await(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return job.runFor(s.tenant().tenant(), today);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void assertOnce(Setup s) {
        TenantId tenant = s.tenant().tenant().id();
        for (PortalFixtures.Sent p : s.past()) {
            assertThat(status(tenant, p)).isEqualTo("EXPIRED");
            assertThat(expiryNotifications(tenant, p)).isZero();
        }
        for (PortalFixtures.Sent p : s.soon()) {
            assertThat(status(tenant, p)).isIn("SENT", "VIEWED");
            assertThat(expiryNotifications(tenant, p)).as("one reminder for " + p.quote().number()).isEqualTo(1);
        }
        assertThat(status(tenant, s.later())).isIn("SENT", "VIEWED");
        assertThat(expiryNotifications(tenant, s.later())).isZero();
    }

    private String status(TenantId tenant, PortalFixtures.Sent p) {
        return fixtures.inTenant(tenant, () -> fixtures.jdbc().sql("select status from quotes where id = ?")
                .param(p.quoteId().value()).query(String.class).single());
    }

    private long expiryNotifications(TenantId tenant, PortalFixtures.Sent p) {
        return fixtures.inTenant(tenant, () -> fixtures.jdbc()
                .sql("select count(*) from notifications where kind = 'QUOTE_EXPIRING' and link = ?")
                .param("quotes/" + p.quoteId()).query(Long.class).single());
    }
}
