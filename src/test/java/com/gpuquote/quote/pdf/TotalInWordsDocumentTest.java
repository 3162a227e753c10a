package com.gpuquote.quote.pdf;

import com.gpuquote.CalendarTest;
import com.gpuquote.commercial.BillingMode;
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
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The total in capital numerals (大写金额) is printed whole in the PDF and the workbook at any amount up to 10^12, for
 * one option and for two side by side. The amounts and their capitals are worked out by hand below.
 */
@CalendarTest
class TotalInWordsDocumentTest {

    /**
     * Monthly list prices per instance type. "big": 78,616,352,201.25 × 1 × 12 months = 943,396,226,415.00, VAT 6 %
     * 56,603,773,584.90, grand total 999,999,999,999.90. "mid": 9,408,586.66 × 1 × 1 month, VAT 564,515.1996 →
     * 564,515.20, grand total 9,973,101.86.
     */
    private final QuotePricer pricer = new QuotePricer(
            (type, region, mode) -> mode != BillingMode.MONTHLY ? Optional.empty()
                    : Optional.of(new PricePoint(new BigDecimal(type.equals("big") ? "78616352201.2500" : "9408586.6600"),
                    BigDecimal.ONE)),
            type -> Optional.of(new InstanceFacts(type, "ml.gn", "H800", 8)),
            new PricingPolicy(new BigDecimal("0.15"), new BigDecimal("0.06")));

    private static final String BIG = "玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角整";
    private static final String MID = "玖佰玖拾柒万叁仟壹佰零壹元捌角陆分";

    private List<OptionView> options(String... types) {
        List<QuoteOption> options = new ArrayList<>();
        for (int i = 0; i < types.length; i++) {
            int months = types[i].equals("big") ? 12 : 1;
            options.add(QuoteOption.of(OptionName.values()[i],
                    List.of(QuoteLine.of(types[i], "cn-beijing", BillingMode.MONTHLY, 1, months)), List.of()));
        }
        return pricer.price(options, null, LocalDate.of(2026, 3, 1)).consultantView();
    }

    private static QuotePdfData data(List<OptionView> options) {
        return new QuotePdfData("三飞云科技", null, "北京深度求索人工智能有限公司", I18n.CHINESE, "Q-2026-0042", 1,
                LocalDate.of(2026, 3, 1), LocalDate.of(2026, 3, 31), "CNY", options, null);
    }

    @Test
    void oneOptionPrintsItsCapitalsWhole() throws IOException {
        List<OptionView> options = options("mid");
        assertThat(options.get(0).totals().grandTotal()).isEqualByComparingTo("9973101.86");
        String text = flat(new QuotePdfRenderer().render(data(options)));
        assertThat(text).contains("大写金额（含税）" + MID).doesNotContain("…");
    }

    @Test
    void twoOptionsPrintTheirCapitalsWholeAndApartUpToATrillion() throws IOException {
        List<OptionView> options = options("big", "mid");
        assertThat(options.get(0).totals().grandTotal()).isEqualByComparingTo("999999999999.90");
        byte[] pdf = new QuotePdfRenderer().render(data(options));
        String text = flat(pdf);
        // each option's capitals in one piece once the wrapping is undone, in the order of the options
        assertThat(text).contains(BIG, MID).doesNotContain("…");
        assertThat(text.indexOf(BIG)).isLessThan(text.indexOf(MID));
        // and apart on the page: A's last line and B's first are separate pieces of text, never one run
        assertThat(QuotePdfRendererTest.text(pdf)).doesNotContain("玖角整玖", "玖角整 玖");
        try (XSSFWorkbook wb = new XSSFWorkbook(new ByteArrayInputStream(new QuoteXlsxRenderer().render(data(options))))) {
            assertThat(inWordsCell(wb.getSheet("方案 A"))).isEqualTo(BIG);
            assertThat(inWordsCell(wb.getSheet("方案 B"))).isEqualTo(MID);
        }
    }

    /** The PDF's text without line breaks or spaces, so a wrapped cell reads as one string. */
    private static String flat(byte[] pdf) throws IOException {
        return QuotePdfRendererTest.text(pdf).replaceAll("\\s+", "");
    }

    private static String inWordsCell(Sheet sheet) {
        for (Row row : sheet) {
            for (Cell cell : row) {
                if (cell.getCellType() == CellType.STRING
                        && cell.getStringCellValue().equals("大写金额（含税）")) {
                    Cell value = row.getCell(QuoteXlsxRenderer.TERM);
                    assertThat(value.getCellStyle().getWrapText()).as("the capitals wrap in their cell").isTrue();
                    return value.getStringCellValue();
                }
            }
        }
        throw new AssertionError("no total in capitals on " + sheet.getSheetName());
    }
}
