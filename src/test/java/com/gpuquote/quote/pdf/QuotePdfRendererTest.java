package com.gpuquote.quote.pdf;

import com.gpuquote.CalendarTest;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.pricing.InstanceFacts;
import com.gpuquote.quote.OptionName;
import com.gpuquote.quote.OptionView;
import com.gpuquote.quote.PricePoint;
import com.gpuquote.quote.pricing.PricedQuote;
import com.gpuquote.quote.pricing.PricingPolicy;
import com.gpuquote.quote.domain.QuoteLine;
import com.gpuquote.quote.domain.QuoteOption;
import com.gpuquote.quote.pricing.QuotePricer;
import com.gpuquote.quote.ServiceLine;
import com.gpuquote.shared.I18n;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The renderer on its own (pure domain input): Chinese text, labels per language, page breaks, no cost. */
@CalendarTest
class QuotePdfRendererTest {

    private static final String REGION = "cn-beijing";
    /** Distinctive cost unit price: must never show up in the PDF. */
    private static final String COST = "4321.9876";

    private final QuotePricer pricer = new QuotePricer(
            (type, region, mode) -> mode == BillingMode.YEARLY ? Optional.empty()
                    : Optional.of(new PricePoint(new BigDecimal(mode == BillingMode.MONTHLY ? "50000" : "88.8800"),
                    new BigDecimal(COST))),
            type -> Optional.of(new InstanceFacts(type, "ml.gn", "H800", 8)),
            new PricingPolicy(new BigDecimal("0.15"), new BigDecimal("0.06")));

    private List<OptionView> options(int linesPerOption) {
        List<QuoteLine> a = new ArrayList<>();
        for (int i = 0; i < linesPerOption; i++) {
            a.add(QuoteLine.of("ml.gn8x-" + i, REGION, BillingMode.MONTHLY, 2, 12));
        }
        QuoteOption optionA = QuoteOption.of(OptionName.A, a, List.of(ServiceLine.oneTime("部署服务", "8000.00"),
                ServiceLine.monthly("7×24 运维", "1200.00")));
        QuoteOption optionB = QuoteOption.of(OptionName.B,
                List.of(QuoteLine.of("ml.gn8x-h", REGION, BillingMode.HOURLY, 1, 6)), List.of());
        PricedQuote priced = pricer.price(List.of(optionA, optionB), null, LocalDate.of(2026, 3, 1));
        return priced.consultantView();
    }

    private QuotePdfData data(String customer, Locale locale, List<OptionView> options) {
        return new QuotePdfData("三飞云科技", null, customer, locale, "Q-2026-0042", 2, LocalDate.of(2026, 3, 1),
                LocalDate.of(2026, 3, 31), "CNY", options, null);
    }

    @Test
    void chineseQuoteHasCustomerNumberTotalsAndNoCost() throws IOException {
        List<OptionView> options = options(2);
        byte[] pdf = new QuotePdfRenderer().render(data("北京深度求索人工智能有限公司", I18n.CHINESE, options));
        java.nio.file.Files.write(java.nio.file.Path.of("target", "quote-sample-zh.pdf"), pdf);
        String text = text(pdf);
        assertThat(text).contains("北京深度求索人工智能有限公司", "Q-2026-0042", "三飞云科技", "报价单", "方案 A", "方案 B",
                "总计（含税）", "计费方式对比", "部署服务");
        // by hand, list prices, no agreement, VAT 6 %:
        // A = 2 lines x (50,000 x 2 instances x 12 months) + 8,000 once + 1,200 x 12 months = 2,422,400.00 net
        //     -> x 1.06 = 2,567,744.00
        // B = 88.88 per hour x 730 hours x 6 months = 389,294.40 net -> x 1.06 = 412,652.064 -> 412,652.06
        assertThat(text).contains("2,567,744.00", "412,652.06");
        assertThat(text).doesNotContain("4321", "4,321");
    }

    @Test
    void theDocumentCarriesTheBuyerTheTotalInCapitalsSignaturesAndTheNumberOnEveryPage() throws IOException {
        List<OptionView> options = options(40); // long enough for several pages
        QuotePdfData base = data("北京深度求索人工智能有限公司", I18n.CHINESE, options);
        QuotePdfData withBuyer = new QuotePdfData(base.tenantName(), null, base.customerName(), base.locale(),
                base.quoteNumber(), base.version(), base.issuedOn(), base.validUntil(), base.currency(), options, null,
                new QuotePdfData.Buyer("北京深度求索人工智能有限公司", "91110108MA01AB2C3D", "北京市海淀区中关村大街 1 号",
                        "张三 · 010-1234"), false,
                new QuotePdfData.Seller("北京三飞云科技有限公司", "91110108MA01FE3Y7U", "北京市海淀区中关村软件园 8 号楼",
                        "010-6288 0000", "招商银行北京中关村支行", "1109 0000 0000 0001", "李顾问"));
        byte[] pdf = new QuotePdfRenderer().render(withBuyer);
        String text = text(pdf);
        assertThat(text).contains("报价方：北京三飞云科技有限公司", "统一社会信用代码：91110108MA01FE3Y7U",
                "开户银行：招商银行北京中关村支行", "账号：1109 0000 0000 0001", "客户经理：李顾问");
        assertThat(text).contains("统一社会信用代码：91110108MA01AB2C3D", "北京市海淀区中关村大街 1 号", "张三 · 010-1234");
        // the grand total of option B in capitals, written by hand: 412,652.06 (see the first test)
        assertThat(text).contains("大写金额（含税）").contains("肆拾壹万贰仟陆佰伍拾贰元零陆分");
        assertThat(text).contains("报价方（盖章）  北京三飞云科技有限公司", "客户方（盖章）", "盖章处：", "授权代表签字：");
        assertThat(text).doesNotContain("草稿");
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            assertThat(doc.getNumberOfPages()).isGreaterThan(1);
            for (int page = 1; page <= doc.getNumberOfPages(); page++) {
                PDFTextStripper one = new PDFTextStripper();
                one.setStartPage(page);
                one.setEndPage(page);
                assertThat(one.getText(doc)).as("page " + page).contains("Q-2026-0042 · 第 2 版")
                        .contains("第 " + page + " 页 / 共 " + doc.getNumberOfPages() + " 页");
            }
        }
    }

    @Test
    void aQuoteNotYetApprovedOrSentIsMarkedDraftOnEveryPage() throws IOException {
        List<OptionView> options = options(40);
        QuotePdfData base = data("Acme Robotics Ltd.", Locale.ENGLISH, options);
        byte[] pdf = new QuotePdfRenderer().render(new QuotePdfData(base.tenantName(), null, base.customerName(),
                base.locale(), base.quoteNumber(), base.version(), base.issuedOn(), base.validUntil(), base.currency(),
                options, null, null, true));
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            for (int page = 1; page <= doc.getNumberOfPages(); page++) {
                PDFTextStripper one = new PDFTextStripper();
                one.setStartPage(page);
                one.setEndPage(page);
                assertThat(one.getText(doc)).as("page " + page).contains("DRAFT");
            }
        }
        assertThat(text(pdf)).as("English documents have no capital numerals").doesNotContain("大写");
    }

    @Test
    void englishCustomerGetsEnglishLabels() throws IOException {
        String text = text(new QuotePdfRenderer().render(data("Acme Robotics Ltd.", Locale.ENGLISH, options(1))));
        assertThat(text).contains("Acme Robotics Ltd.", "Quotation", "Option A", "Grand total (incl. VAT)",
                "Billing mode comparison", "Valid until");
        assertThat(text).doesNotContain("报价单", "总计");
    }

    @Test
    void longQuoteBreaksPages() throws IOException {
        byte[] pdf = new QuotePdfRenderer().render(data("长报价客户", I18n.CHINESE, options(60)));
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            assertThat(doc.getNumberOfPages()).isGreaterThan(1);
        }
        String text = text(pdf);
        assertThat(text).contains("ml.gn8x-0", "ml.gn8x-59", "第 1 页");
    }

    static String text(byte[] pdf) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            return new PDFTextStripper().getText(doc);
        }
    }
}
