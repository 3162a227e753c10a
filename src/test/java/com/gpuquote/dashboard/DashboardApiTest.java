package com.gpuquote.dashboard;

import com.gpuquote.CalendarTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.portal.PortalFixtures;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dashboards' REST figures against the seeded set of {@link DashboardFixtures}; every expected number is worked
 * out by hand in the comments from the prices and quotes listed there.
 */
@CalendarTest
class DashboardApiTest extends IntegrationTest {

    static final String PERIOD = "from=2025-03-01&to=2025-04-30";
    static final String PLATFORM = "platform@gpuquote.demo";
    static final String PLATFORM_PASSWORD = "Demo-Platform-2026!";

    private static DashboardFixtures.Seeded seeded;

    @Autowired
    DashboardFixtures fixtures;
    @Autowired
    PortalFixtures portal;
    @Autowired
    TestTenants tenants;

    private Api admin;

    @BeforeEach
    void seed() {
        if (seeded == null) {
            seeded = fixtures.seed(baseUrl());
        }
        admin = Api.basic(baseUrl(), seeded.tenant().adminEmail(), TestTenants.PASSWORD);
    }

    private JsonNode tenant(String query) {
        var r = admin.get("/api/v1/dashboard/tenant?" + query);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json();
    }

    private static Map<String, JsonNode> byKey(JsonNode array, String key) {
        Map<String, JsonNode> map = new java.util.LinkedHashMap<>();
        array.forEach(n -> map.put(n.path(key).asText(), n));
        return map;
    }

    @Test
    void pipelineWinRateDiscountMarginAndTopCustomersMatchTheHandComputedFigures() {
        JsonNode d = tenant(PERIOD);
        assertThat(d.path("from").asText()).isEqualTo("2025-03-01");
        assertThat(d.path("to").asText()).isEqualTo("2025-04-30");
        assertThat(d.path("currency").asText()).isEqualTo("CNY");

        // Q1 accepted B: 2 × 5000 × 0.9 × 12 = 108000 + service 500 × 12 = 114000; Q3 accepted: 9000 × 0.95 × 12
        // = 102600 + one-time 2000 = 104600; Q4 sent: 5000 × 6; Q2 rejected: 8 × 730; Q6 expired: 54000;
        // Q5 draft (not priced); Q7 created 1 May 00:10 China time: outside.
        Map<String, JsonNode> status = byKey(d.path("pipelineByStatus"), "status");
        assertThat(status.keySet()).containsExactly("DRAFT", "PENDING_APPROVAL", "APPROVED", "SENT", "VIEWED",
                "ACCEPTED", "REJECTED", "EXPIRED");
        assertThat(status.get("DRAFT").path("quotes").asInt()).isEqualTo(1);
        assertThat(status.get("DRAFT").path("value").asText()).isEqualTo("0.00");
        assertThat(status.get("SENT").path("quotes").asInt()).isEqualTo(1);
        assertThat(status.get("SENT").path("value").asText()).isEqualTo("30000.00");
        assertThat(status.get("ACCEPTED").path("quotes").asInt()).isEqualTo(2);
        assertThat(status.get("ACCEPTED").path("value").asText()).isEqualTo("218600.00");
        assertThat(status.get("REJECTED").path("value").asText()).isEqualTo("5840.00");
        assertThat(status.get("EXPIRED").path("quotes").asInt()).isEqualTo(1);
        assertThat(status.get("EXPIRED").path("value").asText()).isEqualTo("54000.00");
        assertThat(status.get("APPROVED").path("quotes").asInt()).isZero();

        // March: Q4 (1 March 00:05 China time, still 28 February in UTC), Q1, Q6; April: Q2, Q3, Q5 (30 April 23:30
        // China time); Q7 (1 May 00:10 China time, still 30 April in UTC) is outside.
        Map<String, JsonNode> month = byKey(d.path("pipelineByMonth"), "month");
        assertThat(month.keySet()).containsExactly("2025-03", "2025-04");
        assertThat(month.get("2025-03").path("quotes").asInt()).isEqualTo(3);
        assertThat(month.get("2025-03").path("openValue").asText()).isEqualTo("30000.00");
        assertThat(month.get("2025-03").path("wonValue").asText()).isEqualTo("114000.00");
        assertThat(month.get("2025-03").path("lostValue").asText()).isEqualTo("54000.00");
        assertThat(month.get("2025-04").path("quotes").asInt()).isEqualTo(3);
        assertThat(month.get("2025-04").path("openValue").asText()).isEqualTo("0.00");
        assertThat(month.get("2025-04").path("wonValue").asText()).isEqualTo("104600.00");
        assertThat(month.get("2025-04").path("lostValue").asText()).isEqualTo("5840.00");

        // 2 accepted of 4 decided (1 rejected, 1 expired)
        assertThat(d.path("winRate").path("accepted").asInt()).isEqualTo(2);
        assertThat(d.path("winRate").path("decided").asInt()).isEqualTo(4);
        assertThat(d.path("winRate").path("percent").asText()).isEqualTo("50.00");

        // list 120000 + 5840 + 108000 + 30000 + 54000 = 317840; net 108000 + 5840 + 102600 + 30000 + 54000 = 300440;
        // (317840 − 300440) / 317840 = 5.474 %
        assertThat(d.path("averageDiscount").path("quotes").asInt()).isEqualTo(5);
        assertThat(d.path("averageDiscount").path("listAmount").asText()).isEqualTo("317840.00");
        assertThat(d.path("averageDiscount").path("netAmount").asText()).isEqualTo("300440.00");
        assertThat(d.path("averageDiscount").path("percent").asText()).isEqualTo("5.47");

        // A10 (Q1 B): 108000 − cost 2 × 2500 × 12 = 60000 → 48000, 44.44 %; L20 (Q3): 102600 − 72000 = 30600, 29.82 %
        JsonNode gpu = d.path("marginByGpuModel");
        assertThat(gpu).hasSize(2);
        assertThat(gpu.get(0).path("gpuModel").asText()).isEqualTo("A10-PCIE-24GB");
        assertThat(gpu.get(0).path("revenue").asText()).isEqualTo("108000.00");
        assertThat(gpu.get(0).path("cost").asText()).isEqualTo("60000.00");
        assertThat(gpu.get(0).path("margin").asText()).isEqualTo("48000.00");
        assertThat(gpu.get(0).path("marginPercent").asText()).isEqualTo("44.44");
        assertThat(gpu.get(1).path("gpuModel").asText()).isEqualTo("L20-PCIE-48GB");
        assertThat(gpu.get(1).path("margin").asText()).isEqualTo("30600.00");
        assertThat(gpu.get(1).path("marginPercent").asText()).isEqualTo("29.82");

        JsonNode consultants = d.path("marginByConsultant");
        assertThat(consultants).hasSize(2);
        assertThat(consultants.get(0).path("consultantId").asText()).isEqualTo(seeded.consultant1().value().toString());
        assertThat(consultants.get(0).path("margin").asText()).isEqualTo("48000.00");
        assertThat(consultants.get(1).path("consultantId").asText()).isEqualTo(seeded.consultant2().value().toString());
        assertThat(consultants.get(1).path("cost").asText()).isEqualTo("72000.00");

        // X: Q1 B 2 × 4500 + 500 = 9500 a month; Y: Q3 8550 a month; Z accepted nothing
        JsonNode top = d.path("topCustomers");
        assertThat(top).hasSize(2);
        assertThat(top.get(0).path("customer").asText()).isEqualTo(seeded.customerX());
        assertThat(top.get(0).path("monthlyRecurring").asText()).isEqualTo("9500.00");
        assertThat(top.get(1).path("customer").asText()).isEqualTo(seeded.customerY());
        assertThat(top.get(1).path("monthlyRecurring").asText()).isEqualTo("8550.00");

        // nothing was published in 2025
        assertThat(d.path("priceListChanges")).isEmpty();
    }

    @Test
    void theConsultantFilterKeepsOnlyTheirQuotesAndThePeriodFollowsChinaCalendarDays() {
        JsonNode d = tenant(PERIOD + "&consultantId=" + seeded.consultant1().value());
        Map<String, JsonNode> status = byKey(d.path("pipelineByStatus"), "status");
        // consultant 1: Q1 (accepted), Q2 (rejected), Q5 (draft)
        assertThat(status.get("ACCEPTED").path("value").asText()).isEqualTo("114000.00");
        assertThat(status.get("REJECTED").path("quotes").asInt()).isEqualTo(1);
        assertThat(status.get("DRAFT").path("quotes").asInt()).isEqualTo(1);
        assertThat(status.get("SENT").path("quotes").asInt()).isZero();
        assertThat(d.path("winRate").path("percent").asText()).isEqualTo("50.00");
        // (120000 + 5840 − 108000 − 5840) / 125840 = 9.536 %
        assertThat(d.path("averageDiscount").path("percent").asText()).isEqualTo("9.54");
        assertThat(d.path("marginByConsultant")).hasSize(1);
        assertThat(d.path("topCustomers")).hasSize(1);

        // 1 May (China) holds only Q7: sent, 5000 × 1
        JsonNode may = tenant("from=2025-05-01&to=2025-05-01");
        Map<String, JsonNode> mayStatus = byKey(may.path("pipelineByStatus"), "status");
        assertThat(mayStatus.get("SENT").path("value").asText()).isEqualTo("5000.00");
        assertThat(may.path("pipelineByMonth")).hasSize(1);
        // 28 February (China) holds nothing, although Q4's UTC timestamp is on that day
        JsonNode february = tenant("from=2025-02-28&to=2025-02-28");
        assertThat(StreamSupport.stream(february.path("pipelineByStatus").spliterator(), false)
                .mapToInt(n -> n.path("quotes").asInt()).sum()).isZero();
    }

    @Test
    void priceListChangesCountAddedRemovedAndRepricedRowsAgainstThePreviousVersion() {
        LocalDate today = today();
        JsonNode d = tenant("from=" + today.minusDays(1) + "&to=" + today);
        JsonNode changes = d.path("priceListChanges");
        assertThat(changes).hasSize(2);
        // v2 (newest first): A10 monthly re-priced, A10 yearly removed, L20 hourly added, 4 rows
        assertThat(changes.get(0).path("version").asInt()).isEqualTo(2);
        assertThat(changes.get(0).path("rows").asInt()).isEqualTo(4);
        assertThat(changes.get(0).path("added").asInt()).isEqualTo(1);
        assertThat(changes.get(0).path("removed").asInt()).isEqualTo(1);
        assertThat(changes.get(0).path("changed").asInt()).isEqualTo(1);
        assertThat(changes.get(0).path("changedRows").asInt()).isEqualTo(3);
        assertThat(changes.get(0).path("publishedAt").asText()).isNotBlank();
        // v1: every row is new
        assertThat(changes.get(1).path("version").asInt()).isEqualTo(1);
        assertThat(changes.get(1).path("added").asInt()).isEqualTo(4);
        assertThat(changes.get(1).path("removed").asInt()).isZero();
    }

    @Test
    void csvOfEveryTableParsesToTheSameNumbersAsTheApi() throws Exception {
        JsonNode d = tenant(PERIOD);
        var r = Api.basic(baseUrl(), seeded.tenant().adminEmail(), TestTenants.PASSWORD)
                .get("/api/v1/dashboard/tenant.csv?table=pipeline-by-status&" + PERIOD);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.header("Content-Type")).startsWith("text/csv");
        assertThat(r.header("Content-Disposition")).contains("attachment").contains(".csv");
        List<CSVRecord> rows = csv(r.body());
        assertThat(rows.get(0).values()).containsExactly("状态", "报价数", "金额 (CNY)");
        Map<String, String> valueByStatus = new java.util.HashMap<>();
        rows.subList(1, rows.size()).forEach(row -> valueByStatus.put(row.get(0), row.get(2)));
        d.path("pipelineByStatus").forEach(n ->
                assertThat(valueByStatus.get(n.path("status").asText())).isEqualTo(n.path("value").asText()));
        assertThat(valueByStatus.get("ACCEPTED")).isEqualTo("218600.00");

        for (String table : DashboardTables.TENANT_TABLES) {
            var t = admin.get("/api/v1/dashboard/tenant.csv?table=" + table + "&" + PERIOD);
            assertThat(t.status()).as(table + ": " + t.body()).isEqualTo(200);
            assertThat(csv(t.body())).as(table).isNotEmpty();
        }
        List<CSVRecord> margin = csv(admin.get("/api/v1/dashboard/tenant.csv?table=margin-by-gpu-model&" + PERIOD).body());
        assertThat(margin.get(1).get(0)).isEqualTo("A10-PCIE-24GB");
        assertThat(margin.get(1).get(4)).isEqualTo("48000.00");
        List<CSVRecord> customers = csv(admin.get("/api/v1/dashboard/tenant.csv?table=top-customers&" + PERIOD).body());
        assertThat(customers.get(1).get(0)).isEqualTo(seeded.customerX());
        assertThat(customers.get(1).get(2)).isEqualTo("9500.00");

        // English headings on request
        HttpResponse<String> english = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(baseUrl()
                        + "/api/v1/dashboard/tenant.csv?table=pipeline-by-month&" + PERIOD))
                .header("Authorization", basic(seeded.tenant().adminEmail()))
                .header("Accept-Language", "en").GET().build(), HttpResponse.BodyHandlers.ofString());
        List<CSVRecord> months = csv(english.body());
        assertThat(months.get(0).values()).containsExactly("Month", "Quotes", "Open value (CNY)", "Won value (CNY)",
                "Lost value (CNY)");
        assertThat(months.get(1).values()).containsExactly("2025-03", "3", "30000.00", "114000.00", "54000.00");
    }

    @Test
    void excelWorkbookHasASheetPerTableWithNumericCellsAndEvaluatedTotals() throws Exception {
        HttpResponse<byte[]> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(baseUrl()
                        + "/api/v1/dashboard/tenant.xlsx?" + PERIOD))
                .header("Authorization", basic(seeded.tenant().adminEmail())).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElseThrow())
                .startsWith("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
        try (XSSFWorkbook book = new XSSFWorkbook(new ByteArrayInputStream(r.body()))) {
            List<String> sheets = new ArrayList<>();
            book.forEach(s -> sheets.add(s.getSheetName()));
            assertThat(sheets).containsExactlyElementsOf(DashboardTables.TENANT_TABLES);

            Sheet status = book.getSheet("pipeline-by-status");
            Row accepted = findRow(status, "ACCEPTED");
            assertThat(accepted.getCell(1).getCellType()).isEqualTo(CellType.NUMERIC);
            assertThat(accepted.getCell(1).getNumericCellValue()).isEqualTo(2.0);
            assertThat(accepted.getCell(2).getCellType()).isEqualTo(CellType.NUMERIC);
            assertThat(accepted.getCell(2).getNumericCellValue()).isEqualTo(218600.00);
            // totals row: SUM formulas with their cached values (6 quotes; 0 + 30000 + 218600 + 5840 + 54000)
            Row total = status.getRow(status.getLastRowNum());
            assertThat(total.getCell(0).getStringCellValue()).isEqualTo("合计");
            Cell quotes = total.getCell(1);
            assertThat(quotes.getCellType()).isEqualTo(CellType.FORMULA);
            assertThat(quotes.getCachedFormulaResultType()).isEqualTo(CellType.NUMERIC);
            assertThat(quotes.getNumericCellValue()).isEqualTo(6.0);
            assertThat(total.getCell(2).getNumericCellValue()).isEqualTo(308440.00);

            Row a10 = findRow(book.getSheet("margin-by-gpu-model"), "A10-PCIE-24GB");
            assertThat(a10.getCell(2).getNumericCellValue()).isEqualTo(108000.00);
            assertThat(a10.getCell(3).getNumericCellValue()).isEqualTo(60000.00);
            assertThat(a10.getCell(4).getNumericCellValue()).isEqualTo(48000.00);
            assertThat(a10.getCell(5).getNumericCellValue()).isEqualTo(44.44);

            Sheet summary = book.getSheet("summary");
            assertThat(summary.getRow(1).getCell(5).getNumericCellValue()).isEqualTo(50.00);
            assertThat(summary.getRow(1).getCell(9).getNumericCellValue()).isEqualTo(5.47);
            assertThat(findRow(book.getSheet("top-customers"), seeded.customerX()).getCell(2).getNumericCellValue())
                    .isEqualTo(9500.00);
        }
    }

    @Test
    void badFiltersAnswer400NamingTheField() {
        assertError(admin.get("/api/v1/dashboard/tenant?from=2025-13-01"), "from");
        assertError(admin.get("/api/v1/dashboard/tenant?from=2025-05-01&to=2025-04-01"), "from");
        assertError(admin.get("/api/v1/dashboard/tenant?to=yesterday"), "to");
        assertError(admin.get("/api/v1/dashboard/tenant?from=2020-01-01&to=2025-01-01"), "to");
        assertError(admin.get("/api/v1/dashboard/tenant?consultantId=not-a-uuid"), "consultantId");
        assertError(admin.get("/api/v1/dashboard/tenant?from=%2B999999999-12-31&to=%2B999999999-12-31"), "from");
        assertError(admin.get("/api/v1/dashboard/tenant?from=0001-01-01&to=0001-01-02"), "from");
        // a consultant of another tenant is not one of ours
        TestTenants.TestTenant other = tenants.create();
        var otherAdmin = Api.basic(baseUrl(), other.adminEmail(), TestTenants.PASSWORD);
        assertError(otherAdmin.get("/api/v1/dashboard/tenant?consultantId=" + seeded.consultant1().value()),
                "consultantId");
        assertError(admin.get("/api/v1/dashboard/tenant.csv?" + PERIOD), "table");
        assertError(admin.get("/api/v1/dashboard/tenant.csv?table=secrets&" + PERIOD), "table");
        assertError(admin.get("/api/v1/dashboard/tenant.xlsx?from=x"), "from");
    }

    @Test
    void consultantsAndPlatformAdminsAreRefusedTheTenantDashboardAndTenantAdminsThePlatformOne() {
        Api consultant = Api.basic(baseUrl(), seeded.tenant().consultantEmail(), TestTenants.PASSWORD);
        for (String path : List.of("/api/v1/dashboard/tenant", "/api/v1/dashboard/tenant.csv?table=summary",
                "/api/v1/dashboard/tenant.xlsx", "/api/v1/dashboard/platform")) {
            var r = consultant.get(path);
            assertThat(r.status()).as(path).isEqualTo(403);
            assertThat(r.body()).doesNotContain("60000").doesNotContain("cost");
        }
        Api platform = Api.basic(baseUrl(), PLATFORM, PLATFORM_PASSWORD);
        assertThat(platform.get("/api/v1/dashboard/tenant").status()).isEqualTo(403);
        assertThat(admin.get("/api/v1/dashboard/platform").status()).isEqualTo(403);
        assertThat(admin.get("/api/v1/dashboard/platform.csv").status()).isEqualTo(403);
    }

    @Test
    void anotherTenantsAdminSeesNoneOfTheseQuotes() {
        TestTenants.TestTenant other = tenants.create();
        var r = Api.basic(baseUrl(), other.adminEmail(), TestTenants.PASSWORD).get("/api/v1/dashboard/tenant?" + PERIOD);
        assertThat(r.status()).isEqualTo(200);
        assertThat(StreamSupport.stream(r.json().path("pipelineByStatus").spliterator(), false)
                .mapToInt(n -> n.path("quotes").asInt()).sum()).isZero();
        assertThat(r.json().path("marginByGpuModel")).isEmpty();
        assertThat(r.json().path("topCustomers")).isEmpty();
        assertThat(r.body()).doesNotContain(seeded.customerX()).doesNotContain("218600");
    }

    @Test
    void platformAdminSeesUsersAndQuoteCountsPerTenantButNoQuoteContents() throws Exception {
        Api platform = Api.basic(baseUrl(), PLATFORM, PLATFORM_PASSWORD);
        var r = platform.get("/api/v1/dashboard/platform");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode row = null;
        for (JsonNode n : r.json().path("tenants")) {
            if (n.path("tenantId").asText().equals(seeded.tenant().tenant().id().value().toString())) {
                row = n;
            }
        }
        assertThat(row).isNotNull();
        // admin, consultant, consultant 2; Q1–Q7
        assertThat(row.path("users").asInt()).isEqualTo(3);
        assertThat(row.path("quotes").asInt()).isEqualTo(7);
        assertThat(row.path("lastActivity").asText()).isNotBlank();
        assertThat(row.path("slug").asText()).isEqualTo(seeded.tenant().tenant().slug());
        // no quote contents: no customer name, and no value anywhere equal to the seeded amounts (compared as values,
        // since random slugs, ids and timestamps in the body may contain the same digits)
        assertThat(r.body()).doesNotContain(seeded.customerX());
        assertThat(numbersIn(r.json())).doesNotContain(new java.math.BigDecimal("114000"), new java.math.BigDecimal("9500"));
        assertThat(fieldNames(row)).containsExactlyInAnyOrder("tenantId", "slug", "name", "status", "createdAt",
                "users", "enabledUsers", "quotes", "lastLogin", "lastQuoteChange", "lastActivity");

        var csv = platform.get("/api/v1/dashboard/platform.csv");
        assertThat(csv.status()).isEqualTo(200);
        CSVRecord line = csv(csv.body()).stream().filter(c -> c.get(0).equals(seeded.tenant().tenant().slug()))
                .findFirst().orElseThrow();
        assertThat(line.get(4)).isEqualTo("3");
        assertThat(line.get(6)).isEqualTo("7");

        // the counting function answers nothing inside a tenant's transaction, even to the runtime role
        Integer visible = portal.inTenant(seeded.tenant().tenant().id(), () -> portal.jdbc()
                .sql("select count(*) from gq_platform_quote_counts()").query(Integer.class).single());
        assertThat(visible).isZero();
    }

    /** Every number in the document, and every text that reads as one, normalised (9500.00 equals 9500). */
    private static List<java.math.BigDecimal> numbersIn(JsonNode node) {
        List<java.math.BigDecimal> out = new ArrayList<>();
        if (node.isNumber()) {
            out.add(node.decimalValue().stripTrailingZeros());
        } else if (node.isTextual() && node.asText().matches("-?\\d+(\\.\\d+)?")) {
            out.add(new java.math.BigDecimal(node.asText()).stripTrailingZeros());
        }
        node.forEach(child -> out.addAll(numbersIn(child)));
        return out.stream().map(n -> n.scale() < 0 ? n.setScale(0) : n).toList();
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static Row findRow(Sheet sheet, String first) {
        for (Row row : sheet) {
            Cell c = row.getCell(0);
            if (c != null && c.getCellType() == CellType.STRING && c.getStringCellValue().equals(first)) {
                return row;
            }
        }
        throw new AssertionError("no row " + first + " in " + sheet.getSheetName());
    }

    private static List<CSVRecord> csv(String body) throws java.io.IOException {
        assertThat(body).startsWith("\uFEFF");
        return CSVFormat.DEFAULT.parse(new StringReader(body.substring(1))).getRecords();
    }

    private static String basic(String email) {
        return "Basic " + Base64.getEncoder().encodeToString((email + ":" + TestTenants.PASSWORD)
                .getBytes(StandardCharsets.UTF_8));
    }

    private static void assertError(Api.Response r, String field) {
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.json().path("errors").findValuesAsText("field")).as(r.body()).contains(field);
    }
}
