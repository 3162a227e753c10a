package com.gpuquote.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.TestTenants;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static com.gpuquote.quote.QuoteFixtures.A10;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 16, channel economics: provider vouchers (代金券) are named steps of the option total the customer sees;
 * the reseller rebate (返点) is admin-only income that counts against the margin floor.
 * Fixture prices: A10 HOURLY list 10.0000, cost 6.0000; tenant margin floor 5 %, VAT 6 %.
 */
class QuoteChannelEconomicsApiTest extends QuoteApiSupport {

    private static final String VOUCHER = "火山引擎新客代金券";

    @BeforeEach
    void setUp() {
        tenantWithPrices();
    }

    private static Map<String, Object> discounted(int quantity, int months) {
        return with(line(A10, "HOURLY", quantity, months), "manualDiscountPercent", 40);
    }

    private static Map<String, Object> channelOption(List<Map<String, Object>> lines, List<Map<String, Object>> services,
                                                     List<Map<String, Object>> vouchers, Object rebatePercent) {
        Map<String, Object> o = new LinkedHashMap<>(option(lines, services));
        if (vouchers != null) {
            o.put("vouchers", vouchers);
        }
        if (rebatePercent != null) {
            o.put("rebatePercent", rebatePercent);
        }
        return o;
    }

    private static Map<String, Object> voucher(String name, Object amount) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("name", name);
        v.put("amount", amount);
        return v;
    }

    /*
     * A10 HOURLY × 2 for 3 months, manual 40 %: LIST 10.0000 → MANUAL 6.0000.
     *   line term   = 6.0000 × 730 h × 2 × 3   = 26,280.00      list term = 10 × 730 × 2 × 3 = 43,800.00
     *   one-time service                         5,000.00
     *   subtotal    = 26,280.00 + 5,000.00     = 31,280.00
     *   vouchers    = 5,000.00 + 1,280.50      =  6,280.50   (火山引擎新客代金券, 活动券)
     *   net         = 31,280.00 − 6,280.50     = 24,999.50   (the amount invoiced)
     *   VAT 6 %     = 24,999.50 × 0.06         =  1,499.97
     *   grand total = 24,999.50 + 1,499.97     = 26,499.47
     * Rebate 10 % of the list term: 43,800.00 × 10 % = 4,380.00 (admin only).
     *   cost term   = 6.0000 × 730 × 2 × 3 = 26,280.00 → line margin = 26,280 − 26,280 + 4,380 = 4,380.00, 16.67 %
     *   issue 39 (ADR 3902): unconfirmed, the vouchers are the reseller's money: option cost stays 26,280.00,
     *   revenue after vouchers 26,280.00 − 6,280.50 = 19,999.50, margin 19,999.50 − 26,280.00 + 4,380.00 = −1,900.50,
     *   −1,900.50 / 19,999.50 = −9.50 %: below cost.
     *   Once a tenant admin confirms both with the provider: cost 26,280.00 − 6,280.50 = 19,999.50, margin 4,380.00
     *   = 21.90 % of 19,999.50 (provider-funded: margin amount unchanged by the vouchers)
     *   floor: (cost 6 − rebate 10 × 10 % = 5.00) × 1.05 = 5.2500 ≤ net 6.0000 → not below floor.
     */
    @Test
    void voucherIsANamedStepOfTheTotalAndRebateRaisesTheAdminMarginOnly() {
        String project = customerAndProject()[1];
        JsonNode q = createQuote(admin, project, channelOption(List.of(discounted(2, 3)),
                List.of(Map.of("description", "上线实施", "oneTimeAmount", "5000.00")),
                List.of(voucher(VOUCHER, "5000"), voucher("活动券", "1280.50")), 10));
        JsonNode o = q.path("options").get(0);
        assertThat(firstLine(q).path("netUnitPrice").asText()).isEqualTo("6.0000");
        assertThat(firstLine(q).path("termAmount").asText()).isEqualTo("26280.00");
        assertThat(firstLine(q).path("belowFloor").asBoolean()).isFalse();
        assertThat(o.path("subtotal").asText()).isEqualTo("31280.00");
        assertThat(o.path("vouchers").findValuesAsText("name")).containsExactly(VOUCHER, "活动券");
        assertThat(o.path("vouchers").findValuesAsText("amount")).containsExactly("5000.00", "1280.50");
        assertThat(o.path("voucherTotal").asText()).isEqualTo("6280.50");
        assertThat(o.path("netAfterVouchers").asText()).isEqualTo("24999.50");
        assertThat(o.path("vat").asText()).isEqualTo("1499.97");
        assertThat(o.path("grandTotal").asText()).isEqualTo("26499.47");
        assertThat(o.path("discountTotal").asText()).isEqualTo("17520.00"); // price discounts only: 43,800 − 26,280

        JsonNode m = o.path("margin");
        assertThat(m.path("rebatePercent").asText()).isEqualTo("10");
        assertThat(m.path("rebateAmount").asText()).isEqualTo("4380.00");
        assertThat(m.path("voucherTotal").asText()).isEqualTo("6280.50");
        assertThat(m.path("costTermAmount").asText()).isEqualTo("26280.00");
        assertThat(m.path("marginAmount").asText()).isEqualTo("-1900.50");
        assertThat(m.path("marginPercent").asText()).isEqualTo("-9.50");
        assertThat(o.path("approvalChecks").path("belowCost").asBoolean()).isTrue();

        String qid = q.path("id").asText();
        JsonNode confirmed = q;
        for (int k = 0; k < 2; k++) {
            var c = admin.post("/api/v1/quotes/" + qid + "/options/A/vouchers/" + k + "/confirm",
                    Map.of("reference", "VE-" + k));
            assertThat(c.status()).as(c.body()).isEqualTo(200);
            confirmed = c.json();
        }
        m = confirmed.path("options").get(0).path("margin");
        assertThat(m.path("costTermAmount").asText()).isEqualTo("19999.50");
        assertThat(m.path("marginAmount").asText()).isEqualTo("4380.00");
        assertThat(m.path("marginPercent").asText()).isEqualTo("21.90");
        assertThat(confirmed.path("options").get(0).path("grandTotal").asText()).isEqualTo("26499.47");
        JsonNode lm = firstLine(q).path("margin");
        assertThat(lm.path("rebateTermAmount").asText()).isEqualTo("4380.00");
        assertThat(lm.path("marginAmount").asText()).isEqualTo("4380.00");
        assertThat(lm.path("marginPercent").asText()).isEqualTo("16.67");
        assertThat(lm.path("floorUnitPrice").asText()).isEqualTo("5.2632"); // (6 − 1) / 0.95, up

        // stored: read back gives the same; the consultant sees the vouchers but no rebate
        String id = q.path("id").asText();
        JsonNode read = admin.get("/api/v1/quotes/" + id).json().path("options").get(0);
        assertThat(read.path("grandTotal").asText()).isEqualTo("26499.47");
        assertThat(read.path("margin").path("rebateAmount").asText()).isEqualTo("4380.00");
    }

    @Test
    void belowFloorNeedsApprovalWithoutRebateAndNotWithEnoughRebate() {
        String project = customerAndProject()[1];
        // net 6.0000 < cost 6 × 1.05 = 6.30 → below floor
        JsonNode q = createQuote(consultant, project, option(List.of(discounted(1, 1)), List.of()));
        assertThat(firstLine(q).path("belowFloor").asBoolean()).isTrue();
        String id = q.path("id").asText();

        // a consultant may not grant the rebate that would lift the line over the floor
        var refused = consultant.put("/api/v1/quotes/" + id, Map.of("version", q.path("rowVersion").asInt(),
                "options", List.of(channelOption(List.of(discounted(1, 1)), List.of(), null, 10))));
        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().path("errors").findValuesAsText("field")).containsExactly("options[0].rebatePercent");

        // 2 %: (6 − 0.20) × 1.05 = 6.09 > 6.00 → still below floor
        var small = admin.put("/api/v1/quotes/" + id, Map.of("version", q.path("rowVersion").asInt(),
                "options", List.of(channelOption(List.of(discounted(1, 1)), List.of(), null, "2"))));
        assertThat(small.status()).as(small.body()).isEqualTo(200);
        assertThat(firstLine(small.json()).path("belowFloor").asBoolean()).isTrue();

        // 10 %: (6 − 1.00) × 1.05 = 5.25 ≤ 6.00 → not below floor
        var enough = admin.put("/api/v1/quotes/" + id, Map.of("version", small.json().path("rowVersion").asInt(),
                "options", List.of(channelOption(List.of(discounted(1, 1)), List.of(), null, 10))));
        assertThat(enough.status()).as(enough.body()).isEqualTo(200);
        assertThat(firstLine(enough.json()).path("belowFloor").asBoolean()).isFalse();

        // the consultant's later edit without the field keeps the admin's rebate
        var kept = consultant.put("/api/v1/quotes/" + id, Map.of("version", enough.json().path("rowVersion").asInt(),
                "options", List.of(option(List.of(discounted(1, 1)), List.of()))));
        assertThat(kept.status()).as(kept.body()).isEqualTo(200);
        // ADR 3905: the consultant's flag leaves the rebate out, so it stays below floor for them (the admin's not)
        assertThat(firstLine(kept.json()).path("belowFloor").asBoolean()).isTrue();
        assertThat(firstLine(admin.get("/api/v1/quotes/" + id).json()).path("belowFloor").asBoolean()).isFalse();
        assertThat(kept.body()).doesNotContain("rebate");

        // the consultant's quote is judged on the cost before rebate: it goes to approval, where the admin sees the
        // rebate-adjusted margin; the admin's own quote with the same rebate is judged with it and approved at once
        var submitted = consultant.post("/api/v1/quotes/" + id + "/submit", Map.of());
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(200);
        assertThat(submitted.json().path("status").asText()).isEqualTo("PENDING_APPROVAL");
        JsonNode own = createQuote(admin, project, channelOption(List.of(discounted(1, 1)), List.of(), null, 10));
        var ownSubmitted = admin.post("/api/v1/quotes/" + own.path("id").asText() + "/submit", Map.of());
        assertThat(ownSubmitted.json().path("status").asText()).as(ownSubmitted.body()).isEqualTo("APPROVED");
    }

    @Test
    void invalidVouchersAndRebatesAnswer400ByField() {
        String project = customerAndProject()[1];
        var r = admin.post("/api/v1/quotes", quoteBody(project,
                channelOption(List.of(line(A10, "HOURLY", 1, 1)), List.of(),
                        List.of(voucher(VOUCHER, "0"), voucher(" ", "10"), voucher("券", "-5")), 51),
                channelOption(List.of(line(A10, "HOURLY", 1, 1)), List.of(), null, "-1")));
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.json().path("errors").findValuesAsText("field")).containsExactlyInAnyOrder(
                "options[0].vouchers[0].amount", "options[0].vouchers[1].name", "options[0].vouchers[2].amount",
                "options[0].rebatePercent", "options[1].rebatePercent");

        // the option's total is 10 × 730 = 7,300.00: 7,000 fits, 7,000 + 301 does not
        var over = admin.post("/api/v1/quotes", quoteBody(project, channelOption(List.of(line(A10, "HOURLY", 1, 1)),
                List.of(), List.of(voucher(VOUCHER, "7000"), voucher("活动券", "301")), null)));
        assertThat(over.status()).as(over.body()).isEqualTo(400);
        assertThat(over.json().path("errors").findValuesAsText("field")).containsExactly("options[0].vouchers[1].amount");

        var exact = admin.post("/api/v1/quotes", quoteBody(project, channelOption(List.of(line(A10, "HOURLY", 1, 1)),
                List.of(), List.of(voucher(VOUCHER, "7300.00")), "50")));
        assertThat(exact.status()).as(exact.body()).isEqualTo(201);
        assertThat(exact.json().path("options").get(0).path("grandTotal").asText()).isEqualTo("0.00");
    }

    @Test
    void customerPdfShowsTheVoucherButNeverTheRebate() throws Exception {
        String project = customerAndProject()[1];
        JsonNode q = createQuote(admin, project, channelOption(List.of(discounted(2, 3)), List.of(),
                List.of(voucher(VOUCHER, "5000")), "12.5"));
        String text = pdfText(tenant.adminEmail(), q.path("id").asText());
        assertThat(text).contains(VOUCHER).contains("5,000.00");
        // subtotal 26,280.00 − 5,000.00 = 21,280.00; VAT 1,276.80; total 22,556.80
        assertThat(text).contains("22,556.80");
        // rebate 43,800 × 12.5 % = 5,475.00 must appear nowhere
        assertThat(text).doesNotContain("返点").doesNotContain("5,475.00").doesNotContain("5475")
                .doesNotContain("12.5").doesNotContain("rebate").doesNotContain("Rebate");
    }

    private String pdfText(String email, String id) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl() + "/api/v1/quotes/" + id + ".pdf"))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        (email + ":" + TestTenants.PASSWORD).getBytes(StandardCharsets.UTF_8)))
                .GET().build();
        HttpResponse<byte[]> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofByteArray());
        assertThat(response.statusCode()).isEqualTo(200);
        try (PDDocument doc = Loader.loadPDF(response.body())) {
            return new PDFTextStripper().getText(doc);
        }
    }
}
