package com.gpuquote.quote.pdf;

import com.gpuquote.CalendarTest;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.OptionName;
import com.gpuquote.quote.OptionTotals;
import com.gpuquote.quote.OptionView;
import com.gpuquote.quote.PricePoint;
import com.gpuquote.quote.QuoteLineId;
import com.gpuquote.quote.QuoteOptionId;
import com.gpuquote.quote.ServiceLine;
import com.gpuquote.quote.Voucher;
import com.gpuquote.quote.domain.ChannelTerms;
import com.gpuquote.quote.domain.QuoteLine;
import com.gpuquote.quote.domain.QuoteOption;
import com.gpuquote.quote.pricing.InstanceFacts;
import com.gpuquote.quote.pricing.PricingPolicy;
import com.gpuquote.quote.pricing.QuotePricer;
import com.gpuquote.shared.I18n;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFFormulaEvaluator;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The workbook says what the PDF and the engine say, vouchers included, and its line amounts are formulas: every
 * figure is recomputed below by hand (BigDecimal, half-up once) and read back from the cells with POI.
 */
@CalendarTest
class WorkbookFiguresTest {

    private static final String REGION = "cn-beijing";
    private static final BigDecimal HOURLY = new BigDecimal("46.9000");
    private static final BigDecimal YEARLY = new BigDecimal("809871.7986");
    private static final BigDecimal VAT = new BigDecimal("0.06");

    private final QuotePricer pricer = new QuotePricer(
            (type, region, mode) -> type.equals("h") && mode == BillingMode.HOURLY
                    ? Optional.of(new PricePoint(HOURLY, BigDecimal.ONE))
                    : type.equals("y") && mode == BillingMode.YEARLY
                    ? Optional.of(new PricePoint(YEARLY, BigDecimal.ONE)) : Optional.empty(),
            type -> Optional.of(new InstanceFacts(type, "ml.gn", "H800", 8)),
            new PricingPolicy(new BigDecimal("0.15"), VAT));

    private static BigDecimal fen(BigDecimal v) {
        return v.setScale(2, RoundingMode.HALF_UP);
    }

    /** Option A: 3 × h hourly 12 months at 7.5 % off, 1 × y yearly 24 months, two services, one voucher. */
    private OptionView optionA() {
        QuoteLine hourly = new QuoteLine(QuoteLineId.random(), "h", REGION, BillingMode.HOURLY, 3, 12, 720,
                new BigDecimal("7.5"));
        QuoteLine yearly = QuoteLine.of("y", REGION, BillingMode.YEARLY, 1, 24);
        QuoteOption a = new QuoteOption(QuoteOptionId.random(), OptionName.A, List.of(hourly, yearly),
                List.of(ServiceLine.monthly("运维", "1000.00"), ServiceLine.oneTime("部署", "5000.00")), null, null,
                new ChannelTerms(List.of(new Voucher("火山代金券", new BigDecimal("12345.67"))), BigDecimal.ZERO));
        QuoteOption b = QuoteOption.of(OptionName.B, List.of(QuoteLine.of("y", REGION, BillingMode.YEARLY, 2, 12)),
                List.of());
        return pricer.price(List.of(a, b), null, LocalDate.of(2026, 3, 1)).consultantView().get(0);
    }

    @Test
    void theWorkbookCarriesThePdfsFiguresAndItsLineAmountsAreFormulas() throws IOException {
        OptionView option = optionA();
        // by hand: hourly net 46.90 × 0.925 = 43.3825; monthly 43.3825 × 720 h × 3 = 93,706.20; × 12 = 1,124,474.40
        BigDecimal hourlyNet = HOURLY.multiply(new BigDecimal("0.925")).setScale(4, RoundingMode.HALF_UP);
        BigDecimal hourlyMonthly = fen(hourlyNet.multiply(BigDecimal.valueOf(720 * 3)));
        BigDecimal hourlyTerm = hourlyMonthly.multiply(BigDecimal.valueOf(12));
        // yearly: 809,871.7986 × 1 × 2 years rounded once; its monthly is the informative twelfth
        BigDecimal yearlyTerm = fen(YEARLY.multiply(BigDecimal.valueOf(2)));
        BigDecimal yearlyMonthly = YEARLY.divide(BigDecimal.valueOf(12), 2, RoundingMode.HALF_UP);
        BigDecimal termNet = hourlyTerm.add(yearlyTerm).add(new BigDecimal("24000.00")); // 1,000 a month × 24
        BigDecimal subtotal = termNet.add(new BigDecimal("5000.00"));
        BigDecimal net = subtotal.subtract(new BigDecimal("12345.67"));
        BigDecimal vat = fen(net.multiply(VAT));
        BigDecimal grand = net.add(vat);
        OptionTotals t = option.totals();
        assertThat(t.subtotal()).isEqualByComparingTo(subtotal);
        assertThat(t.grandTotal()).isEqualByComparingTo(grand);

        QuotePdfData data = new QuotePdfData("三飞云科技", null, "客户", I18n.CHINESE, "Q-2026-0001", 1,
                LocalDate.of(2026, 3, 1), LocalDate.of(2026, 3, 31), "CNY", List.of(option), null);
        String pdf = QuotePdfRendererTest.text(new QuotePdfRenderer().render(data));
        for (BigDecimal figure : List.of(subtotal, net, vat, grand)) {
            assertThat(pdf).contains(QuoteDocumentText.amount(figure));
        }
        try (XSSFWorkbook wb = new XSSFWorkbook(new ByteArrayInputStream(new QuoteXlsxRenderer().render(data)))) {
            Sheet sheet = wb.getSheet("方案 A");
            Row h = row(sheet, QuoteXlsxRenderer.TYPE, "h");
            Row y = row(sheet, QuoteXlsxRenderer.TYPE, "y");
            assertThat(cached(h, QuoteXlsxRenderer.MONTHLY)).isEqualByComparingTo(hourlyMonthly);
            assertThat(cached(h, QuoteXlsxRenderer.TERM)).isEqualByComparingTo(hourlyTerm);
            assertThat(cached(y, QuoteXlsxRenderer.MONTHLY)).isEqualByComparingTo(yearlyMonthly);
            assertThat(cached(y, QuoteXlsxRenderer.TERM)).isEqualByComparingTo(yearlyTerm);
            // the totals block, the same figures as the PDF's summary (the voucher before VAT, as a row of its own)
            assertThat(total(sheet, "期限净额")).isEqualByComparingTo(termNet);
            assertThat(total(sheet, "小计（不含税）")).isEqualByComparingTo(subtotal);
            assertThat(total(sheet, "代金券")).isEqualByComparingTo("-12345.67");
            assertThat(total(sheet, "抵扣代金券后小计（不含税）")).isEqualByComparingTo(net);
            assertThat(total(sheet, "增值税")).isEqualByComparingTo(vat);
            assertThat(total(sheet, "总计（含税）")).isEqualByComparingTo(grand);
            Sheet glance = wb.getSheet("方案对比");
            assertThat(cached(row(glance, 0, "小计（不含税）"), 1)).isEqualByComparingTo(subtotal);
            assertThat(cached(row(glance, 0, "总计（含税）"), 1)).isEqualByComparingTo(grand);

            // a spreadsheet that recalculates gets the stored values from the formulas
            List<Cell> formulas = new ArrayList<>();
            List<Double> stored = new ArrayList<>();
            for (Sheet s : wb) {
                for (Row r : s) {
                    for (Cell c : r) {
                        if (c.getCellType() == CellType.FORMULA) {
                            formulas.add(c);
                            stored.add(c.getNumericCellValue());
                        }
                    }
                }
            }
            assertThat(formulas).hasSizeGreaterThan(20);
            XSSFFormulaEvaluator.evaluateAllFormulaCells(wb);
            for (int i = 0; i < formulas.size(); i++) {
                assertThat(formulas.get(i).getNumericCellValue()).as(formulas.get(i).getCellFormula())
                        .isCloseTo(stored.get(i), org.assertj.core.data.Offset.offset(0.001));
            }

            // the customer edits the hourly quantity to 5: the line and every total follow
            h.getCell(QuoteXlsxRenderer.QUANTITY).setCellValue(5);
            XSSFFormulaEvaluator.evaluateAllFormulaCells(wb);
            BigDecimal five = fen(hourlyNet.multiply(BigDecimal.valueOf(720 * 5))).multiply(BigDecimal.valueOf(12));
            assertThat(cached(h, QuoteXlsxRenderer.TERM)).isEqualByComparingTo(five);
            BigDecimal net5 = net.subtract(hourlyTerm).add(five);
            assertThat(total(sheet, "总计（含税）")).isEqualByComparingTo(net5.add(fen(net5.multiply(VAT))));
        }
    }

    private static BigDecimal cached(Row row, int col) {
        return fen(BigDecimal.valueOf(row.getCell(col).getNumericCellValue()));
    }

    private static BigDecimal total(Sheet sheet, String label) {
        Row row = row(sheet, QuoteXlsxRenderer.MONTHLY, label);
        assertThat(row.getCell(QuoteXlsxRenderer.TERM).getCellType()).isEqualTo(CellType.FORMULA);
        return cached(row, QuoteXlsxRenderer.TERM);
    }

    private static Row row(Sheet sheet, int col, String label) {
        for (Row row : sheet) {
            Cell cell = row.getCell(col);
            if (cell != null && cell.getCellType() == CellType.STRING && label.equals(cell.getStringCellValue())) {
                return row;
            }
        }
        throw new AssertionError("no row " + label + " in " + sheet.getSheetName());
    }
}
