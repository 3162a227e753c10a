package com.gpuquote.quote;

import com.gpuquote.CalendarTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.catalog.Provider;
import com.gpuquote.notification.NotificationService;
import com.gpuquote.portal.PortalFixtures;
import com.gpuquote.pricing.NewPriceList;
import com.gpuquote.pricing.PriceList;
import com.gpuquote.pricing.PriceListService;
import com.gpuquote.quote.internal.RenewalJob;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 16, renewals: the customer accepts option B (A10 monthly, 4 instances, 12 months, 5,000.0000 a month); its
 * subscription ends 12 months after the day of acceptance (China calendar); the consultant hears once 30 days before
 * and once 7 days before; the renewal quote starts from the contracted price even after the list price rose.
 */
@CalendarTest
class RenewalTest extends IntegrationTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    AsUser as;
    @Autowired
    RenewalJob job;
    @Autowired
    NotificationService notifications;
    @Autowired
    PriceListService priceLists;

    @Test
    void anAcceptedSubscriptionIsRemindedAt30And7DaysAndRenewedFromTheContractedPrice() {
        TestTenants.TestTenant t = fixtures.tenantWithPrices();
        PortalFixtures.Sent s = fixtures.sentQuote(t, "zh-CN");
        LocalDate acceptedOn = acceptOptionB(s);
        LocalDate end = acceptedOn.plusMonths(12);

        Api consultant = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
        JsonNode subs = consultant.get("/api/v1/quotes/" + s.quoteId() + "/subscriptions").json();
        assertThat(subs).hasSize(1); // option B's monthly line; option A (hourly) was not accepted
        assertThat(subs.get(0).path("instanceType").asText()).isEqualTo(PortalFixtures.A10);
        assertThat(subs.get(0).path("quantity").asInt()).isEqualTo(4);
        assertThat(subs.get(0).path("startDate").asText()).isEqualTo(acceptedOn.toString());
        assertThat(subs.get(0).path("endDate").asText()).isEqualTo(end.toString());
        assertThat(subs.get(0).path("contractedUnitPrice").decimalValue()).isEqualByComparingTo("5000.0000");

        var tenant = s.tenantId();
        assertThat(job.runFor(tenant, end.minusDays(31))).isZero();
        assertThat(job.runFor(tenant, end.minusDays(30))).isEqualTo(1);
        assertThat(job.runFor(tenant, end.minusDays(30))).isZero(); // once
        assertThat(job.runFor(tenant, end.minusDays(12))).isZero();
        assertThat(job.runFor(tenant, end.minusDays(7))).isEqualTo(1);
        assertThat(job.runFor(tenant, end.minusDays(1))).isZero();
        assertThat(job.runFor(tenant, end)).isZero(); // ended: nothing more to remind
        var mine = as.call(t.consultantEmail(), () -> notifications.mine(20));
        assertThat(mine).filteredOn(n -> n.kind().equals("RENEWAL_DUE")).hasSize(2)
                .allSatisfy(n -> assertThat(n.link()).isEqualTo("quotes/" + s.quoteId()));

        // another tenant neither sees the subscriptions nor renews the quote
        Api stranger = Api.basic(baseUrl(), fixtures.tenantWithPrices().consultantEmail(), TestTenants.PASSWORD);
        assertThat(stranger.get("/api/v1/quotes/" + s.quoteId() + "/subscriptions").status()).isEqualTo(404);
        assertThat(stranger.post("/api/v1/quotes/" + s.quoteId() + "/renewal", Map.of()).status()).isEqualTo(404);

        // a quote that is not accepted has nothing to renew
        PortalFixtures.Sent other = fixtures.sentQuote(t, "zh-CN");
        assertThat(consultant.post("/api/v1/quotes/" + other.quoteId() + "/renewal", Map.of()).status()).isEqualTo(409);
        assertThat(consultant.get("/api/v1/quotes/" + other.quoteId() + "/subscriptions").json()).isEmpty();

        // the list price rises 5,000 → 5,600; the renewal is at exactly the contracted 5,000.0000 (issue 39, ADR 3906:
        // the CONTRACT step; it was 4,999.6800 through a manual discount of 10.72 % re-derived from it)
        raiseMonthlyPrice(t.adminEmail(), "5600.0000");
        var renewal = consultant.post("/api/v1/quotes/" + s.quoteId() + "/renewal", Map.of());
        assertThat(renewal.status()).as(renewal.body()).isEqualTo(201);
        JsonNode line = renewal.json().path("options").get(0).path("lines").get(0);
        assertThat(renewal.json().path("status").asText()).isEqualTo("DRAFT");
        assertThat(renewal.json().path("number").asText()).isNotEqualTo(s.quote().number());
        assertThat(line.path("instanceType").asText()).isEqualTo(PortalFixtures.A10);
        assertThat(line.path("billingMode").asText()).isEqualTo("MONTHLY");
        assertThat(line.path("quantity").asInt()).isEqualTo(4);
        assertThat(line.path("termMonths").asInt()).isEqualTo(12);
        assertThat(new java.math.BigDecimal(line.path("listUnitPrice").asText())).isEqualByComparingTo("5600.0000");
        assertThat(new java.math.BigDecimal(line.path("manualDiscountPercent").asText())).isZero();
        assertThat(new java.math.BigDecimal(line.path("netUnitPrice").asText())).isEqualByComparingTo("5000.0000");

    }

    @Test
    void fourInstancesRunningTheJobAtOnceRemindTheConsultantOnce() throws Exception {
        TestTenants.TestTenant t = fixtures.tenantWithPrices();
        PortalFixtures.Sent s = fixtures.sentQuote(t, "zh-CN");
        LocalDate end = acceptOptionB(s).plusMonths(12);

        // each run is its own transaction, as on separate app instances; they start together
        int instances = 4;
        CyclicBarrier start = new CyclicBarrier(instances);
        ExecutorService pool = Executors.newFixedThreadPool(instances);
        int total = 0;
        try {
            List<Future<Integer>> runs = new ArrayList<>();
            for (int i = 0; i < instances; i++) {
                runs.add(pool.submit(() -> {
                    start.await();
                    return job.runFor(s.tenantId(), end.minusDays(30));
                }));
            }
            for (Future<Integer> f : runs) {
                total += f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(total).as("reminders sent by all instances together").isEqualTo(1);
        var mine = as.call(t.consultantEmail(), () -> notifications.mine(20));
        assertThat(mine).filteredOn(n -> n.kind().equals("RENEWAL_DUE")).hasSize(1);
        // and a later run on the same day still sends nothing more
        assertThat(job.runFor(s.tenantId(), end.minusDays(30))).isZero();
    }

    @Test
    void reminderDaysFollowThePolicy() {
        LocalDate end = LocalDate.of(2027, 3, 31);
        assertThat(Subscriptions.reminderDue(end, LocalDate.of(2027, 2, 28))).isEmpty(); // 31 days before
        assertThat(Subscriptions.reminderDue(end, LocalDate.of(2027, 3, 1))).contains(30);
        assertThat(Subscriptions.reminderDue(end, LocalDate.of(2027, 3, 23))).contains(30); // 8 days before
        assertThat(Subscriptions.reminderDue(end, LocalDate.of(2027, 3, 24))).contains(7);
        assertThat(Subscriptions.reminderDue(end, LocalDate.of(2027, 3, 31))).isEmpty();
    }

    /** The customer accepts option B in the portal; the day of acceptance in China. */
    private LocalDate acceptOptionB(PortalFixtures.Sent s) {
        var accepted = Api.anonymous(baseUrl()).post("/portal/api/" + s.token() + "/accept", Map.of(
                "optionId", s.optionId("B"), "signerName", "张三", "signerEmail", "zhang@customer.example",
                "agree", true));
        assertThat(accepted.status()).as(accepted.body()).isEqualTo(200);
        return Instant.parse(accepted.json().path("acceptance").path("acceptedAt").asText())
                .atZone(ZoneId.of("Asia/Shanghai")).toLocalDate();
    }

    private void raiseMonthlyPrice(String adminEmail, String monthly) {
        Instant from = clock.instant().minusSeconds(60);
        String csv = "provider,region,instance_type,billing_mode,list_price,cost_price,currency\n"
                + "VOLCENGINE,cn-beijing," + PortalFixtures.A10 + ",MONTHLY," + monthly + ",2500.0000,CNY\n";
        as.run(adminEmail, () -> {
            PriceList draft = priceLists.createDraft(NewPriceList.empty("raise " + UUID.randomUUID(),
                    Provider.VOLCENGINE, from));
            priceLists.applyImport(draft.id(), csv.getBytes(StandardCharsets.UTF_8), null);
            priceLists.publish(draft.id(), from, null);
        });
    }
}
