package com.gpuquote.portal;

import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.tenancy.TenantService;
import com.gpuquote.tenancy.TenantStatus;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A suspended reseller's customer portal answers "temporarily unavailable" and accepts nothing (issue 11). */
class PortalSuspendedTenantTest extends IntegrationTest {

    @Autowired
    PortalFixtures fx;
    @Autowired
    TenantService tenants;

    @Test
    void aSuspendedResellersLinksAnswer403AndAcceptNothingUntilReactivated() {
        PortalFixtures.Sent s = fx.sentQuote();
        Api anonymous = Api.anonymous(baseUrl());
        String base = "/portal/api/" + s.token();
        long mails = count("mail_outbox", s);
        SystemAuthentication.asPlatformAdmin(() -> tenants.setStatus(s.tenantId(), TenantStatus.SUSPENDED));
        try {
            var view = anonymous.get(base);
            var accept = anonymous.post(base + "/accept", Map.of("optionId", s.optionId("B"), "signerName", "张三",
                    "signerEmail", "zhang@customer.example", "agree", true));
            var question = anonymous.post(base + "/questions", Map.of("text", "还能下单吗？"));
            var pdf = anonymous.get(base + "/pdf");
            for (Api.Response r : java.util.List.of(view, accept, question, pdf)) {
                assertThat(r.status()).as(r.body()).isEqualTo(403);
                assertThat(r.header("Content-Type")).startsWith("application/problem+json");
                assertThat(r.json().path("code").asText()).isEqualTo("portal.unavailable");
                assertThat(r.body()).doesNotContain(s.token());
            }
            assertThat(status(s)).as("nothing accepted").isEqualTo("SENT");
            assertThat(count("portal_questions", s)).isZero();
            assertThat(count("mail_outbox", s)).as("no mail queued").isEqualTo(mails);
            var page = new com.gpuquote.WebSession(baseUrl()).get("/portal/q/" + s.token());
            assertThat(page.statusCode()).as("the portal page").isEqualTo(403);
        } finally {
            SystemAuthentication.asPlatformAdmin(() -> tenants.setStatus(s.tenantId(), TenantStatus.ACTIVE));
        }
        assertThat(anonymous.get(base).status()).as("reactivated").isEqualTo(200);
    }

    private String status(PortalFixtures.Sent s) {
        return fx.inTenant(s.tenantId(), () -> fx.jdbc().sql("select status from quotes where tenant_id = ? and id = ?")
                .params(s.tenantId().value(), s.quoteId().value()).query(String.class).single());
    }

    private long count(String table, PortalFixtures.Sent s) {
        return fx.inTenant(s.tenantId(), () -> fx.jdbc().sql("select count(*) from " + table + " where tenant_id = ?")
                .param(s.tenantId().value()).query(Long.class).single());
    }
}
