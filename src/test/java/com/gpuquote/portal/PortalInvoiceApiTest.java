package com.gpuquote.portal;

import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.SignedIn;
import com.gpuquote.TestTenants;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.shared.CreditCode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 16: invoice details (开票信息) given with the acceptance through {@code POST /portal/api/{token}/accept}:
 * validated (every bad field named {@code invoice.*}, nothing stored, the quote not accepted), kept with the
 * acceptance, shown to the reseller, exported in the orders CSV, and invisible to other tenants.
 */
class PortalInvoiceApiTest extends IntegrationTest {

    /**
     * A valid unified social credit code. GB 32100-2015 check character: weights 3^i mod 31 for positions 1–17 =
     * 1 3 9 27 19 26 16 17 20 29 25 13 8 24 10 30 28; the characters' values (0–9, then A=10 … H=17, J=18 … N=22,
     * P=23, Q=24, R=25, T=26, U=27, W=28, X=29, Y=30) of 9 1 3 5 0 1 0 0 M 0 0 0 1 0 0 Y 4 are
     * 9 1 3 5 0 1 0 0 21 0 0 0 1 0 0 30 4; the sum of the products is
     * 9 + 3 + 27 + 135 + 0 + 26 + 0 + 0 + 420 + 0 + 0 + 0 + 8 + 0 + 0 + 900 + 112 = 1640; 1640 mod 31 = 28 and
     * 31 − 28 = 3, so the 18th character is '3'.
     */
    static final String VALID = "91350100M000100Y43";
    /** The same code with the check character 4 instead of 3 (see {@link #VALID}): must be refused. */
    static final String BAD_CHECK = "91350100M000100Y44";
    /**
     * Another valid code: 9 1 3 1 0 0 0 0 M A 1 F L 8 T Q 3 → 9 1 3 1 0 0 0 0 21 10 1 15 20 8 26 24 3, products
     * 9 + 3 + 27 + 27 + 0 + 0 + 0 + 0 + 420 + 290 + 25 + 195 + 160 + 192 + 260 + 720 + 84 = 2412; 2412 mod 31 = 25,
     * 31 − 25 = 6.
     */
    static final String VALID_2 = "91310000MA1FL8TQ36";

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    PortalThrottle throttle;
    @Autowired
    PortalOrders portalOrders;
    @Autowired
    SignedIn signedIn;

    Api anonymous;

    @BeforeEach
    void setUp() {
        throttle.reset("127.0.0.1");
        anonymous = Api.anonymous(baseUrl());
    }

    static Map<String, Object> accept(String optionId, Map<String, Object> invoice) {
        Map<String, Object> body = new HashMap<>(PortalApiTest.accept(optionId));
        if (invoice != null) {
            body.put("invoice", invoice);
        }
        return body;
    }

    static Map<String, Object> special() {
        Map<String, Object> i = new HashMap<>();
        i.put("type", "SPECIAL");
        i.put("title", "深度智算科技有限公司");
        i.put("taxId", VALID);
        i.put("address", "北京市海淀区中关村大街 1 号");
        i.put("phone", "010-12345678");
        i.put("bank", "招商银行北京分行");
        i.put("account", "110912345610101");
        return i;
    }

    @Test
    void theCodesInTheseTestsAreWhatTheSharedCheckSays() {
        assertThat(CreditCode.isValid(VALID)).isTrue();
        assertThat(CreditCode.isValid(VALID_2)).isTrue();
        assertThat(CreditCode.isValid(BAD_CHECK)).isFalse();
    }

    @Test
    void aSpecialInvoiceIsStoredWithTheAcceptanceShownToTheResellerAndExported() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        var ok = anonymous.post("/portal/api/" + s.token() + "/accept", accept(s.optionId("B"), special()));
        assertThat(ok.status()).as(ok.body()).isEqualTo(200);
        assertThat(ok.json().path("status").asText()).isEqualTo("ACCEPTED");
        var echoed = ok.json().path("acceptance").path("invoice");
        assertThat(echoed.path("type").asText()).isEqualTo("SPECIAL");
        assertThat(echoed.path("taxId").asText()).isEqualTo(VALID);
        assertThat(echoed.path("bank").asText()).isEqualTo("招商银行北京分行");

        String consultant = s.tenant().consultantEmail();
        Acceptance a = signedIn.as(consultant, () -> portalOrders.acceptance(s.quoteId())).orElseThrow();
        assertThat(a.invoice()).isEqualTo(new InvoiceDetails(InvoiceType.SPECIAL, "深度智算科技有限公司", VALID,
                "北京市海淀区中关村大街 1 号", "010-12345678", "招商银行北京分行", "110912345610101"));
        OrderSummary order = signedIn.as(consultant, () -> portalOrders.order(s.quoteId())).orElseThrow();
        assertThat(order.invoice()).isEqualTo(a.invoice());

        String csv = signedIn.as(consultant, () -> portalOrders.ordersCsv());
        List<String> lines = csv.lines().toList();
        assertThat(lines.get(0)).endsWith(",currency,invoice_type,invoice_title,invoice_tax_id,invoice_address,"
                + "invoice_phone,invoice_bank,invoice_account");
        // option B: one instance line and one service line, each closing with the order's invoice columns
        assertThat(lines).hasSize(3);
        for (String line : lines.subList(1, 3)) {
            assertThat(line).endsWith(",CNY,SPECIAL,深度智算科技有限公司," + VALID + ",北京市海淀区中关村大街 1 号,"
                    + "010-12345678,招商银行北京分行,110912345610101");
        }
        assertThat(audit(s)).contains("\"invoice\": \"SPECIAL\"");
    }

    @Test
    void aNormalInvoiceNeedsOnlyTitleAndTaxIdWhichIsUpperCasedWithoutSpaces() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        var ok = anonymous.post("/portal/api/" + s.token() + "/accept", accept(s.optionId("A"),
                Map.of("type", "NORMAL", "title", "  上海算力有限公司 ", "taxId", "91310000ma1fl8tq 36")));
        assertThat(ok.status()).as(ok.body()).isEqualTo(200);
        InvoiceDetails invoice = signedIn.as(s.tenant().consultantEmail(), () -> portalOrders.acceptance(s.quoteId()))
                .orElseThrow().invoice();
        assertThat(invoice).isEqualTo(new InvoiceDetails(InvoiceType.NORMAL, "上海算力有限公司", VALID_2, null, null,
                null, null));
        String csv = signedIn.as(s.tenant().consultantEmail(), () -> portalOrders.ordersCsv());
        assertThat(csv.lines().skip(1).toList()).singleElement().asString()
                .endsWith(",CNY,NORMAL,上海算力有限公司," + VALID_2 + ",,,,");
    }

    @Test
    void aBadCheckCharacterIs400NamingInvoiceTaxIdAndNothingIsAccepted() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        Map<String, Object> invoice = special();
        invoice.put("taxId", BAD_CHECK);
        var bad = anonymous.post("/portal/api/" + s.token() + "/accept", accept(s.optionId("B"), invoice));
        assertThat(bad.status()).as(bad.body()).isEqualTo(400);
        assertThat(fields(bad)).containsExactly("invoice.taxId");
        assertNotAccepted(s);
    }

    @Test
    void aSpecialInvoiceWithoutBankIs400NamingInvoiceBankAndNothingIsAccepted() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        Map<String, Object> invoice = special();
        invoice.remove("bank");
        var bad = anonymous.post("/portal/api/" + s.token() + "/accept", accept(s.optionId("B"), invoice));
        assertThat(bad.status()).as(bad.body()).isEqualTo(400);
        assertThat(fields(bad)).containsExactly("invoice.bank");
        assertNotAccepted(s);
    }

    @Test
    void everyBadInvoiceFieldIsNamedAtOnce() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        Map<String, Object> invoice = new HashMap<>();
        invoice.put("type", "SPECIAL");
        invoice.put("title", " ");
        invoice.put("address", "第一行\n第二行");
        invoice.put("phone", "1".repeat(51));
        invoice.put("account", "6222 0000");
        var bad = anonymous.post("/portal/api/" + s.token() + "/accept", accept(s.optionId("B"), invoice));
        assertThat(bad.status()).as(bad.body()).isEqualTo(400);
        assertThat(fields(bad)).containsExactlyInAnyOrder("invoice.title", "invoice.taxId", "invoice.address",
                "invoice.phone", "invoice.bank");
        var badType = anonymous.post("/portal/api/" + s.token() + "/accept", accept(s.optionId("B"),
                Map.of("type", "VAT", "title", "某公司", "taxId", VALID)));
        assertThat(badType.status()).as(badType.body()).isEqualTo(400);
        assertThat(fields(badType)).containsExactly("invoice.type");
        assertNotAccepted(s);
    }

    @Test
    void withoutInvoiceTheAcceptanceIsAsBeforeAndExportsEmptyInvoiceColumns() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        var ok = anonymous.post("/portal/api/" + s.token() + "/accept", PortalApiTest.accept(s.optionId("A")));
        assertThat(ok.status()).as(ok.body()).isEqualTo(200);
        assertThat(ok.json().path("acceptance").path("invoice").isNull()
                || ok.json().path("acceptance").path("invoice").isMissingNode()).isTrue();
        assertThat(signedIn.as(s.tenant().consultantEmail(), () -> portalOrders.acceptance(s.quoteId())).orElseThrow()
                .invoice()).isNull();
        String csv = signedIn.as(s.tenant().consultantEmail(), () -> portalOrders.ordersCsv());
        assertThat(csv.lines().skip(1).toList()).singleElement().asString().endsWith(",CNY,,,,,,,");
        // an explicit null is the same as no invoice
        PortalFixtures.Sent t = fixtures.sentQuote();
        Map<String, Object> body = new HashMap<>(PortalApiTest.accept(t.optionId("A")));
        body.put("invoice", null);
        assertThat(anonymous.post("/portal/api/" + t.token() + "/accept", body).status()).isEqualTo(200);
    }

    @Test
    void anotherTenantNeverSeesTheInvoiceDetails() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        assertThat(anonymous.post("/portal/api/" + s.token() + "/accept", accept(s.optionId("B"), special())).status())
                .isEqualTo(200);
        TestTenants.TestTenant other = fixtures.tenantWithPrices();
        PortalFixtures.Sent theirs = fixtures.sentQuote(other, "zh-CN");
        assertThat(anonymous.post("/portal/api/" + theirs.token() + "/accept", PortalApiTest.accept(theirs.optionId("A")))
                .status()).isEqualTo(200);

        String stranger = other.consultantEmail();
        assertThat(signedIn.as(stranger, () -> portalOrders.acceptance(s.quoteId()))).isEmpty();
        assertThat(signedIn.as(stranger, () -> portalOrders.order(new QuoteId(s.quoteId().value())))).isEmpty();
        assertThat(signedIn.as(stranger, () -> portalOrders.orders(0, 500))).extracting(OrderSummary::quoteId)
                .containsExactly(theirs.quoteId().value());
        assertThat(signedIn.as(stranger, () -> portalOrders.ordersCsv())).doesNotContain(VALID).doesNotContain("深度智算科技");
        // RLS: in the other tenant's scope, and with no tenant at all, the row does not exist
        assertThat(fixtures.inTenant(other.tenant().id(), () -> countWithTaxId(VALID))).isZero();
        assertThat(fixtures.inTenant(null, () -> countWithTaxId(VALID))).as("no tenant set").isZero();
        assertThat(fixtures.inTenant(s.tenantId(), () -> countWithTaxId(VALID))).isEqualTo(1);
        // the other tenant's staff API answers 404 for the quote
        Api theirApi = Api.basic(baseUrl(), stranger, TestTenants.PASSWORD);
        assertThat(theirApi.get("/api/v1/quotes/" + s.quoteId()).status()).isEqualTo(404);
    }

    @Test
    void theDatabaseRefusesASpecialInvoiceWithoutBankEvenPastTheService() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> fixtures.inTenant(s.tenantId(), () -> fixtures.jdbc()
                        .sql("""
                                insert into portal_acceptances (tenant_id, id, quote_id, option_id, option_name, signer_name,
                                    signer_email, snapshot, snapshot_sha256, invoice_type, invoice_title, invoice_tax_id,
                                    invoice_address, invoice_phone, invoice_account)
                                values (?, gen_random_uuid(), ?, gen_random_uuid(), 'A', '张三', 'zhang@customer.example',
                                    '{}', ?, 'SPECIAL', '某公司', ?, '北京', '010-1', '6222')""")
                        .params(s.tenantId().value(), s.quoteId().value(), new byte[32], VALID).update()))
                .isInstanceOf(org.springframework.dao.DataIntegrityViolationException.class)
                .hasMessageContaining("portal_acceptances_invoice");
    }

    @Test
    void everyInvoiceLabelAndMessageIsInBothLanguages() throws java.io.IOException {
        java.util.Properties zh = bundle("i18n/portal.properties");
        java.util.Properties en = bundle("i18n/portal_en.properties");
        List<String> keys = zh.stringPropertyNames().stream()
                .filter(k -> k.contains("invoice")).sorted().toList();
        assertThat(keys).contains("portal.invoice.type.SPECIAL", "portal.invoice.type.NORMAL", "field.invoice.taxId",
                "error.portal.invoice.taxId", "error.portal.invoice.tooLong", "portal.orders.invoice");
        assertThat(en.stringPropertyNames().stream().filter(k -> k.contains("invoice")).sorted().toList())
                .isEqualTo(keys);
    }

    private static java.util.Properties bundle(String path) throws java.io.IOException {
        java.util.Properties p = new java.util.Properties();
        try (var in = PortalInvoiceApiTest.class.getClassLoader().getResourceAsStream(path)) {
            p.load(new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8));
        }
        return p;
    }

    private int countWithTaxId(String taxId) {
        return fixtures.jdbc().sql("select count(*) from portal_acceptances where invoice_tax_id = ?").param(taxId)
                .query(Integer.class).single();
    }

    private void assertNotAccepted(PortalFixtures.Sent s) {
        var view = anonymous.get("/portal/api/" + s.token());
        assertThat(view.json().path("status").asText()).isEqualTo("VIEWED");
        assertThat(view.json().path("acceptance").isNull() || view.json().path("acceptance").isMissingNode()).isTrue();
        assertThat(fixtures.inTenant(s.tenantId(), () -> fixtures.jdbc()
                .sql("select count(*) from portal_acceptances where quote_id = ?").param(s.quoteId().value())
                .query(Integer.class).single())).isZero();
    }

    private String audit(PortalFixtures.Sent s) {
        return fixtures.inTenant(s.tenantId(), () -> fixtures.jdbc()
                .sql("select details::text from audit_events where action = 'QUOTE_ACCEPTED' and entity_id = ?")
                .param(s.quoteId().toString()).query(String.class).single());
    }

    private static List<String> fields(Api.Response r) {
        List<String> fields = new java.util.ArrayList<>();
        r.json().path("errors").forEach(e -> fields.add(e.path("field").asText()));
        return fields;
    }
}
