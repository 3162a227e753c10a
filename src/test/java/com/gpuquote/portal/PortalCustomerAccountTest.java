package com.gpuquote.portal;

import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.quote.AsUser;
import com.gpuquote.quote.QuoteSummary;
import com.gpuquote.shared.NotFoundException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.access.AccessDeniedException;

import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A CUSTOMER user sees the quotes sent to their company and nothing else: no other customer, tenant or internals. */
class PortalCustomerAccountTest extends IntegrationTest {

    private static final String PASSWORD = PortalFixtures.CUSTOMER_PASSWORD;

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    MyPortalQuotes myPortalQuotes;
    @Autowired
    PortalInbox portalInbox;
    @Autowired
    PortalOrders portalOrders;
    @Autowired
    AsUser as;
    @Autowired
    PortalThrottle throttle;

    @BeforeEach
    void setUp() {
        throttle.reset("127.0.0.1");
    }

    @Test
    void aCustomerUserSeesOnlyTheirCompanysSentQuotes() throws Exception {
        TestTenants.TestTenant a = fixtures.tenantWithPrices();
        PortalFixtures.Sent mine = fixtures.sentQuote(a, "zh-CN");
        PortalFixtures.Sent mineToo = fixtures.sentQuote(a, mine.customer());
        PortalFixtures.Sent otherCustomer = fixtures.sentQuote(a, "zh-CN");
        PortalFixtures.Sent otherTenant = fixtures.sentQuote();

        String email = "buyer-" + UUID.randomUUID().toString().substring(0, 8) + "@customer.example";
        fixtures.customerAccount(a.consultantEmail(), mine.quoteId(), email);

        var list = as.call(email, () -> myPortalQuotes.myQuotes(0, 50));
        assertThat(list).extracting(QuoteSummary::id).containsExactlyInAnyOrder(mine.quoteId(), mineToo.quoteId());
        // paged in the database, newest sending first, with the total for the grid
        assertThat(as.call(email, () -> myPortalQuotes.countMyQuotes())).isEqualTo(2);
        assertThat(as.call(email, () -> myPortalQuotes.myQuotes(0, 1))).extracting(QuoteSummary::id).containsExactly(mineToo.quoteId());
        assertThat(as.call(email, () -> myPortalQuotes.myQuotes(1, 1))).extracting(QuoteSummary::id).containsExactly(mine.quoteId());
        assertThat(as.call(email, () -> myPortalQuotes.myQuote(mine.quoteId())).quote().options()).hasSize(2);
        assertThatThrownBy(() -> as.call(email, () -> myPortalQuotes.myQuote(otherCustomer.quoteId())))
                .isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> as.call(email, () -> myPortalQuotes.myQuote(otherTenant.quoteId())))
                .isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> as.call(a.consultantEmail(), () -> myPortalQuotes.myQuotes(0, 50)))
                .isInstanceOf(AccessDeniedException.class);
        assertThatThrownBy(() -> as.call(email, () -> portalInbox.openQuestions())).isInstanceOf(AccessDeniedException.class);
        assertThatThrownBy(() -> as.call(email, () -> portalOrders.orders(0, 10))).isInstanceOf(AccessDeniedException.class);

        Api customer = Api.basic(baseUrl(), email, PASSWORD);
        assertThat(customer.get("/api/v1/me").status()).isEqualTo(200);
        for (String path : new String[] {"/api/v1/quotes", "/api/v1/quotes/" + mine.quoteId(), "/api/v1/customers",
                "/api/v1/customers/" + mine.customer().id(), "/api/v1/projects", "/api/v1/price-lists",
                "/api/v1/quotes/" + otherCustomer.quoteId()}) {
            assertThat(customer.get(path).status()).as(path).isIn(403, 404);
        }
        var send = customer.post("/api/v1/quotes/" + mine.quoteId() + "/send", "{}");
        assertThat(send.status()).isIn(403, 404);
        assertThat(customer.get("/api/v1/quotes/" + mine.quoteId()).body()).doesNotContain("margin");
        // no personal API token either: every other REST call is refused them, so is the key to make more of them
        var token = customer.post("/api/v1/me/tokens", Map.of("name", "script", "expiresInDays", 1));
        assertThat(token.status()).as(token.body()).isEqualTo(403);
        assertThat(TestDatabase.adminRows("select count(*) from api_tokens t join app_users u on u.id = t.user_id "
                + "where u.email = ?", email).get(0)[0]).isEqualTo(0L);
    }
}
