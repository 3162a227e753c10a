package com.gpuquote.quote;

import com.gpuquote.CalendarTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.quote.pdf.QuotePdfService;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static com.gpuquote.quote.QuoteFixtures.T4;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 16: terms templates through {@code /api/v1/quote-terms} (tenant admins write) and {@code PUT
 * /api/v1/quotes/{id}/terms}: the quote's PDF prints the chosen terms, else the default, in the customer's language
 * (English sections left empty fall back to Chinese); bad input names the field; a template in use is kept.
 */
@CalendarTest
class QuoteTermsApiTest extends QuoteApiSupport {

    @Autowired
    QuotePdfService documents;

    @BeforeEach
    void setUp() {
        tenantWithPrices();
    }

    private static Map<String, Object> terms(String name, String paymentZh, String paymentEn, boolean isDefault) {
        Map<String, Object> zh = new LinkedHashMap<>();
        zh.put("payment", paymentZh);
        zh.put("sla", "可用性 99.9%");
        Map<String, Object> en = new LinkedHashMap<>();
        en.put("payment", paymentEn);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", name);
        body.put("zh", zh);
        body.put("en", en);
        body.put("isDefault", isDefault);
        return body;
    }

    private String pdfText(String quoteId) {
        byte[] pdf = as.call(tenant.consultantEmail(), () -> documents.render(new QuoteId(UUID.fromString(quoteId))).content());
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            return new PDFTextStripper().getText(doc).replaceAll("\\s+", "");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private JsonNode quoteFor(String language) {
        var c = consultant.post("/api/v1/customers", Map.of("name", "条款客户 " + System.nanoTime(), "language", language));
        assertThat(c.status()).as(c.body()).isEqualTo(201);
        String project = consultant.post("/api/v1/projects", Map.of("customerId", c.json().path("id").asText(),
                "name", "项目")).json().path("id").asText();
        return createQuote(consultant, project, option(List.of(line(T4, "MONTHLY", 1, 12)), List.of()));
    }

    @Test
    void theChosenTermsElseTheDefaultArePrintedInTheCustomersLanguage() {
        var standard = admin.post("/api/v1/quote-terms", terms("标准条款", "预付首月", "One month in advance", true));
        assertThat(standard.status()).as(standard.body()).isEqualTo(201);
        var special = admin.post("/api/v1/quote-terms", terms("大客户条款", "月结 60 天", null, false));
        assertThat(special.status()).as(special.body()).isEqualTo(201);
        assertThat(consultant.get("/api/v1/quote-terms").json()).extracting(n -> n.path("name").asText())
                .containsExactly("标准条款", "大客户条款");

        JsonNode zhQuote = quoteFor("zh-CN");
        assertThat(pdfText(zhQuote.path("id").asText())).contains("付款条件：预付首月", "服务水平（SLA）：可用性99.9%");
        JsonNode enQuote = quoteFor("en");
        // English customer: the English payment section, the Chinese SLA as the English one is empty
        assertThat(pdfText(enQuote.path("id").asText())).contains("Paymentterms:Onemonthinadvance",
                "Servicelevel(SLA):可用性99.9%");

        var chosen = consultant.put("/api/v1/quotes/" + zhQuote.path("id").asText() + "/terms",
                Map.of("termsId", special.json().path("id").asText(), "version", zhQuote.path("rowVersion").asInt()));
        assertThat(chosen.status()).as(chosen.body()).isEqualTo(200);
        assertThat(pdfText(zhQuote.path("id").asText())).contains("付款条件：月结60天").doesNotContain("预付首月");
        // a new version of the quote keeps the terms chosen on the old one
        String id = zhQuote.path("id").asText();
        assertThat(consultant.post("/api/v1/quotes/" + id + "/submit", Map.of()).status()).isEqualTo(200);
        assertThat(consultant.post("/api/v1/quotes/" + id + "/send", Map.of()).status()).isEqualTo(200);
        var revised = consultant.post("/api/v1/quotes/" + id + "/revise", Map.of());
        assertThat(revised.status()).as(revised.body()).isIn(200, 201);
        assertThat(revised.json().path("version").asInt()).isEqualTo(2);
        assertThat(pdfText(revised.json().path("id").asText())).contains("付款条件：月结60天");

        // in use: kept (409); the unused default can go
        assertThat(admin.delete("/api/v1/quote-terms/" + special.json().path("id").asText()).status()).isEqualTo(409);
        assertThat(admin.delete("/api/v1/quote-terms/" + standard.json().path("id").asText()).status()).isEqualTo(204);
        assertThat(pdfText(enQuote.path("id").asText())).doesNotContain("Onemonthinadvance");
    }

    /** The xlsx prints the same terms as the PDF, on a terms sheet, in the customer's language (read with POI). */
    @Test
    void theXlsxCarriesTheTermsInTheCustomersLanguage() throws Exception {
        assertThat(admin.post("/api/v1/quote-terms", terms("标准条款", "预付首月", "One month in advance", true))
                .status()).isEqualTo(201);
        JsonNode zhQuote = quoteFor("zh-CN");
        List<String> zh = xlsxTerms(zhQuote.path("id").asText(), "有效期与条款");
        assertThat(zh).contains("付款条件：预付首月", "服务水平（SLA）：可用性 99.9%",
                "本报价有效期至 " + zhQuote.path("validUntil").asText() + "，逾期需重新确认价格与资源。");
        assertThat(zh).noneMatch(t -> t.contains("One month in advance"));

        JsonNode enQuote = quoteFor("en");
        List<String> en = xlsxTerms(enQuote.path("id").asText(), "Validity and terms");
        // English customer: English payment section, the Chinese SLA as the English one is empty (as the PDF)
        assertThat(en).contains("Payment terms: One month in advance", "Service level (SLA): 可用性 99.9%");
        assertThat(en).noneMatch(t -> t.contains("预付首月"));
    }

    /** Every text cell of the named sheet of the quote's xlsx, in row order. */
    private List<String> xlsxTerms(String quoteId, String sheetName) throws java.io.IOException {
        byte[] file = as.call(tenant.consultantEmail(),
                () -> documents.xlsx(new QuoteId(UUID.fromString(quoteId))).content());
        try (var wb = new org.apache.poi.xssf.usermodel.XSSFWorkbook(new java.io.ByteArrayInputStream(file))) {
            var sheet = wb.getSheet(sheetName);
            assertThat(sheet).as("sheet " + sheetName).isNotNull();
            List<String> texts = new java.util.ArrayList<>();
            sheet.forEach(row -> row.forEach(cell -> {
                if (cell.getCellType() == org.apache.poi.ss.usermodel.CellType.STRING) {
                    texts.add(cell.getStringCellValue());
                }
            }));
            return texts;
        }
    }

    @Test
    void onlyAdminsWriteBadInputNamesTheFieldAndTenantsAreApart() {
        assertThat(consultant.post("/api/v1/quote-terms", terms("顾问条款", "x", null, false)).status()).isEqualTo(403);
        Map<String, Object> bad = terms(" ", "长".repeat(2001), null, false);
        var refused = admin.post("/api/v1/quote-terms", bad);
        assertThat(refused.status()).isEqualTo(400);
        List<String> fields = new java.util.ArrayList<>();
        refused.json().path("errors").forEach(e -> fields.add(e.path("field").asText()));
        assertThat(fields).contains("name", "zh.payment");
        assertThat(admin.get("/api/v1/quote-terms").json()).isEmpty();

        String id = admin.post("/api/v1/quote-terms", terms("本租户条款", "预付", null, true)).json().path("id").asText();
        var dup = admin.post("/api/v1/quote-terms", terms("本租户条款", "预付", null, false));
        assertThat(dup.status()).isEqualTo(400);
        Api stranger = Api.basic(baseUrl(), fixtures.tenantWithPrices().adminEmail(), com.gpuquote.TestTenants.PASSWORD);
        assertThat(stranger.get("/api/v1/quote-terms").json()).isEmpty();
        assertThat(stranger.get("/api/v1/quote-terms/" + id).status()).isEqualTo(404);
        assertThat(stranger.delete("/api/v1/quote-terms/" + id).status()).isEqualTo(404);

        // a quote of this tenant cannot take another tenant's terms; a sent quote cannot change its terms
        JsonNode quote = quoteFor("zh-CN");
        String otherTerms = stranger.post("/api/v1/quote-terms", terms("他人条款", "x", null, false)).json().path("id").asText();
        var foreign = consultant.put("/api/v1/quotes/" + quote.path("id").asText() + "/terms",
                Map.of("termsId", otherTerms, "version", quote.path("rowVersion").asInt()));
        assertThat(foreign.status()).isEqualTo(400);
        assertThat(foreign.body()).contains("termsId");
        var noVersion = consultant.put("/api/v1/quotes/" + quote.path("id").asText() + "/terms", Map.of("termsId", id));
        assertThat(noVersion.status()).isEqualTo(400);
        assertThat(noVersion.body()).contains("version");
    }
}
