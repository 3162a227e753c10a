package com.gpuquote.portal;

import com.gpuquote.CalendarTest;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.shared.time.BusinessCalendar;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The portal REST API end to end through the real filter chains: no login, the token is the credential. */
@CalendarTest
class PortalApiTest extends IntegrationTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    PortalThrottle throttle;

    Api anonymous;

    @BeforeEach
    void setUp() {
        throttle.reset("127.0.0.1");
        anonymous = Api.anonymous(baseUrl());
    }

    static Map<String, Object> accept(String optionId) {
        return Map.of("optionId", optionId, "signerName", "张三", "signerEmail", "zhang@customer.example", "agree", true);
    }

    @Test
    void sendAnswersThePortalUrlOnceAndTheCustomerAcceptsOptionBOnce() {
        TestTenants.TestTenant t = fixtures.tenantWithPrices();
        PortalFixtures.Sent s = fixtures.sentQuote(t, "zh-CN");
        assertThat(s.portalUrl()).startsWith("http://localhost:8080/portal/q/");
        assertThat(s.token()).matches("[A-Za-z0-9_-]{43}");

        var view = anonymous.get("/portal/api/" + s.token());
        assertThat(view.status()).as(view.body()).isEqualTo(200);
        assertThat(view.header("Referrer-Policy")).isEqualTo("no-referrer");
        assertThat(view.json().path("status").asText()).isEqualTo("VIEWED");
        assertThat(view.json().path("quote").path("tenantName").asText()).isEqualTo(t.tenant().name());
        assertThat(view.json().path("quote").path("options")).hasSize(2);
        assertThat(view.json().path("quote").path("options").get(0).path("lines").get(0).path("fit").path("vramPerGpuGiB").asDouble())
                .isEqualTo(24.0);
        assertThat(view.body()).doesNotContainIgnoringCase("cost").doesNotContainIgnoringCase("margin")
                .doesNotContainIgnoringCase("floor").doesNotContain("7.7777").doesNotContain("4.0000");

        var ok = anonymous.post("/portal/api/" + s.token() + "/accept", accept(s.optionId("B")));
        assertThat(ok.status()).as(ok.body()).isEqualTo(200);
        assertThat(ok.header("Referrer-Policy")).isEqualTo("no-referrer");
        assertThat(ok.json().path("status").asText()).isEqualTo("ACCEPTED");
        assertThat(ok.json().path("acceptance").path("optionName").asText()).isEqualTo("B");
        assertThat(ok.json().path("acceptance").path("snapshotSha256").asText()).hasSize(64);

        var again = anonymous.post("/portal/api/" + s.token() + "/accept", accept(s.optionId("B")));
        assertThat(again.status()).as(again.body()).isEqualTo(409);
        assertThat(again.json().path("code").asText()).isEqualTo("portal.error.alreadyAccepted");

        Api consultant = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
        var q = consultant.get("/api/v1/quotes/" + s.quoteId());
        assertThat(q.json().path("status").asText()).isEqualTo("ACCEPTED");
        var project = consultant.get("/api/v1/projects/" + s.project().id());
        assertThat(project.json().path("status").asText()).isEqualTo("WON");
        assertThat(q.body()).doesNotContain(s.token());
    }

    /**
     * Issue 39: the portal's estimate fields are the line's own price (A10 hourly 8.00 for the plan's 2 instances):
     * {@code estimatedPricePerMillionOutputTokens} 8 × 2 / (1,903 tokens/s × 3,600) × 10^6 and
     * {@code estimatedJobAmount} 8 × 2 × 12.5 h, never the candidate's 0.8367 and 194.44.
     */
    @Test
    void theEstimateFieldsAreAtTheLinesOwnPrice() {
        PortalFixtures.Sent training = fixtures.sentQuote();
        var fit = anonymous.get("/portal/api/" + training.token()).json().path("quote").path("options").get(0)
                .path("lines").get(0).path("fit");
        assertThat(fit.path("estimatedJobAmount").asText()).isEqualTo(String.format(java.util.Locale.ROOT, "%.2f",
                8.0 * 2 * 12.5));
        PortalFixtures.Sent serving = fixtures.sentQuote(training.tenant(), training.customer(),
                PortalFixtures.SERVING_CANDIDATE);
        fit = anonymous.get("/portal/api/" + serving.token()).json().path("quote").path("options").get(0)
                .path("lines").get(0).path("fit");
        assertThat(fit.path("estimatedPricePerMillionOutputTokens").asText())
                .isEqualTo(String.format(java.util.Locale.ROOT, "%.4f", 8.0 * 2 / (1903 * 3600.0) * 1_000_000));
    }

    @Test
    void unknownTokenIs404AndExpiredIs410() {
        assertThat(anonymous.get("/portal/api/" + "x".repeat(43)).status()).isEqualTo(404);
        PortalFixtures.Sent s = fixtures.sentQuote();
        fixtures.setValidUntil(s, today());
        assertThat(anonymous.get("/portal/api/" + s.token()).status()).isEqualTo(200);
        fixtures.setValidUntil(s, today().minusDays(1));
        var gone = anonymous.get("/portal/api/" + s.token());
        assertThat(gone.status()).as(gone.body()).isEqualTo(410);
        assertThat(gone.json().path("reason").asText()).isEqualTo("EXPIRED");
        assertThat(gone.json().path("contact").path("email").asText()).isEqualTo(s.tenant().consultantEmail());
    }
}
