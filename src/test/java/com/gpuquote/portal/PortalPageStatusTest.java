package com.gpuquote.portal;

import com.gpuquote.CalendarTest;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.quote.AsUser;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.security.SecretTokens;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;

/** The page link answers with the status the link stands for, and still serves the page that explains it. */
@CalendarTest
class PortalPageStatusTest extends IntegrationTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    PortalThrottle throttle;
    @Autowired
    AsUser as;
    @Autowired
    PortalLinks portalLinks;

    Api customer;

    @BeforeEach
    void setUp() {
        throttle.reset("127.0.0.1");
        customer = Api.anonymous(baseUrl());
    }

    private Api.Response page(String token) {
        return customer.get("/portal/q/" + token);
    }

    @Test
    void validIs200ExpiredIs410RevokedAndUnknownAre404AndEachStillGetsThePage() {
        PortalFixtures.Sent valid = fixtures.sentQuote();
        PortalFixtures.Sent expired = fixtures.sentQuote();
        fixtures.setValidUntil(expired, today().minusDays(1));
        PortalFixtures.Sent revoked = fixtures.sentQuote();
        as.run(revoked.tenant().consultantEmail(), () -> portalLinks.revokeLinks(revoked.quoteId()));

        var ok = page(valid.token());
        assertThat(ok.status()).isEqualTo(200);
        String bootstrap = ok.body();
        assertThat(bootstrap).containsIgnoringCase("<!doctype html").doesNotContain(valid.token());

        var gone = page(expired.token());
        var revokedPage = page(revoked.token());
        var unknown = page(SecretTokens.newToken(""));
        assertThat(gone.status()).isEqualTo(410);
        assertThat(revokedPage.status()).isEqualTo(404);
        assertThat(unknown.status()).isEqualTo(404);
        for (var r : java.util.List.of(gone, revokedPage, unknown)) {
            assertThat(r.body()).as("the same page, which then explains").containsIgnoringCase("<!doctype html")
                    .contains("<body");
            assertThat(r.header("Referrer-Policy")).isEqualTo("no-referrer");
        }
        // probing the page is a lookup like any other: it marks nothing
        String stored = fixtures.inTenant(valid.tenantId(), () -> fixtures.jdbc()
                .sql("select status from quotes where id = ?").param(valid.quoteId().value()).query(String.class).single());
        assertThat(stored).isIn("SENT", "VIEWED");
    }

    @Test
    void rejectedAndSupersededQuotesAnswer410AndProbingThePageIsThrottled() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        customer.post("/portal/api/" + s.token() + "/reject", java.util.Map.of("reason", "预算不足"));
        assertThat(page(s.token()).status()).isEqualTo(410);
        try {
            for (int i = 0; i < PortalThrottle.MAX_FAILURES_PER_WINDOW; i++) {
                page(SecretTokens.newToken(""));
            }
            assertThat(page(s.token()).status()).isEqualTo(429);
        } finally {
            throttle.reset("127.0.0.1");
        }
    }
}
