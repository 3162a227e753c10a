package com.gpuquote.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static com.gpuquote.quote.QuoteFixtures.A10X8;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 39, governed vouchers and below-cost approvals (ADR 3902). Fixture: ecs.gni2.28xlarge MONTHLY list 40,000.0000,
 * cost 25,000.0000; tenant floor 5 % (margin on price), VAT 6 %, voucher cap 10 % unless set. Every expected figure
 * comes from {@link Calc}, a calculator of the rules written for this test.
 */
class GovernedVouchersApiTest extends QuoteApiSupport {

    private static final BigDecimal LIST = new BigDecimal("40000");
    private static final BigDecimal COST = new BigDecimal("25000");
    private static final BigDecimal FLOOR = new BigDecimal("0.05");
    private static final BigDecimal VAT = new BigDecimal("0.06");

    String project;

    @BeforeEach
    void setUp() {
        tenantWithPrices();
        project = customerAndProject()[1];
    }

    /**
     * The rules, independently: revenue = Σ line terms − every voucher; cost = Σ cost terms − confirmed vouchers, never
     * below 0; margin = revenue − cost, percent of the revenue (2 dp half-up); the customer pays subtotal − vouchers
     * plus VAT whatever the confirmation.
     */
    record Calc(BigDecimal subtotal, BigDecimal vouchers, BigDecimal confirmed, BigDecimal costTerm) {
        static Calc of(int quantity, int months, BigDecimal discountPercent, BigDecimal vouchers, boolean confirmed) {
            BigDecimal net = LIST.multiply(BigDecimal.ONE.subtract(discountPercent.movePointLeft(2)));
            BigDecimal subtotal = net.multiply(BigDecimal.valueOf((long) quantity * months)).setScale(2);
            BigDecimal cost = COST.multiply(BigDecimal.valueOf((long) quantity * months)).setScale(2);
            return new Calc(subtotal, vouchers.setScale(2), confirmed ? vouchers.setScale(2) : BigDecimal.ZERO.setScale(2), cost);
        }

        BigDecimal netAfterVouchers() {
            return subtotal.subtract(vouchers);
        }

        BigDecimal vat() {
            return netAfterVouchers().multiply(VAT).setScale(2, RoundingMode.HALF_UP);
        }

        BigDecimal grandTotal() {
            return netAfterVouchers().add(vat());
        }

        BigDecimal cost() {
            return costTerm.subtract(confirmed).max(BigDecimal.ZERO.setScale(2));
        }

        BigDecimal margin() {
            return netAfterVouchers().subtract(cost());
        }

        BigDecimal marginPercent() {
            return margin().multiply(BigDecimal.valueOf(100)).divide(netAfterVouchers(), 2, RoundingMode.HALF_UP);
        }

        boolean belowFloor() {
            return netAfterVouchers().multiply(BigDecimal.ONE.subtract(FLOOR)).compareTo(cost()) < 0;
        }

        boolean overCap(BigDecimal capPercent) {
            return vouchers.subtract(confirmed).multiply(BigDecimal.valueOf(100))
                    .compareTo(subtotal.multiply(capPercent)) > 0;
        }
    }

    private static Map<String, Object> voucherOption(int quantity, int months, Object discount, List<Object> vouchers) {
        Map<String, Object> o = new LinkedHashMap<>(option(List.of(with(line(A10X8, "MONTHLY", quantity, months),
                "manualDiscountPercent", discount)), List.of()));
        o.put("vouchers", vouchers.stream().map(a -> Map.of("name", "阿里云代金券", "amount", a)).toList());
        return o;
    }

    private static String money(BigDecimal v) {
        return v.setScale(2, RoundingMode.HALF_UP).toPlainString();
    }

    private Api.Response submit(Api api, String id, String justification) {
        return api.post("/api/v1/quotes/" + id + "/submit", justification == null ? Map.of()
                : Map.of("justification", justification));
    }

    /*
     * The case in the fixture's prices: 2 × 8-GPU MONTHLY for 12 months with a 90 % voucher, unconfirmed.
     * subtotal 40,000 × 2 × 12 = 960,000.00; voucher 864,000.00; net 96,000.00; VAT 5,760.00; grand 101,760.00;
     * cost 25,000 × 24 = 600,000.00 (an unconfirmed voucher does not lower it); margin −504,000.00, −525.00 %.
     */
    @Test
    void anUnconfirmedNinetyPercentVoucherLowersThePriceNotTheCostAndNeedsJustifiedDoublyConfirmedApproval() {
        Calc c = Calc.of(2, 12, BigDecimal.ZERO, new BigDecimal("864000"), false);
        assertThat(c.overCap(BigDecimal.TEN)).isTrue();
        JsonNode q = createQuote(consultant, project, voucherOption(2, 12, 0, List.of("864000")));
        String id = q.path("id").asText();
        JsonNode o = q.path("options").get(0);
        assertThat(o.path("subtotal").asText()).isEqualTo(money(c.subtotal()));
        assertThat(o.path("netAfterVouchers").asText()).isEqualTo(money(c.netAfterVouchers()));
        assertThat(o.path("grandTotal").asText()).isEqualTo(money(c.grandTotal()));
        assertThat(o.path("vouchers").get(0).path("confirmed").asBoolean()).isFalse();
        assertThat(o.path("approvalChecks").path("vouchersOverCap").asBoolean()).isTrue();
        // a consultant learns nothing of the cost from the checks
        assertThat(o.path("approvalChecks").has("marginBelowFloor")).isFalse();
        assertThat(o.path("approvalChecks").has("belowCost")).isFalse();
        assertThat(o.has("margin")).isFalse();

        // below cost: no submit without a written justification, and nothing changes
        var refused = submit(consultant, id, null);
        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().path("errors").findValuesAsText("field")).containsExactly("justification");
        assertThat(consultant.get("/api/v1/quotes/" + id).json().path("status").asText()).isEqualTo("DRAFT");
        assertThat(submit(consultant, id, "   ").status()).isEqualTo(400);

        var submitted = submit(consultant, id, "战略客户首单，阿里云代金券由渠道经理申请中");
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(200);
        assertThat(submitted.json().path("status").asText()).isEqualTo("PENDING_APPROVAL");
        assertThat(admin.get("/api/v1/quotes/pending-approvals").json().findValuesAsText("id")).contains(id);

        // the approver sees the voucher unconfirmed, the margin by the rule and the justification
        JsonNode seen = admin.get("/api/v1/quotes/" + id).json();
        JsonNode ao = seen.path("options").get(0);
        assertThat(ao.path("grandTotal").asText()).isEqualTo(money(c.grandTotal()));
        assertThat(ao.path("margin").path("costTermAmount").asText()).isEqualTo(money(c.cost()));
        assertThat(ao.path("margin").path("marginAmount").asText()).isEqualTo(money(c.margin()));
        assertThat(ao.path("margin").path("marginPercent").asText()).isEqualTo(c.marginPercent().toPlainString());
        assertThat(c.marginPercent()).isEqualByComparingTo("-525.00");
        assertThat(ao.path("approvalChecks").path("belowCost").asBoolean()).isTrue();
        assertThat(ao.path("approvalChecks").path("marginBelowFloor").asBoolean()).isTrue();
        assertThat(ao.path("approvalChecks").path("unconfirmedVoucherTotal").asText()).isEqualTo("864000.00");
        assertThat(seen.path("belowCostJustification").asText()).isEqualTo("战略客户首单，阿里云代金券由渠道经理申请中");

        // approving needs the second confirmation
        var once = admin.post("/api/v1/quotes/" + id + "/approve", Map.of("comment", "同意"));
        assertThat(once.status()).as(once.body()).isEqualTo(400);
        assertThat(once.json().path("errors").findValuesAsText("field")).containsExactly("confirmBelowCost");
        assertThat(admin.post("/api/v1/quotes/" + id + "/approve", Map.of("comment", "同意",
                "confirmBelowCost", false)).status()).isEqualTo(400);
        var twice = admin.post("/api/v1/quotes/" + id + "/approve", Map.of("comment", "同意", "confirmBelowCost", true));
        assertThat(twice.status()).as(twice.body()).isEqualTo(200);
        assertThat(twice.json().path("status").asText()).isEqualTo("APPROVED");
    }

    /* Confirmed, the same voucher lowers the cost too: cost max(0, 600,000 − 864,000) = 0, margin 96,000.00 = 100.00 %. */
    @Test
    void aVoucherConfirmedByAnAdminLowersTheCostNeverBelowZeroAndTheCustomersPriceStays() {
        Calc c = Calc.of(2, 12, BigDecimal.ZERO, new BigDecimal("864000"), true);
        JsonNode q = createQuote(consultant, project, voucherOption(2, 12, 0, List.of("864000")));
        String id = q.path("id").asText();
        String path = "/api/v1/quotes/" + id + "/options/A/vouchers/0/confirm";

        assertThat(consultant.post(path, Map.of("reference", "ALI-2026-0001")).status()).isEqualTo(403);
        var noRef = admin.post(path, Map.of());
        assertThat(noRef.status()).as(noRef.body()).isEqualTo(400);
        assertThat(noRef.json().path("errors").findValuesAsText("field")).containsExactly("reference");
        assertThat(admin.post("/api/v1/quotes/" + id + "/options/B/vouchers/0/confirm",
                Map.of("reference", "x")).status()).isEqualTo(404);
        assertThat(admin.post("/api/v1/quotes/" + id + "/options/A/vouchers/1/confirm",
                Map.of("reference", "x")).status()).isEqualTo(404);
        TestTenants.TestTenant other = fixtures.tenantWithPrices();
        assertThat(Api.basic(baseUrl(), other.adminEmail(), TestTenants.PASSWORD).post(path,
                Map.of("reference", "x")).status()).isEqualTo(404);

        var confirmed = admin.post(path, Map.of("reference", "ALI-2026-0001"));
        assertThat(confirmed.status()).as(confirmed.body()).isEqualTo(200);
        JsonNode o = confirmed.json().path("options").get(0);
        JsonNode v = o.path("vouchers").get(0);
        assertThat(v.path("confirmed").asBoolean()).isTrue();
        assertThat(v.path("reference").asText()).isEqualTo("ALI-2026-0001");
        assertThat(o.path("grandTotal").asText()).isEqualTo(money(c.grandTotal()));
        assertThat(o.path("margin").path("costTermAmount").asText()).isEqualTo(money(c.cost())).isEqualTo("0.00");
        assertThat(o.path("margin").path("marginAmount").asText()).isEqualTo(money(c.margin()));
        assertThat(o.path("margin").path("marginPercent").asText()).isEqualTo("100.00");
        assertThat(o.path("approvalChecks").path("vouchersOverCap").asBoolean()).isFalse();

        // saved again unchanged it stays confirmed; the consultant's submit needs nobody then
        JsonNode read = consultant.get("/api/v1/quotes/" + id).json();
        var resaved = consultant.put("/api/v1/quotes/" + id, Map.of("version", read.path("rowVersion").asInt(),
                "options", List.of(voucherOption(2, 12, 0, List.of("864000.00")))));
        assertThat(resaved.status()).as(resaved.body()).isEqualTo(200);
        assertThat(resaved.json().path("options").get(0).path("vouchers").get(0).path("confirmed").asBoolean()).isTrue();
        var submitted = submit(consultant, id, null);
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(200);
        assertThat(submitted.json().path("status").asText()).isEqualTo("APPROVED");

        // another amount is another voucher: unconfirmed again
        consultant.post("/api/v1/quotes/" + id + "/reopen", Map.of());
        read = consultant.get("/api/v1/quotes/" + id).json();
        var changed = consultant.put("/api/v1/quotes/" + id, Map.of("version", read.path("rowVersion").asInt(),
                "options", List.of(voucherOption(2, 12, 0, List.of("864000.01")))));
        assertThat(changed.status()).as(changed.body()).isEqualTo(200);
        assertThat(changed.json().path("options").get(0).path("vouchers").get(0).path("confirmed").asBoolean()).isFalse();
    }

    @Test
    void confirmingWhileTheQuoteWaitsTakesTheMarginAgainSoNoSecondConfirmationIsNeeded() {
        JsonNode q = createQuote(consultant, project, voucherOption(2, 12, 0, List.of("864000")));
        String id = q.path("id").asText();
        assertThat(submit(consultant, id, "代金券已向阿里云申请").json().path("status").asText())
                .isEqualTo("PENDING_APPROVAL");
        var confirmed = admin.post("/api/v1/quotes/" + id + "/options/A/vouchers/0/confirm",
                Map.of("reference", "ALI-2026-0002"));
        assertThat(confirmed.status()).as(confirmed.body()).isEqualTo(200);
        JsonNode o = confirmed.json().path("options").get(0);
        Calc c = Calc.of(2, 12, BigDecimal.ZERO, new BigDecimal("864000"), true);
        assertThat(confirmed.json().path("status").asText()).isEqualTo("PENDING_APPROVAL");
        assertThat(o.path("grandTotal").asText()).isEqualTo(money(c.grandTotal()));
        assertThat(o.path("margin").path("marginAmount").asText()).isEqualTo(money(c.margin()));
        assertThat(o.path("approvalChecks").path("belowCost").asBoolean()).isFalse();
        var approved = admin.post("/api/v1/quotes/" + id + "/approve", Map.of("comment", "代金券已确认"));
        assertThat(approved.status()).as(approved.body()).isEqualTo(200);
        assertThat(approved.json().path("status").asText()).isEqualTo("APPROVED");
        // once approved, a voucher is no longer confirmed on it
        assertThat(admin.post("/api/v1/quotes/" + id + "/options/A/vouchers/0/confirm",
                Map.of("reference", "x")).status()).isEqualTo(409);
    }

    @Test
    void theCapIsATenantSettingOnlyAnAdminChangesAndEachTenantHasItsOwn() {
        var read = consultant.get("/api/v1/tenant/voucher-policy");
        assertThat(read.status()).as(read.body()).isEqualTo(200);
        assertThat(read.json().path("consultantCapPercent").decimalValue()).isEqualByComparingTo("10");
        assertThat(consultant.put("/api/v1/tenant/voucher-policy", Map.of("consultantCapPercent", 50)).status())
                .isEqualTo(403);
        for (Object bad : new Object[]{-1, 100.01, "1.234", "abc"}) {
            var r = admin.put("/api/v1/tenant/voucher-policy", Map.of("consultantCapPercent", bad));
            assertThat(r.status()).as(bad + ": " + r.body()).isEqualTo(400);
            assertThat(r.json().path("errors").findValuesAsText("field")).as(bad.toString())
                    .contains("consultantCapPercent");
        }
        var none = admin.put("/api/v1/tenant/voucher-policy", Map.of());
        assertThat(none.status()).isEqualTo(400);
        assertThat(none.json().path("errors").findValuesAsText("field")).containsExactly("consultantCapPercent");
        var set = admin.put("/api/v1/tenant/voucher-policy", Map.of("consultantCapPercent", 25));
        assertThat(set.status()).as(set.body()).isEqualTo(200);
        assertThat(consultant.get("/api/v1/tenant/voucher-policy").json().path("consultantCapPercent").decimalValue())
                .isEqualByComparingTo("25");
        TestTenants.TestTenant other = fixtures.tenantWithPrices();
        assertThat(Api.basic(baseUrl(), other.consultantEmail(), TestTenants.PASSWORD)
                .get("/api/v1/tenant/voucher-policy").json().path("consultantCapPercent").decimalValue())
                .isEqualByComparingTo("10");

        // 20 % unconfirmed with a healthy margin: within 25 % → approved at submit; with the cap back at 10 % → waits
        Calc c = Calc.of(2, 12, BigDecimal.ZERO, new BigDecimal("192000"), false);
        assertThat(c.belowFloor()).isFalse();
        assertThat(c.overCap(new BigDecimal("25"))).isFalse();
        String within = createQuote(consultant, project, voucherOption(2, 12, 0, List.of("192000"))).path("id").asText();
        assertThat(submit(consultant, within, null).json().path("status").asText()).isEqualTo("APPROVED");
        admin.put("/api/v1/tenant/voucher-policy", Map.of("consultantCapPercent", 10));
        assertThat(c.overCap(BigDecimal.TEN)).isTrue();
        String over = createQuote(consultant, project, voucherOption(2, 12, 0, List.of("192000"))).path("id").asText();
        assertThat(submit(consultant, over, null).json().path("status").asText()).isEqualTo("PENDING_APPROVAL");
        JsonNode checks = admin.get("/api/v1/quotes/" + over).json().path("options").get(0).path("approvalChecks");
        assertThat(checks.path("vouchersOverCap").asBoolean()).isTrue();
        assertThat(checks.path("marginBelowFloor").asBoolean()).isFalse();
    }

    @Test
    void exactlyAtTheCapIsWithinItAndAFenMoreIsNot() {
        // 10 % of 960,000.00 = 96,000.00
        assertThat(Calc.of(2, 12, BigDecimal.ZERO, new BigDecimal("96000"), false).overCap(BigDecimal.TEN)).isFalse();
        assertThat(Calc.of(2, 12, BigDecimal.ZERO, new BigDecimal("96000.01"), false).overCap(BigDecimal.TEN)).isTrue();
        String at = createQuote(consultant, project, voucherOption(2, 12, 0, List.of("96000"))).path("id").asText();
        assertThat(submit(consultant, at, null).json().path("status").asText()).isEqualTo("APPROVED");
        String above = createQuote(consultant, project, voucherOption(2, 12, 0, List.of("96000.01"))).path("id").asText();
        assertThat(submit(consultant, above, null).json().path("status").asText()).isEqualTo("PENDING_APPROVAL");
    }

    /*
     * 30 % off: net 28,000 a month, each line above its floor (28,000 × 0.95 = 26,600 ≥ 25,000); subtotal 672,000.00;
     * a 9 % voucher (60,480.00, within the cap) leaves 611,520.00 against cost 600,000.00: margin 1.88 % < 5 %.
     */
    @Test
    void anUnconfirmedVoucherWithinTheCapStillCountsAgainstTheMarginFloor() {
        Calc c = Calc.of(2, 12, new BigDecimal("30"), new BigDecimal("60480"), false);
        assertThat(c.overCap(BigDecimal.TEN)).isFalse();
        assertThat(c.belowFloor()).isTrue();
        assertThat(c.margin().signum()).isPositive();
        JsonNode q = createQuote(consultant, project, voucherOption(2, 12, 30, List.of("60480")));
        assertThat(firstLine(q).path("belowFloor").asBoolean()).isFalse();
        String id = q.path("id").asText();
        var submitted = submit(consultant, id, null); // not below cost: no justification needed
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(200);
        assertThat(submitted.json().path("status").asText()).isEqualTo("PENDING_APPROVAL");
        JsonNode o = admin.get("/api/v1/quotes/" + id).json().path("options").get(0);
        assertThat(o.path("margin").path("marginAmount").asText()).isEqualTo(money(c.margin()));
        assertThat(o.path("margin").path("marginPercent").asText()).isEqualTo(c.marginPercent().toPlainString());
        assertThat(o.path("approvalChecks").path("marginBelowFloor").asBoolean()).isTrue();
        assertThat(o.path("approvalChecks").path("belowCost").asBoolean()).isFalse();
        // no second confirmation needed when nothing is below cost (the request of before stays valid)
        assertThat(admin.post("/api/v1/quotes/" + id + "/approve", Map.of("comment", "ok")).status()).isEqualTo(200);
    }
}
