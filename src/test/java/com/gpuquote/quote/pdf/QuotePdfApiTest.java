package com.gpuquote.quote.pdf;

import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteService;
import com.gpuquote.quote.ui.QuoteUiFixtures;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** GET /api/v1/quotes/{id}.pdf through the real server: customer language, totals, never cost, 404 across tenants. */
class QuotePdfApiTest extends IntegrationTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteService quotes;

    private QuoteDetails quote(World world) {
        return fixtures.as(world.consultant(), () -> quotes.create(new NewQuote(world.project().id(), null, List.of(
                new QuoteInput.Option("A", List.of(
                        QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.HOURLY, 2, 6)),
                        List.of(QuoteInput.Service.oneTime("部署与调优", "5000.00"))),
                new QuoteInput.Option("B", List.of(
                        QuoteInput.Line.of(QuoteUiFixtures.T4, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 3, 12)),
                        List.of())))));
    }

    private HttpResponse<byte[]> pdf(String email, QuoteDetails q) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl() + "/api/v1/quotes/" + q.id() + ".pdf"))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        (email + ":" + TestTenants.PASSWORD).getBytes(StandardCharsets.UTF_8)))
                .GET().build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String text(byte[] pdf) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            return new PDFTextStripper().getText(doc);
        }
    }

    @Test
    void chineseCustomerPdfHasNameNumberAndTotalButNoCost() throws Exception {
        World world = fixtures.world("北京智谱华章科技有限公司", "zh-CN");
        QuoteDetails q = quote(world);
        for (String who : List.of(world.consultant(), world.admin())) {
            HttpResponse<byte[]> response = pdf(who, q);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("application/pdf");
            String text = text(response.body());
            assertThat(text).contains("北京智谱华章科技有限公司", q.number(), "报价单", "方案 A", "方案 B", "部署与调优");
            assertThat(text).contains(QuotePdfRenderer.amount(q.options().get(0).totals().grandTotal()),
                    QuotePdfRenderer.amount(q.options().get(1).totals().grandTotal()));
            // cost unit price 7.7777 (and its term amount 2 × 730 × 6 × 7.7777 = 68,132.65) never appear
            assertThat(text).doesNotContain("7.7777", "7,7777", "68,132.65", "68132.65", "毛利");
        }
    }

    @Test
    void englishCustomerGetsEnglishLabels() throws Exception {
        World world = fixtures.world("Contoso Robotics Inc.", "en");
        QuoteDetails q = quote(world);
        String text = text(pdf(world.consultant(), q).body());
        assertThat(text).contains("Contoso Robotics Inc.", "Quotation", "Option A", "Grand total (incl. VAT)", q.number());
        assertThat(text).doesNotContain("报价单", "方案 A");
    }

    @Test
    void anotherTenantsQuoteAnswers404() throws Exception {
        World mine = fixtures.world("甲公司", "zh-CN");
        World other = fixtures.world("乙公司", "zh-CN");
        QuoteDetails q = quote(mine);
        assertThat(pdf(other.consultant(), q).statusCode()).isEqualTo(404);
        assertThat(Api.basic(baseUrl(), mine.consultant(), TestTenants.PASSWORD)
                .get("/api/v1/quotes/not-a-uuid.pdf").status()).isEqualTo(404);
    }
}
