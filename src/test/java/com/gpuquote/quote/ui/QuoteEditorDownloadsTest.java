package com.gpuquote.quote.ui;

import com.gpuquote.CalendarTest;
import com.gpuquote.KaribuTest;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.router.RouteParameters;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.util.List;

import static com.github.mvysny.kaributesting.v10.DownloadKt.download;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

/** The editor offers the quote's workbook next to its PDF; both carry the same grand total. */
@CalendarTest
class QuoteEditorDownloadsTest extends KaribuTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting drafting;

    @Test
    void theWorkbookDownloadSitsNextToThePdfAndCarriesTheSameTotal() throws Exception {
        World world = fixtures.world("上海模型科技有限公司", "zh-CN");
        login(world.consultant());
        QuoteDetails q = fixtures.as(world.consultant(), () -> drafting.create(new NewQuote(world.project().id(),
                null, List.of(new QuoteInput.Option("A", List.of(QuoteInput.Line.of(QuoteUiFixtures.A10,
                QuoteUiFixtures.REGION, BillingMode.MONTHLY, 2, 12)), List.of())))));
        UI.getCurrent().navigate(QuoteEditorView.class, new RouteParameters("id", q.id().toString()));
        _get(QuoteEditorView.class);
        // A10 monthly list 10,000.00 × 2 × 12 = 240,000.00; VAT 6 % 14,400.00; 254,400.00 in all
        BigDecimal grand = new BigDecimal("254400.00");
        assertThat(q.options().get(0).totals().grandTotal()).isEqualByComparingTo(grand);

        Anchor pdf = _get(Anchor.class, a -> a.withId("quote-pdf"));
        Anchor xlsx = _get(Anchor.class, a -> a.withId("quote-xlsx"));
        assertThat(xlsx.getParent()).isEqualTo(pdf.getParent());
        String text;
        try (PDDocument doc = Loader.loadPDF(download(pdf))) {
            text = new PDFTextStripper().getText(doc);
        }
        assertThat(text).contains("254,400.00");
        try (XSSFWorkbook wb = new XSSFWorkbook(new ByteArrayInputStream(download(xlsx)))) {
            Double total = null;
            for (Row row : wb.getSheet("方案 A")) {
                Cell label = row.getCell(8);
                if (label != null && label.getCellType() == CellType.STRING
                        && "总计（含税）".equals(label.getStringCellValue())) {
                    total = row.getCell(9).getNumericCellValue();
                }
            }
            assertThat(total).isEqualTo(254400.00);
        }
    }
}
