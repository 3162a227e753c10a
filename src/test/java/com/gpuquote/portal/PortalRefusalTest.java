package com.gpuquote.portal;

import com.gpuquote.CalendarTest;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.quote.AsUser;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.quote.QuoteWorkflow;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every way an acceptance is refused, the single winner under concurrency, expiry at the boundary, revocation. */
@CalendarTest
class PortalRefusalTest extends IntegrationTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    PortalThrottle throttle;
    @Autowired
    AsUser as;
    @Autowired
    QuoteWorkflow quoteWorkflow;
    @Autowired
    PortalLinks portalLinks;

    Api customer;
    /** One priced tenant for the class: every test sends a quote of its own to a new customer, so none sees another's. */
    private static TestTenants.TestTenant tenant;

    @BeforeEach
    void setUp() {
        throttle.reset("127.0.0.1");
        customer = Api.anonymous(baseUrl());
        if (tenant == null) {
            tenant = fixtures.tenantWithPrices();
        }
    }

    private PortalFixtures.Sent sentQuote() {
        return fixtures.sentQuote(tenant, "zh-CN");
    }

    private static Map<String, Object> accept(String optionId, boolean agree) {
        return Map.of("optionId", optionId, "signerName", "张三", "signerEmail", "zhang@customer.example", "agree", agree);
    }

    private Api.Response acceptB(PortalFixtures.Sent s) {
        return customer.post("/portal/api/" + s.token() + "/accept", accept(s.optionId("B"), true));
    }

    @Test
    void tenParallelAcceptancesHaveExactlyOneWinner() throws Exception {
        PortalFixtures.Sent s = sentQuote();
        ExecutorService pool = Executors.newFixedThreadPool(10);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Integer>> results = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            String option = s.optionId(i % 2 == 0 ? "A" : "B");
            results.add(pool.submit(() -> {
                start.await();
                return customer.post("/portal/api/" + s.token() + "/accept", accept(option, true)).status();
            }));
        }
        start.countDown();
        List<Integer> statuses = new ArrayList<>();
        for (Future<Integer> f : results) {
            statuses.add(f.get());
        }
        pool.shutdown();
        assertThat(statuses).filteredOn(x -> x == 200).hasSize(1);
        assertThat(statuses).filteredOn(x -> x == 409).hasSize(9);
        Long rows = fixtures.inTenant(s.tenantId(), () -> fixtures.jdbc()
                .sql("select count(*) from portal_acceptances where quote_id = ?").param(s.quoteId().value())
                .query(Long.class).single());
        assertThat(rows).isEqualTo(1);
    }

    @Test
    void agreeFalseAndUnknownOptionAre400AndChangeNothing() {
        PortalFixtures.Sent s = sentQuote();
        var noAgree = customer.post("/portal/api/" + s.token() + "/accept", accept(s.optionId("B"), false));
        assertThat(noAgree.status()).as(noAgree.body()).isEqualTo(400);
        assertThat(noAgree.json().path("errors").findValuesAsText("field")).containsExactly("agree");
        var unknown = customer.post("/portal/api/" + s.token() + "/accept",
                accept(UUID.randomUUID().toString(), true));
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.json().path("errors").findValuesAsText("field")).containsExactly("optionId");
        var empty = customer.post("/portal/api/" + s.token() + "/accept", Map.of());
        assertThat(empty.json().path("errors").findValuesAsText("field"))
                .containsExactlyInAnyOrder("optionId", "signerName", "signerEmail", "agree");
        assertThat(customer.get("/portal/api/" + s.token()).json().path("status").asText()).isEqualTo("VIEWED");
        assertThat(acceptB(s).status()).isEqualTo(200);
    }

    @Test
    void rejectedQuoteCannotBeAccepted() {
        PortalFixtures.Sent s = sentQuote();
        assertThat(customer.post("/portal/api/" + s.token() + "/reject", Map.of("reason", " ")).status()).isEqualTo(400);
        var rejected = customer.post("/portal/api/" + s.token() + "/reject", Map.of("reason", "预算不足"));
        assertThat(rejected.status()).as(rejected.body()).isEqualTo(200);
        assertThat(rejected.json().path("status").asText()).isEqualTo("REJECTED");
        var accept = acceptB(s);
        assertThat(accept.status()).isEqualTo(409);
        assertThat(accept.json().path("code").asText()).isEqualTo("portal.error.rejected");
        assertThat(customer.get("/portal/api/" + s.token()).status()).isEqualTo(410);
    }

    @Test
    void supersededQuoteCannotBeAcceptedAndItsLinkIsGone() {
        PortalFixtures.Sent s = sentQuote();
        as.run(s.tenant().consultantEmail(), () -> quoteWorkflow.revise(s.quoteId()));
        var accept = acceptB(s);
        assertThat(accept.status()).as(accept.body()).isEqualTo(409);
        assertThat(accept.json().path("code").asText()).isEqualTo("portal.error.superseded");
        var gone = customer.get("/portal/api/" + s.token());
        assertThat(gone.status()).isEqualTo(410);
        assertThat(gone.json().path("reason").asText()).isEqualTo("SUPERSEDED");
    }

    @Test
    void expiryAtTheBoundaryLastValidDayWorksTheNextDayIs410() {
        LocalDate today = today();
        PortalFixtures.Sent s = sentQuote();
        fixtures.setValidUntil(s, today.minusDays(1));
        assertThat(customer.get("/portal/api/" + s.token()).status()).isEqualTo(410);
        assertThat(customer.get("/portal/api/" + s.token() + "/pdf").status()).isEqualTo(410);
        var late = acceptB(s);
        assertThat(late.status()).isEqualTo(410);
        assertThat(late.json().path("code").asText()).isEqualTo("portal.gone.expired");
        assertThat(late.json().path("reason").asText()).isEqualTo("EXPIRED");
        var lateReject = customer.post("/portal/api/" + s.token() + "/reject", Map.of("reason", "太晚了"));
        assertThat(lateReject.status()).isEqualTo(410);
        assertThat(lateReject.json().path("reason").asText()).isEqualTo("EXPIRED");

        fixtures.setValidUntil(s, today);
        assertThat(customer.get("/portal/api/" + s.token()).status()).isEqualTo(200);
        assertThat(acceptB(s).status()).isEqualTo(200);
        // accepted stays readable (read-only) even after its validity
        fixtures.setValidUntil(s, today.minusDays(1));
        var after = customer.get("/portal/api/" + s.token());
        assertThat(after.status()).isEqualTo(200);
        assertThat(after.json().path("status").asText()).isEqualTo("ACCEPTED");
    }

    @Test
    void revokedLinkIs404AndAReissuedOneWorks() {
        PortalFixtures.Sent s = sentQuote();
        assertThat(customer.get("/portal/api/" + s.token()).status()).isEqualTo(200);
        IssuedLink fresh = as.call(s.tenant().consultantEmail(), () -> portalLinks.reissueLink(s.quoteId()));
        assertThat(customer.get("/portal/api/" + s.token()).status()).isEqualTo(404);
        assertThat(customer.post("/portal/api/" + s.token() + "/accept", accept(s.optionId("B"), true)).status())
                .isEqualTo(404);
        String token = fresh.portalUrl().substring(fresh.portalUrl().lastIndexOf('/') + 1);
        assertThat(customer.get("/portal/api/" + token).status()).isEqualTo(200);
        as.run(s.tenant().consultantEmail(), () -> portalLinks.revokeLinks(s.quoteId()));
        assertThat(customer.get("/portal/api/" + token).status()).isEqualTo(404);
    }

    @Test
    void anotherTenantsConsultantCannotRevokeOrReadLinks() {
        PortalFixtures.Sent s = sentQuote();
        TestTenants.TestTenant other = fixtures.tenantWithPrices();
        Api otherConsultant = Api.basic(baseUrl(), other.consultantEmail(), TestTenants.PASSWORD);
        assertThat(otherConsultant.get("/api/v1/quotes/" + s.quoteId()).status()).isEqualTo(404);
        assertThatThrownBy(() ->
                as.run(other.consultantEmail(), () -> portalLinks.revokeLinks(s.quoteId())))
                .isInstanceOf(NotFoundException.class);
        assertThat(customer.get("/portal/api/" + s.token()).status()).isEqualTo(200);
    }
}
