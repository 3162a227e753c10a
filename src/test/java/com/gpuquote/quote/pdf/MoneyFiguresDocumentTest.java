package com.gpuquote.quote.pdf;

import com.gpuquote.CalendarTest;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.pricing.agreement.Agreement;
import com.gpuquote.pricing.agreement.AgreementRule.FixedPrice;
import com.gpuquote.quote.LineView;
import com.gpuquote.quote.OptionName;
import com.gpuquote.quote.OptionView;
import com.gpuquote.quote.PricePoint;
import com.gpuquote.quote.domain.QuoteLine;
import com.gpuquote.quote.domain.QuoteOption;
import com.gpuquote.quote.pricing.InstanceFacts;
import com.gpuquote.quote.pricing.PricingPolicy;
import com.gpuquote.quote.pricing.QuotePricer;
import com.gpuquote.shared.I18n;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.DataFormatter;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** Figures of one option as the pricer computes them and the PDF prints them, each worked out by hand below. */
@CalendarTest
class MoneyFiguresDocumentTest {

    private static final String REGION = "cn-beijing";

    /** List prices: "yr" 809,871.7986 a year, "mo" 10,000.00 a month. */
    private final QuotePricer pricer = new QuotePricer(
            (type, region, mode) -> type.equals("yr") && mode == BillingMode.YEARLY
                    ? Optional.of(new PricePoint(new BigDecimal("809871.7986"), BigDecimal.ONE))
                    : type.equals("mo") && mode == BillingMode.MONTHLY
                    ? Optional.of(new PricePoint(new BigDecimal("10000.0000"), BigDecimal.ONE)) : Optional.empty(),
            type -> Optional.of(new InstanceFacts(type, "ml.gn", "H800", 8)),
            new PricingPolicy(new BigDecimal("0.15"), new BigDecimal("0.06")));

    private OptionView option(QuoteLine line, Agreement agreement) {
        return pricer.price(List.of(QuoteOption.of(OptionName.A, List.of(line), List.of())), agreement,
                LocalDate.of(2026, 3, 1)).consultantView().get(0);
    }

    private static QuotePdfData data(OptionView option, Locale locale) {
        return new QuotePdfData("三飞云科技", null, "客户", locale, "Q-2026-0001", 1, LocalDate.of(2026, 3, 1),
                LocalDate.of(2026, 3, 31), "CNY", List.of(option), null);
    }

    private static String pdf(OptionView option, Locale locale) throws IOException {
        return QuotePdfRendererTest.text(new QuotePdfRenderer().render(data(option, locale)));
    }

    @Test
    void aYearlyLinesTermIsUnitPriceTimesQuantityTimesYearsRoundedOnce() throws IOException {
        OptionView option = option(QuoteLine.of("yr", REGION, BillingMode.YEARLY, 1, 36), null);
        LineView line = option.lines().get(0);
        // 809,871.7986 × 1 × 3 years = 2,429,615.3958 → 2,429,615.40 (not 36 × 67,489.32 = 2,429,615.52)
        assertThat(line.termAmount()).isEqualByComparingTo("2429615.40");
        assertThat(option.totals().termNet()).isEqualByComparingTo("2429615.40");
        // VAT 6 %: 145,776.924 → 145,776.92; total 2,575,392.32
        assertThat(option.totals().grandTotal()).isEqualByComparingTo("2575392.32");
        assertThat(pdf(option, I18n.CHINESE)).contains("2,429,615.40", "2,575,392.32").doesNotContain("2,429,615.52");
    }

    @Test
    void unitPricesAreReadInFenWhileTheWorkbookKeepsTheEnginesFourDecimals() throws IOException {
        OptionView option = option(QuoteLine.of("yr", REGION, BillingMode.YEARLY, 1, 36), null);
        // 809,871.7986 half-up to the fen: 809,871.80
        assertThat(pdf(option, I18n.CHINESE)).contains("809,871.80").doesNotContain("809,871.7986", "809,871.799");
        byte[] xlsx = new QuoteXlsxRenderer().render(data(option, I18n.CHINESE));
        try (XSSFWorkbook wb = new XSSFWorkbook(new ByteArrayInputStream(xlsx))) {
            Sheet sheet = wb.getSheet("方案 A");
            Cell net = null;
            for (Row row : sheet) {
                if (row.getCell(QuoteXlsxRenderer.TYPE) != null && "yr".equals(row.getCell(QuoteXlsxRenderer.TYPE)
                        .getStringCellValue())) {
                    net = row.getCell(QuoteXlsxRenderer.NET_UNIT);
                }
            }
            assertThat(net).isNotNull();
            assertThat(net.getNumericCellValue()).isEqualTo(809871.7986);
            assertThat(new DataFormatter(Locale.ROOT).formatCellValue(net)).isEqualTo("809,871.80");
        }
    }

    @Test
    void aFixedAgreementPriceAboveListIsASurchargeNeverANegativeDiscount() throws IOException {
        Agreement above = new Agreement(LocalDate.of(2026, 1, 1), null,
                List.of(new FixedPrice("mo", REGION, BillingMode.MONTHLY, new BigDecimal("12500"))));
        OptionView option = option(QuoteLine.of("mo", REGION, BillingMode.MONTHLY, 1, 12), above);
        // list 10,000 × 12 = 120,000.00; net 12,500 × 12 = 150,000.00; 30,000.00 above list = 25 % of list
        assertThat(option.totals().listTermNet()).isEqualByComparingTo("120000.00");
        assertThat(option.totals().termNet()).isEqualByComparingTo("150000.00");
        assertThat(option.totals().isSurcharge()).isTrue();
        String zh = pdf(option, I18n.CHINESE);
        assertThat(zh).contains("按刊例价合计 120,000.00，成交价合计 150,000.00，高于刊例价 30,000.00（25%）",
                "加价 30,000.00").doesNotContain("共优惠", "-30,000.00", "−30,000.00", "-25");
        assertThat(pdf(option, Locale.ENGLISH)).contains("30,000.00 above list (25%)", "surcharge 30,000.00")
                .doesNotContain("you save", "-30,000.00");
    }

    @Test
    void aNetBelowListIsStillASaving() throws IOException {
        Agreement below = new Agreement(LocalDate.of(2026, 1, 1), null,
                List.of(new FixedPrice("mo", REGION, BillingMode.MONTHLY, new BigDecimal("9000"))));
        OptionView option = option(QuoteLine.of("mo", REGION, BillingMode.MONTHLY, 1, 12), below);
        // list 120,000.00; net 9,000 × 12 = 108,000.00; saving 12,000.00 = 10 % of list
        assertThat(pdf(option, I18n.CHINESE)).contains("共优惠 12,000.00（10%）").doesNotContain("加价");
    }
}
