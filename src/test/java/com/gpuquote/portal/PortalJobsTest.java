package com.gpuquote.portal;

import com.gpuquote.CalendarTest;
import com.gpuquote.portal.internal.QuoteExpiry;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.quote.AsUser;
import com.gpuquote.shared.time.BusinessCalendar;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.LocalDate;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The expiry job and its once-per-quote reminder; questions answered in the app; the order summary and CSV. */
@CalendarTest
class PortalJobsTest extends IntegrationTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    QuoteExpiry quoteExpiry;
    @Autowired
    PortalInbox portalInbox;
    @Autowired
    PortalOrders portalOrders;
    @Autowired
    PortalThrottle throttle;
    @Autowired
    AsUser as;

    @BeforeEach
    void setUp() {
        throttle.reset("127.0.0.1");
    }

    private long notifications(PortalFixtures.Sent s, String kind) {
        return fixtures.inTenant(s.tenantId(), () -> fixtures.jdbc()
                .sql("select count(*) from notifications where kind = ?").param(kind).query(Long.class).single());
    }

    @Test
    void quotesPastValidityExpireAndConsultantsHearOnceThreeDaysBefore() {
        TestTenants.TestTenant t = fixtures.tenantWithPrices();
        LocalDate today = today();
        PortalFixtures.Sent soon = fixtures.sentQuote(t, "zh-CN");
        PortalFixtures.Sent later = fixtures.sentQuote(t, "zh-CN");
        PortalFixtures.Sent past = fixtures.sentQuote(t, "zh-CN");
        fixtures.setValidUntil(soon, today.plusDays(3));
        fixtures.setValidUntil(later, today.plusDays(4));
        fixtures.setValidUntil(past, today.minusDays(1));

        int[] first = fixtures.inTenant(t.tenant().id(), () -> quoteExpiry.expireAndRemind(t.tenant().id(), today));
        int[] second = fixtures.inTenant(t.tenant().id(), () -> quoteExpiry.expireAndRemind(t.tenant().id(), today));
        assertThat(first).containsExactly(1, 1);
        assertThat(second).containsExactly(0, 0);
        assertThat(notifications(soon, "QUOTE_EXPIRING")).isEqualTo(1);
        String stored = fixtures.inTenant(t.tenant().id(), () -> fixtures.jdbc()
                .sql("select status from quotes where id = ?").param(past.quoteId().value()).query(String.class).single());
        assertThat(stored).isEqualTo("EXPIRED");
        assertThat(Api.anonymous(baseUrl()).get("/portal/api/" + past.token()).status()).isEqualTo(410);
    }

    @Test
    void theConsultantAnswersAQuestionAndTheDeliveryTeamGetsTheOrder() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        Api customer = Api.anonymous(baseUrl());
        customer.post("/portal/api/" + s.token() + "/questions", Map.of("text", "可以按年付吗？"));
        var inbox = as.call(s.tenant().consultantEmail(), () -> portalInbox.openQuestions());
        assertThat(inbox).hasSize(1);
        as.call(s.tenant().consultantEmail(), () -> portalInbox.answer(inbox.get(0).questionId(), "可以，包年价格见方案对比。"));
        assertThat(as.call(s.tenant().consultantEmail(), () -> portalInbox.openQuestions())).isEmpty();
        var view = customer.get("/portal/api/" + s.token()).json();
        assertThat(view.path("questions").get(0).path("answers").get(0).path("text").asText()).startsWith("可以");

        customer.post("/portal/api/" + s.token() + "/accept", Map.of("optionId", s.optionId("B"),
                "signerName", "张三", "signerEmail", "zhang@customer.example", "agree", true));
        var orders = as.call(s.tenant().adminEmail(), () -> portalOrders.orders(0, 50));
        assertThat(orders).hasSize(1);
        OrderSummary o = orders.get(0);
        assertThat(o.optionName()).isEqualTo("B");
        assertThat(o.items()).singleElement().satisfies(i -> {
            assertThat(i.instanceType()).isEqualTo(PortalFixtures.A10);
            assertThat(i.quantity()).isEqualTo(4);
            assertThat(i.billingMode().name()).isEqualTo("MONTHLY");
        });
        String csv = as.call(s.tenant().consultantEmail(), () -> portalOrders.ordersCsv());
        assertThat(csv).startsWith(OrderCsv.HEADER).contains("instance," + PortalFixtures.A10 + ",cn-beijing,MONTHLY,4,12");
        // the accepted option's service line is part of the order (one-time: its amount under one_time_amount)
        assertThat(csv.lines().filter(l -> l.contains(",service,")).toList()).singleElement().asString()
                .contains(",B,").contains(",部署与调优,ONE_TIME,3000.00,CNY").contains("张三");
        assertThat(o.services()).singleElement().satisfies(sv -> assertThat(sv.description()).isEqualTo("部署与调优"));
        var acceptance = as.call(s.tenant().consultantEmail(), () -> portalOrders.acceptance(s.quoteId())).orElseThrow();
        assertThat(acceptance.ip()).isNotBlank();
        assertThat(acceptance.userAgent()).isNotBlank();
        assertThat(acceptance.snapshotSha256()).hasSize(64);
    }
}
