package com.gpuquote.portal;

import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.customer.Contact;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerDraft;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectDraft;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.quote.AsUser;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteWorkflow;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 16: the customer's portal shows the provider voucher (代金券) as a named step of the total and never the
 * reseller's rebate (返点), neither in the portal JSON nor in the portal PDF.
 */
class PortalChannelEconomicsTest extends IntegrationTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    PortalThrottle throttle;
    @Autowired
    AsUser as;
    @Autowired
    CustomerService customers;
    @Autowired
    ProjectService projects;
    @Autowired
    QuoteDrafting quoteDrafting;
    @Autowired
    QuoteWorkflow quoteWorkflow;

    @BeforeEach
    void setUp() {
        throttle.reset("127.0.0.1");
    }

    /*
     * Portal fixture prices: A10 HOURLY list 8.0000 × 730 h × 2 × 12 months = 140,160.00; voucher 8,000.00 →
     * net 132,160.00; VAT 6 % 7,929.60; total 140,089.60. Rebate 12.5 % of 140,160.00 = 17,520.00 (admin only).
     */
    @Test
    void portalShowsTheVoucherAndNeverTheRebate() throws Exception {
        TestTenants.TestTenant t = fixtures.tenantWithPrices();
        String token = as.call(t.adminEmail(), () -> {
            Customer c = customers.create(new CustomerDraft("渠道客户 " + UUID.randomUUID().toString().substring(0, 6),
                    null, "", "zh-CN", "", List.of(new Contact("张三", "zhang@customer.example", null, "CTO")), null));
            Project p = projects.create(new ProjectDraft(c.id(), "推理集群", ""));
            QuoteDetails q = quoteDrafting.create(new NewQuote(p.id(), null, List.of(new QuoteInput.Option("A",
                    List.of(QuoteInput.Line.of(PortalFixtures.A10, "cn-beijing", BillingMode.HOURLY, 2, 12)), List.of(),
                    null, null, List.of(new QuoteInput.VoucherInput("火山引擎新客代金券", new BigDecimal("8000"))),
                    new BigDecimal("12.5")))));
            assertThat(q.options().get(0).totals().grandTotal()).isEqualByComparingTo("140089.60");
            quoteWorkflow.submit(q.id());
            String url = quoteWorkflow.sendWithLink(q.id()).portalUrl();
            return url.substring(url.indexOf("/portal/q/") + "/portal/q/".length());
        });

        var view = Api.anonymous(baseUrl()).get("/portal/api/" + token);
        assertThat(view.status()).as(view.body()).isEqualTo(200);
        var totals = view.json().path("quote").path("options").get(0).path("totals");
        assertThat(totals.path("vouchers").get(0).path("name").asText()).isEqualTo("火山引擎新客代金券");
        assertThat(totals.path("vouchers").get(0).path("amount").decimalValue()).isEqualByComparingTo("8000.00");
        assertThat(totals.path("grandTotal").decimalValue()).isEqualByComparingTo("140089.60");
        assertThat(view.body().toLowerCase()).doesNotContain("rebate").doesNotContain("12.5").doesNotContain("17520");

        HttpResponse<byte[]> pdf = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(baseUrl() + "/portal/api/" + token + "/pdf")).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(pdf.statusCode()).isEqualTo(200);
        String text;
        try (PDDocument doc = Loader.loadPDF(pdf.body())) {
            text = new PDFTextStripper().getText(doc);
        }
        assertThat(text).contains("火山引擎新客代金券").contains("8,000.00").contains("140,089.60");
        assertThat(text).doesNotContain("返点").doesNotContain("17,520.00").doesNotContain("12.5")
                .doesNotContain("Rebate");
    }
}
