package com.gpuquote.pricing;

import com.gpuquote.CalendarTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.TestTenants;
import com.gpuquote.TestTenants.TestTenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The REST contract of /api/v1/price-lists and /api/v1/prices through the real filter chain. */
@CalendarTest
class PriceListApiTest extends PricingTestSupport {

    private TestTenant t;
    private Api admin;
    private Api consultant;

    @BeforeEach
    void clients() {
        t = testTenants.create();
        admin = Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD);
        consultant = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
    }

    private String createDraft(String name) {
        Api.Response r = admin.post("/api/v1/price-lists", Map.of("name", name, "provider", "VOLCENGINE",
                "effectiveFrom", "2030-01-01T00:00:00Z"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        assertThat(r.json().get("status").asText()).isEqualTo("DRAFT");
        assertThat(r.json().get("version").isNull()).isTrue();
        return r.json().get("id").asText();
    }

    private Api.Response putCsv(Api api, String id, String body) {
        return api.send("PUT", "/api/v1/price-lists/" + id + "/rows", "text/csv", body);
    }

    private static String file(String... lines) {
        return new String(csv(lines), StandardCharsets.UTF_8);
    }

    @Test
    void draftImportPublishAndPriceLookup() {
        String id = createDraft("API list");
        Api.Response imported = putCsv(admin, id, file(line(A10, "cn-beijing", "HOURLY", "10.5", "9.25"),
                line(A10, "cn-beijing", "MONTHLY", "5000", "4500")));
        assertThat(imported.status()).as(imported.body()).isEqualTo(200);
        assertThat(imported.json().toString()).isEqualTo("{\"added\":2,\"changed\":0,\"removed\":0,\"unchanged\":0}");

        Api.Response again = putCsv(admin, id, file(line(A10, "cn-beijing", "HOURLY", "11", "9.25")));
        assertThat(again.json().toString()).isEqualTo("{\"added\":0,\"changed\":1,\"removed\":1,\"unchanged\":0}");

        Instant from = clock.instant().minus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);
        Api.Response published = admin.post("/api/v1/price-lists/" + id + "/publish", Map.of("effectiveFrom", from.toString()));
        assertThat(published.status()).as(published.body()).isEqualTo(200);
        assertThat(published.json().get("version").asInt()).isEqualTo(1);
        assertThat(published.json().get("status").asText()).isEqualTo("PUBLISHED");

        String query = "/api/v1/prices?instanceType=" + A10 + "&region=cn-beijing&billingMode=HOURLY";
        JsonNode adminPrice = admin.get(query).json();
        assertThat(adminPrice.get("listPrice").asText()).isEqualTo("11.0000");
        assertThat(adminPrice.get("listPrice").isTextual()).isTrue();
        assertThat(adminPrice.get("costPrice").asText()).isEqualTo("9.2500");
        assertThat(adminPrice.get("currency").asText()).isEqualTo("CNY");
        assertThat(adminPrice.get("priceListId").asText()).isEqualTo(id);
        assertThat(adminPrice.get("version").asInt()).isEqualTo(1);

        Api.Response consultantPrice = consultant.get(query);
        assertThat(consultantPrice.status()).isEqualTo(200);
        assertThat(consultantPrice.json().get("listPrice").asText()).isEqualTo("11.0000");
        assertThat(consultantPrice.json().has("costPrice")).isFalse();
        assertThat(consultantPrice.body()).doesNotContain("cost").doesNotContain("9.25");

        assertThat(admin.get(query + "&at=" + from.minusSeconds(1)).status()).isEqualTo(404);
        assertThat(admin.get(query + "&at=" + from).json().get("version").asInt()).isEqualTo(1);
        assertThat(admin.get(query + "&at=yesterday").status()).isEqualTo(400);
        assertThat(admin.get("/api/v1/price-lists").json()).hasSize(1);
    }

    @Test
    void upsertUpdatesAndAddsTheGivenRowsAndRemovesNone() {
        String id = createDraft("upsert");
        putCsv(admin, id, file(line(A10, "cn-beijing", "HOURLY", "10.5", "9.25"),
                line(A10, "cn-beijing", "MONTHLY", "5000", "4500"), line(A10, "cn-beijing", "SPOT", "4", "3")));

        // one repriced, one as it was, one new; MONTHLY is not in the file and stays
        Api.Response upsert = admin.send("PUT", "/api/v1/price-lists/" + id + "/rows?mode=upsert", "text/csv",
                file(line(A10, "cn-beijing", "HOURLY", "11", "9.25"), line(A10, "cn-beijing", "SPOT", "4", "3"),
                        line(A10, "cn-beijing", "YEARLY", "50000", "40000")));
        assertThat(upsert.status()).as(upsert.body()).isEqualTo(200);
        assertThat(upsert.json().toString()).isEqualTo("{\"added\":1,\"changed\":1,\"removed\":0,\"unchanged\":2}");
        String rows = admin.get("/api/v1/price-lists/" + id + "/rows").body();
        assertThat(rows).contains("\"MONTHLY\"").contains("\"YEARLY\"").contains("11.0000");
        assertThat(admin.get("/api/v1/price-lists/" + id + "/rows").json()).hasSize(4);

        // replace stays the default: the same 1-row file now removes the other three
        Api.Response replace = putCsv(admin, id, file(line(A10, "cn-beijing", "HOURLY", "11", "9.25")));
        assertThat(replace.json().toString()).isEqualTo("{\"added\":0,\"changed\":0,\"removed\":3,\"unchanged\":1}");

        Api.Response bad = admin.send("PUT", "/api/v1/price-lists/" + id + "/rows?mode=merge", "text/csv",
                file(line(A10, "cn-beijing", "HOURLY", "12", "9.25")));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body()).contains("\"mode\"");
        assertThat(admin.get("/api/v1/price-lists/" + id + "/rows").json()).hasSize(1);
    }

    @Test
    void rowsCanBeSearchedByCodeGpuModelRegionAndBillingMode() {
        String id = createDraft("search");
        putCsv(admin, id, file(line(A10, "cn-beijing", "HOURLY", "10", "9"), line(A10, "cn-shanghai", "SPOT", "3", "2"),
                line(T4, "cn-beijing", "MONTHLY", "3000", "2700")));
        String base = "/api/v1/price-lists/" + id + "/rows";
        // ecs.g1tl.4xlarge has one T4; the code does not say so
        assertThat(admin.get(base + "?q=t4").json()).hasSize(1).first()
                .satisfies(r -> assertThat(r.get("instanceType").asText()).isEqualTo(T4));
        assertThat(admin.get(base + "?q=SHANGHAI").json()).hasSize(1);
        assertThat(admin.get(base + "?q=gni2&billingMode=hourly").json()).hasSize(1).first()
                .satisfies(r -> assertThat(r.get("region").asText()).isEqualTo("cn-beijing"));
        assertThat(admin.get(base + "?q=%25").json()).isEmpty(); // "%" matches itself, not everything
        assertThat(admin.get(base + "?q=").json()).hasSize(3);
        Api.Response bad = admin.get(base + "?billingMode=weekly");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body()).contains("\"billingMode\"");
        Api.Response nul = admin.get(base + "?q=a%00b"); // a NUL byte is refused by the database: the client's input
        assertThat(nul.status()).isEqualTo(400);

        admin.post("/api/v1/price-lists/" + id + "/publish", Map.of());
        Api.Response rows = consultant.get(base + "?q=cn-beijing&billingMode=MONTHLY");
        assertThat(rows.json()).hasSize(1);
        assertThat(rows.body()).doesNotContain("cost");
    }

    @Test
    void consultantRowsHaveNoCostAndTheCsvExportIsAdminOnly() {
        String id = createDraft("rows");
        putCsv(admin, id, file(line(A10, "cn-beijing", "HOURLY", "10", "8.7654")));
        assertThat(consultant.get("/api/v1/price-lists/" + id + "/rows").status()).isEqualTo(404); // drafts: none
        admin.post("/api/v1/price-lists/" + id + "/publish", Map.of());

        Api.Response adminRows = admin.get("/api/v1/price-lists/" + id + "/rows");
        assertThat(adminRows.json().get(0).get("costPrice").asText()).isEqualTo("8.7654");
        Api.Response rows = consultant.get("/api/v1/price-lists/" + id + "/rows");
        assertThat(rows.status()).isEqualTo(200);
        assertThat(rows.json().get(0).get("listPrice").asText()).isEqualTo("10.0000");
        assertThat(rows.json().get(0).has("costPrice")).isFalse();
        assertThat(rows.body()).doesNotContain("cost").doesNotContain("8.7654");
        assertThat(consultant.get("/api/v1/price-lists").body()).doesNotContain("cost");
        assertThat(consultant.get("/api/v1/price-lists/" + id + "/rows.csv").status()).isEqualTo(403);
        assertThat(putCsv(consultant, id, file()).status()).isEqualTo(403);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            NOT_A_NUMBER          | VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,abc,1,CNY  | 2 | list_price
            NEGATIVE_PRICE        | VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,1,-2,CNY   | 2 | cost_price
            TOO_MANY_DECIMALS     | VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,1.00001,1,CNY | 2 | list_price
            UNKNOWN_INSTANCE_TYPE | VOLCENGINE,cn-beijing,ecs.nope.large,HOURLY,1,1,CNY      | 2 | instance_type
            REGION_NOT_OFFERED    | VOLCENGINE,cn-guangzhou,ecs.gni2.3xlarge,HOURLY,1,1,CNY  | 2 | region
            WRONG_CURRENCY        | VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,1,1,USD    | 2 | currency
            """)
    void eachRowErrorIs422WithRowAndColumnAndTheDraftIsUntouched(String code, String row, int rowNumber, String column) {
        String id = createDraft("errors " + code);
        putCsv(admin, id, file(line(A10, "cn-beijing", "SPOT", "1", "1")));
        assert422(id, file(row), code, rowNumber, column);
    }

    @Test
    void duplicateKeyIs422() {
        String id = createDraft("dup");
        assert422(id, file(line(A10, "cn-beijing", "HOURLY", "1", "1"), line(A10, "cn-beijing", "HOURLY", "2", "1")),
                "DUPLICATE_KEY", 3, "instance_type");
    }

    @Test
    void missingColumnIs422() {
        String id = createDraft("missing");
        assert422(id, "provider,region,instance_type,billing_mode,cost_price,currency\nVOLCENGINE,cn-beijing,"
                + A10 + ",HOURLY,1,CNY\n", "MISSING_COLUMN", 1, "list_price");
    }

    private void assert422(String id, String body, String code, int row, String column) {
        String before = admin.get("/api/v1/price-lists/" + id + "/rows").body();
        Api.Response r = putCsv(admin, id, body);
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        assertThat(r.header("Content-Type")).startsWith("application/problem+json");
        assertThat(r.json().get("errors")).anySatisfy(e -> {
            assertThat(e.get("code").asText()).isEqualTo(code);
            assertThat(e.get("row").asInt()).isEqualTo(row);
            assertThat(e.get("column").asText()).isEqualTo(column);
            assertThat(e.get("message").asText()).isNotBlank();
        });
        assertThat(admin.get("/api/v1/price-lists/" + id + "/rows").body()).isEqualTo(before);
    }

    @Test
    void filesOver5MbOr50000RowsAreRefusedWith413() {
        String id = createDraft("big");
        StringBuilder big = new StringBuilder(HEADER).append('\n');
        while (big.length() <= PriceListCsv.MAX_BYTES) {
            big.append(line(A10, "cn-beijing", "HOURLY", "1", "1")).append('\n');
        }
        Api.Response tooBig = putCsv(admin, id, big.toString());
        assertThat(tooBig.status()).isEqualTo(413);
        assertThat(tooBig.json().get("detail").asText()).contains("5 MB");

        StringBuilder many = new StringBuilder(HEADER).append('\n');
        for (int i = 0; i <= PriceListCsv.MAX_ROWS; i++) {
            many.append("VOLCENGINE,cn-beijing,x,HOURLY,1,1,CNY\n");
        }
        Api.Response tooMany = putCsv(admin, id, many.toString());
        assertThat(tooMany.status()).isEqualTo(413);
        assertThat(tooMany.json().get("detail").asText()).contains("50000");
        assertThat(tooMany.json().get("errors").get(0).get("code").asText()).isEqualTo("TOO_MANY_ROWS");
    }

    @Test
    void gb18030ByContentTypeCharsetOrDetected() throws Exception {
        byte[] body = (HEADER + ",备注\n" + line(A10, "cn-beijing", "HOURLY", "1", "1") + ",北京\n")
                .getBytes(PriceListCsv.GB18030);
        for (String contentType : new String[]{"text/csv; charset=GB18030", "text/csv"}) {
            String id = createDraft("gb " + contentType);
            var request = java.net.http.HttpRequest.newBuilder(java.net.URI.create(baseUrl() + "/api/v1/price-lists/" + id + "/rows"))
                    .header("Authorization", "Basic " + java.util.Base64.getEncoder().encodeToString(
                            (t.adminEmail() + ":" + TestTenants.PASSWORD).getBytes(StandardCharsets.UTF_8)))
                    .header("Content-Type", contentType)
                    .PUT(java.net.http.HttpRequest.BodyPublishers.ofByteArray(body)).build();
            var response = java.net.http.HttpClient.newHttpClient().send(request,
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            assertThat(response.body()).contains("\"added\":1");
        }
    }

    @Test
    void exportIsACsvFileThatRoundTripsAndFormulaCellsNeverGetIn() {
        String id = createDraft("export");
        putCsv(admin, id, file(line(A10, "cn-shanghai", "YEARLY", "80000.5", "70000"),
                line(T4, "cn-beijing", "SPOT", "0.3333", "0.25")));
        Api.Response export = admin.get("/api/v1/price-lists/" + id + "/rows.csv");
        assertThat(export.status()).isEqualTo(200);
        assertThat(export.header("Content-Type")).startsWith("text/csv");
        assertThat(export.header("Content-Disposition")).isEqualTo("attachment; filename=\"price-list-" + id + ".csv\"");
        assertThat(export.body()).isEqualTo("\uFEFF" + HEADER + "\r\n"
                + "VOLCENGINE,cn-beijing," + T4 + ",SPOT,0.3333,0.2500,CNY\r\n"
                + "VOLCENGINE,cn-shanghai," + A10 + ",YEARLY,80000.5000,70000.0000,CNY\r\n");

        String copy = createDraft("re-import");
        Api.Response back = putCsv(admin, copy, export.body());
        assertThat(back.json().get("added").asInt()).isEqualTo(2);
        assertThat(admin.get("/api/v1/price-lists/" + copy + "/rows").body())
                .isEqualTo(admin.get("/api/v1/price-lists/" + id + "/rows").body());

        // a formula cannot reach a stored row (every text cell is checked against the catalog), so nothing to escape
        Api.Response evil = putCsv(admin, copy, file("VOLCENGINE,cn-beijing,\"=HYPERLINK(\"\"http://x\"\")\",HOURLY,1,1,CNY",
                "VOLCENGINE,@SUM(1),ecs.gni2.3xlarge,HOURLY,1,1,CNY"));
        assertThat(evil.status()).isEqualTo(422);
        assertThat(admin.get("/api/v1/price-lists/" + copy + "/rows.csv").body()).doesNotContain("=").doesNotContain("@");
    }

    @Test
    void anotherTenantsPriceListAnswers404OnEveryEndpoint() {
        String id = createDraft("mine");
        putCsv(admin, id, file(line(A10, "cn-beijing", "HOURLY", "1", "1")));
        TestTenant other = testTenants.create();
        Api otherAdmin = Api.basic(baseUrl(), other.adminEmail(), TestTenants.PASSWORD);
        Api otherConsultant = Api.basic(baseUrl(), other.consultantEmail(), TestTenants.PASSWORD);
        String base = "/api/v1/price-lists/" + id;
        assertThat(otherAdmin.get(base).status()).isEqualTo(404);
        assertThat(otherAdmin.get(base + "/rows").status()).isEqualTo(404);
        assertThat(otherAdmin.get(base + "/rows.csv").status()).isEqualTo(404);
        assertThat(putCsv(otherAdmin, id, file(line(A10, "cn-beijing", "HOURLY", "1", "1"))).status()).isEqualTo(404);
        assertThat(otherAdmin.post(base + "/publish", Map.of()).status()).isEqualTo(404);
        assertThat(otherAdmin.post(base + "/archive", Map.of()).status()).isEqualTo(404);
        assertThat(otherAdmin.post("/api/v1/price-lists", Map.of("name", "x", "provider", "VOLCENGINE",
                "copyFrom", id)).status()).isEqualTo(404);
        assertThat(otherConsultant.get(base).status()).isEqualTo(404);
        assertThat(otherConsultant.get(base + "/rows").status()).isEqualTo(404);
        // still there for its owner, unchanged
        assertThat(admin.get(base).json().get("rowCount").asInt()).isEqualTo(1);
        admin.post(base + "/publish", Map.of());
        assertThat(otherAdmin.get(base).status()).isEqualTo(404);
        assertThat(otherConsultant.get(base + "/rows").status()).isEqualTo(404);
        assertThat(otherConsultant.get("/api/v1/prices?instanceType=" + A10 + "&region=cn-beijing&billingMode=HOURLY")
                .status()).isEqualTo(404);
    }
}
