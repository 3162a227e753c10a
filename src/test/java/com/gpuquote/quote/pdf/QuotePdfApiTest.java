package com.gpuquote.quote.pdf;

import com.gpuquote.CalendarTest;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.ui.QuoteUiFixtures;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** GET /api/v1/quotes/{id}.pdf through the real server: customer language, totals, never cost, 404 across tenants. */
@CalendarTest
class QuotePdfApiTest extends IntegrationTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting quoteDrafting;

    private QuoteDetails quote(World world) {
        return fixtures.as(world.consultant(), () -> quoteDrafting.create(new NewQuote(world.project().id(), null, List.of(
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

    /**
     * Hand-computed (no discount rules in the fixture tenant, VAT 6 %): option A = A10 hourly 20/h × 2 × 730 h × 6
     * months = 175,200.00 + one-time 5,000.00 = 180,200.00, VAT 10,812.00, total 191,012.00; option B = T4 monthly
     * 5,000 × 3 × 12 = 180,000.00, VAT 10,800.00, total 190,800.00.
     */
    @Test
    void theHandComputedQuoteShowsItsHardwareAndItsTotalsInCapitals() throws Exception {
        World world = fixtures.world("北京智谱华章科技有限公司", "zh-CN");
        String text = text(pdf(world.consultant(), quote(world)).body());
        // catalog: ecs.gni2.3xlarge = 1 × A10-PCIE-24GB (24 GiB), 14 vCPU, 56 GiB RAM, no local disk
        assertThat(text).contains("1 × A10-PCIE-24GB（每卡显存 24 GiB）", "14 vCPU · 内存 56 GiB",
                "1 × T4-PCIE-16GB（每卡显存 16 GiB）", "16 vCPU · 内存 64 GiB", "按量（小时）", "包月");
        assertThat(text).contains("191,012.00", "190,800.00", "壹拾玖万壹仟零壹拾贰元整", "壹拾玖万零捌佰元整");
        // each line's term amount without and with VAT: A10 175,200.00 + 10,512.00 = 185,712.00
        assertThat(text).contains("期限总额（不含税）", "期限总额（含税 6%）", "175,200.00", "185,712.00");
    }

    /** The xlsx: one sheet per option and a comparison sheet, totals as formulas whose stored values match the API. */
    @Test
    void xlsxHasASheetPerOptionWithFormulaTotalsEqualToTheApi() throws Exception {
        World world = fixtures.world("Contoso Robotics Inc.", "en");
        QuoteDetails q = quote(world);
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl() + "/api/v1/quotes/" + q.id() + ".xlsx"))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        (world.consultant() + ":" + TestTenants.PASSWORD).getBytes(StandardCharsets.UTF_8)))
                .GET().build();
        HttpResponse<byte[]> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofByteArray());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type").orElse(""))
                .startsWith("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
        // the same totals from the JSON API
        var json = Api.basic(baseUrl(), world.consultant(), TestTenants.PASSWORD).get("/api/v1/quotes/" + q.id());
        assertThat(json.status()).isEqualTo(200);
        try (org.apache.poi.xssf.usermodel.XSSFWorkbook wb = new org.apache.poi.xssf.usermodel.XSSFWorkbook(
                new java.io.ByteArrayInputStream(response.body()))) {
            assertThat(wb.getNumberOfSheets()).isEqualTo(4);
            assertThat(wb.getSheetName(0)).isEqualTo("Option A");
            assertThat(wb.getSheetName(1)).isEqualTo("Option B");
            assertThat(wb.getSheetName(2)).isEqualTo("Options at a glance");
            assertThat(wb.getSheetName(3)).isEqualTo("Validity and terms");
            // hand-computed grand totals (see above), read from the stored formula values, not re-evaluated
            assertThat(cachedTotal(wb.getSheet("Option A"), "Grand total (incl. VAT)")).isEqualTo(191012.00);
            assertThat(cachedTotal(wb.getSheet("Option B"), "Grand total (incl. VAT)")).isEqualTo(190800.00);
            assertThat(cachedTotal(wb.getSheet("Option A"), "VAT")).isEqualTo(10812.00);
            // the A10 line: 175,200.00 without VAT, 185,712.00 with (a formula on the sheet's VAT rate)
            org.apache.poi.ss.usermodel.Row a10 = rowLabelled(wb.getSheet("Option A"), 0, QuoteUiFixtures.A10);
            assertThat(a10.getCell(9).getNumericCellValue()).isEqualTo(175200.00);
            assertThat(a10.getCell(11).getCellType()).isEqualTo(org.apache.poi.ss.usermodel.CellType.FORMULA);
            assertThat(a10.getCell(11).getNumericCellValue()).isEqualTo(185712.00);
            var comparison = wb.getSheetAt(2);
            org.apache.poi.ss.usermodel.Row grand = rowLabelled(comparison, 0, "Grand total (incl. VAT)");
            assertThat(grand.getCell(1).getCellType()).isEqualTo(org.apache.poi.ss.usermodel.CellType.FORMULA);
            assertThat(grand.getCell(1).getNumericCellValue()).isEqualTo(191012.00);
            assertThat(grand.getCell(2).getNumericCellValue()).isEqualTo(190800.00);
            var options = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.body()).get("options");
            for (int i = 0; i < 2; i++) {
                BigDecimal api = new BigDecimal(options.get(i).get("grandTotal").asText());
                assertThat(BigDecimal.valueOf(grand.getCell(i + 1).getNumericCellValue())).isEqualByComparingTo(api);
            }
        }
    }

    private static double cachedTotal(org.apache.poi.ss.usermodel.Sheet sheet, String label) {
        org.apache.poi.ss.usermodel.Row row = rowLabelled(sheet, 8, label);
        var cell = row.getCell(9);
        assertThat(cell.getCellType()).isEqualTo(org.apache.poi.ss.usermodel.CellType.FORMULA);
        return cell.getNumericCellValue();
    }

    private static org.apache.poi.ss.usermodel.Row rowLabelled(org.apache.poi.ss.usermodel.Sheet sheet, int col,
                                                              String label) {
        for (org.apache.poi.ss.usermodel.Row row : sheet) {
            var cell = row.getCell(col);
            if (cell != null && cell.getCellType() == org.apache.poi.ss.usermodel.CellType.STRING
                    && label.equals(cell.getStringCellValue())) {
                return row;
            }
        }
        throw new AssertionError("no row " + label + " in " + sheet.getSheetName());
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
