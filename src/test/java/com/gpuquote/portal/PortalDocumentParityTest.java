package com.gpuquote.portal;

import com.gpuquote.CalendarTest;
import com.gpuquote.KaribuTest;
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
import com.gpuquote.tenancy.TenantProfile;
import com.gpuquote.tenancy.TenantService;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * ADR 1601 / issue 16: the portal page and the customer's PDF are one document. For a hand-computed quote the page
 * (Karibu) says exactly what PDFBox extracts from the PDF of the same link: seller and buyer blocks, each line's
 * hardware and fit, the line amounts without and with VAT, each option's net and gross totals and the total in capital
 * numerals; and neither shows the reseller's rebate.
 */
@CalendarTest
class PortalDocumentParityTest extends KaribuTest {

    static final String SELLER_CODE = "91110108MA01FE3Y7U";
    static final String BUYER_CODE = "91350100M000100Y43";

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    PortalThrottle throttle;
    @Autowired
    CustomerPortal customerPortal;
    @Autowired
    AsUser as;
    @Autowired
    TenantService tenants;
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
        logout();
    }

    /*
     * Fixture prices (VAT 6 %):
     * A: 2 × ecs.gni2.3xlarge HOURLY 8.0000 × 730 h = 11,680.00 a month, 12 months = 140,160.00 (subtotal);
     *    VAT 8,409.60; total 148,569.60 = 壹拾肆万捌仟伍佰陆拾玖元陆角整.
     * B: 4 × MONTHLY 5,000.0000 = 20,000.00 a month, 12 months = 240,000.00 (line with VAT 254,400.00);
     *    + one-time 3,000.00 = 243,000.00; VAT 14,580.00; total 257,580.00 = 贰拾伍万柒仟伍佰捌拾元整.
     * ecs.gni2.3xlarge (catalog V11): 1 × A10-PCIE-24GB, 14 vCPU, 56 GiB RAM, no local disk, 8 Gbps.
     */
    @Test
    void thePageSaysWhatThePdfSaysForOneQuote() throws Exception {
        TestTenants.TestTenant t = fixtures.tenantWithPrices();
        as.run(t.adminEmail(), () -> tenants.updateProfile(new TenantProfile("北京三飞测试科技有限公司", SELLER_CODE,
                "北京市海淀区中关村软件园 8 号楼", "010-12345678", "招商银行北京分行", "110912345610101")));
        Customer c = as.call(t.consultantEmail(), () -> customers.create(new CustomerDraft(
                "深度智算 " + UUID.randomUUID().toString().substring(0, 6), BUYER_CODE, "北京市海淀区中关村大街 1 号",
                "zh-CN", "", List.of(new Contact("张三", "zhang@customer.example", null, "CTO")), null)));
        PortalFixtures.Sent s = fixtures.sentQuote(t, c);

        UI.getCurrent().navigate("portal/q/" + s.token());
        String pdf = pdfText(customerPortal.pdf(s.token()).bytes());

        // seller and buyer blocks
        List<String> seller = _find(Paragraph.class, p -> p.withClasses("portal-seller")).stream()
                .map(Paragraph::getText).toList();
        assertThat(seller).containsExactly(
                "报价方：北京三飞测试科技有限公司    统一社会信用代码：" + SELLER_CODE
                        + "    地址：北京市海淀区中关村软件园 8 号楼    电话：010-12345678",
                "开户银行：招商银行北京分行    账号：110912345610101");
        String buyer = _get(Paragraph.class, p -> p.withClasses("portal-buyer")).getText();
        assertThat(buyer).isEqualTo("统一社会信用代码：" + BUYER_CODE
                + "    地址：北京市海淀区中关村大街 1 号    联系人：张三 · zhang@customer.example");
        for (String line : List.of(seller.get(0), seller.get(1), buyer,
                _get(Paragraph.class, p -> p.withClasses("portal-customer")).getText(),
                _get(Paragraph.class, p -> p.withClasses("portal-validity-date")).getText())) {
            assertThat(squash(pdf)).as(line).contains(squash(line));
        }

        // what each line is
        String hardware = "1 × A10-PCIE-24GB（每卡显存 24 GiB） · 14 vCPU · 内存 56 GiB · 网络 8 Gbps";
        assertThat(spans("B", "portal-hardware")).containsExactly(hardware);
        assertThat(spans("A", "portal-hardware")).containsExactly(hardware);
        assertThat(spans("A", "portal-fit"))
                .containsExactly("测算：每卡显存需求 19.5 GiB / 24 GiB（81.3 %），主机内存 40.0 / 92 GiB");
        for (String text : List.of(hardware, spans("A", "portal-fit").get(0), spans("A", "portal-plan").get(0),
                spans("A", "portal-estimate").get(0))) {
            assertThat(squash(pdf)).as(text).contains(squash(text));
        }

        // each line's term amount without and with VAT, side by side, and the same figures in the PDF's line row
        assertThat(amounts("A", "portal-term-net")).containsExactly("140,160.00");
        assertThat(amounts("A", "portal-term-gross")).containsExactly("148,569.60");
        assertThat(amounts("B", "portal-term-net")).containsExactly("240,000.00");
        assertThat(amounts("B", "portal-term-gross")).containsExactly("254,400.00");
        assertThat(pdfLine(pdf, "ecs.gni2.3xlarge cn-beijing 按量（小时）")).endsWith("140,160.00 148,569.60");
        assertThat(pdfLine(pdf, "ecs.gni2.3xlarge cn-beijing 包月")).endsWith("240,000.00 254,400.00");

        // per option: net (不含税) and gross (含税) totals and the capital numerals, as the PDF's summary rows
        assertThat(total("A", "quote.totals.subtotal")).isEqualTo("140,160.00");
        assertThat(total("B", "quote.totals.subtotal")).isEqualTo("243,000.00");
        assertThat(total("A", "quote.totals.grandTotal")).isEqualTo("148,569.60");
        assertThat(total("B", "quote.totals.grandTotal")).isEqualTo("257,580.00");
        assertThat(total("A", "quote.pdf.totalInWords")).isEqualTo("壹拾肆万捌仟伍佰陆拾玖元陆角整");
        assertThat(total("B", "quote.pdf.totalInWords")).isEqualTo("贰拾伍万柒仟伍佰捌拾元整");
        for (String key : List.of("quote.totals.subtotal", "quote.totals.grandTotal", "quote.pdf.totalInWords")) {
            assertThat(pdfLine(pdf, label("A", key))).isEqualTo(label("A", key) + " " + total("A", key) + " "
                    + total("B", key));
        }
        assertThat(label("A", "quote.totals.subtotal")).isEqualTo("小计（不含税）");
        assertThat(label("A", "quote.totals.grandTotal")).isEqualTo("总计（含税）");
        assertThat(label("A", "quote.pdf.totalInWords")).isEqualTo("大写金额（含税）");
    }

    /*
     * One option: 2 × A10 HOURLY 12 months at list 140,160.00; voucher 8,000.00 → 132,160.00; VAT 6 % 7,929.60;
     * total 140,089.60. The 12.5 % rebate (17,520.00) is the reseller's and never the customer's.
     */
    @Test
    void thePageShowsTheVoucherStepAndNeverTheRebate() {
        TestTenants.TestTenant t = fixtures.tenantWithPrices();
        String token = as.call(t.adminEmail(), () -> {
            Customer c = customers.create(new CustomerDraft("渠道客户 " + UUID.randomUUID().toString().substring(0, 6),
                    null, "", "zh-CN", "", List.of(new Contact("张三", "zhang@customer.example", null, "CTO")), null));
            Project p = projects.create(new ProjectDraft(c.id(), "推理集群", ""));
            QuoteDetails q = quoteDrafting.create(new NewQuote(p.id(), null, List.of(new QuoteInput.Option("A",
                    List.of(QuoteInput.Line.of(PortalFixtures.A10, "cn-beijing", BillingMode.HOURLY, 2, 12)), List.of(),
                    null, null, List.of(new QuoteInput.VoucherInput("火山引擎新客代金券", new BigDecimal("8000"))),
                    new BigDecimal("12.5")))));
            quoteWorkflow.submit(q.id());
            String url = quoteWorkflow.sendWithLink(q.id()).portalUrl();
            return url.substring(url.indexOf("/portal/q/") + "/portal/q/".length());
        });
        UI.getCurrent().navigate("portal/q/" + token);
        Div a = _get(Div.class, d -> d.withId("portal-option-A"));
        assertThat(_find(a, Div.class, d -> d.withClasses("portal-voucher")))
                .singleElement().satisfies(v -> assertThat(v.getElement().getTextRecursively())
                        .isEqualTo("火山引擎新客代金券-8,000.00"));
        assertThat(total("A", "quote.totals.netAfterVouchers")).isEqualTo("132,160.00");
        assertThat(total("A", "quote.totals.grandTotal")).isEqualTo("140,089.60");
        String page = _get(Div.class, d -> d.withId("portal-options")).getElement().getTextRecursively();
        assertThat(page).doesNotContain("返点").doesNotContain("17,520.00").doesNotContain("12.5");
    }

    /** An English customer's page and PDF speak English, without capital numerals; the JSON answer is unchanged. */
    @Test
    void anEnglishCustomersPageIsTheEnglishDocument() throws Exception {
        PortalFixtures.Sent s = fixtures.sentQuote(fixtures.tenantWithPrices(), "en");
        UI.getCurrent().navigate("portal/q/" + s.token());
        String pdf = pdfText(customerPortal.pdf(s.token()).bytes());
        String hardware = "1 × A10-PCIE-24GB (24 GiB each) · 14 vCPU · 56 GiB RAM · 8 Gbps network";
        assertThat(spans("B", "portal-hardware")).containsExactly(hardware);
        assertThat(squash(pdf)).contains(squash(hardware));
        assertThat(label("B", "quote.totals.grandTotal")).isEqualTo("Grand total (incl. VAT)");
        assertThat(pdfLine(pdf, "Grand total (incl. VAT)")).isEqualTo("Grand total (incl. VAT) "
                + total("A", "quote.totals.grandTotal") + " " + total("B", "quote.totals.grandTotal"));
        assertThat(total("B", "quote.totals.grandTotal")).isEqualTo("257,580.00");
        assertThat(_find(Div.class, d -> d.withClasses("portal-total-in-words"))).isEmpty();
        assertThat(pdf).doesNotContain("大写");

        var json = com.gpuquote.Api.anonymous(baseUrl()).get("/portal/api/" + s.token());
        assertThat(json.status()).isEqualTo(200);
        assertThat(json.json().has("document")).as("the document stays out of the JSON contract").isFalse();
        assertThat(json.json().path("quote").path("options").get(1).path("totals").path("grandTotal").decimalValue())
                .isEqualByComparingTo("257580.00");
    }

    private static List<String> spans(String option, String className) {
        Div card = _get(Div.class, d -> d.withId("portal-option-" + option));
        return _find(card, Span.class, sp -> sp.withClasses(className)).stream().map(Span::getText).toList();
    }

    private static List<String> amounts(String option, String className) {
        Div card = _get(Div.class, d -> d.withId("portal-option-" + option));
        return _find(card, Div.class, d -> d.withClasses(className)).stream()
                .map(d -> _get(d, Span.class, sp -> sp.withClasses("portal-amount")).getText()).toList();
    }

    private static Div totalRow(String option, String key) {
        Div card = _get(Div.class, d -> d.withId("portal-option-" + option));
        return _find(card, Div.class, d -> d.withClasses("portal-row")).stream()
                .filter(d -> key.equals(d.getElement().getAttribute("data-key"))).findFirst().orElseThrow();
    }

    private static String total(String option, String key) {
        return cell(totalRow(option, key), 1);
    }

    private static String label(String option, String key) {
        return cell(totalRow(option, key), 0);
    }

    private static String cell(Div row, int index) {
        Component c = row.getChildren().toList().get(index);
        return ((Span) c).getText();
    }

    /** The PDF line that starts with {@code start}, whitespace runs as one space. */
    private static String pdfLine(String pdf, String start) {
        return Arrays.stream(pdf.split("\\R")).map(l -> l.strip().replaceAll("\\s+", " "))
                .filter(l -> l.startsWith(start)).findFirst()
                .orElseThrow(() -> new AssertionError("no PDF line starts with " + start + ":\n" + pdf));
    }

    /** Without whitespace: a paragraph wraps in the PDF where it does not on the page. */
    private static String squash(String text) {
        return text.replaceAll("\\s+", "");
    }

    private static String pdfText(byte[] pdf) throws Exception {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            return new PDFTextStripper().getText(doc);
        }
    }
}
