package com.gpuquote.quote.pdf;

import com.gpuquote.CalendarTest;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.IntegrationTest;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.OptionName;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.SizingRef;
import com.gpuquote.quote.ui.QuoteUiFixtures;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.sizing.SizingRunService;
import com.gpuquote.sizing.engine.Precision;
import com.gpuquote.sizing.engine.SizingInput;
import com.gpuquote.sizing.engine.Workload;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.io.ByteArrayInputStream;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Issue 16: options keep their letters and get an optional name ("A · 经济型 8 × L20") and a summary of what they are
 * sized for; an option that gets a line from a saved sizing run says so by itself; the PDF and the xlsx carry both.
 */
@CalendarTest
class OptionNamesAndSummariesTest extends IntegrationTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting quoteDrafting;
    @Autowired
    QuotePdfService documents;
    @Autowired
    SizingRunService runs;

    @Test
    void aNamedOptionWithASummaryIsPrintedWithItsNameAndSummary() throws Exception {
        World world = fixtures.world("名称测试客户", "zh-CN");
        QuoteDetails q = fixtures.as(world.consultant(), () -> quoteDrafting.create(new NewQuote(world.project().id(), null,
                List.of(new QuoteInput.Option("A", List.of(QuoteInput.Line.of(QuoteUiFixtures.A10,
                                QuoteUiFixtures.REGION, BillingMode.MONTHLY, 8, 12)), List.of(), "经济型 8 × A10",
                                "面向 7B 模型在线推理，峰值 40 路并发。"),
                        new QuoteInput.Option("B", List.of(QuoteInput.Line.of(QuoteUiFixtures.T4,
                                QuoteUiFixtures.REGION, BillingMode.MONTHLY, 8, 12)), List.of())))));
        assertThat(q.options().get(0).title()).isEqualTo("经济型 8 × A10");
        assertThat(q.options().get(0).label()).isEqualTo("A · 经济型 8 × A10");
        assertThat(q.options().get(1).title()).isNull();
        assertThat(q.options().get(1).label()).isEqualTo("B");

        String pdf = fixtures.as(world.consultant(), () -> text(documents.render(q.id()).content()));
        assertThat(pdf).contains("方案 A · 经济型 8 × A10", "面向 7B 模型在线推理，峰值 40 路并发。", "方案 B");

        byte[] xlsx = fixtures.as(world.consultant(), () -> documents.xlsx(q.id()).content());
        try (XSSFWorkbook wb = new XSSFWorkbook(new ByteArrayInputStream(xlsx))) {
            var sheet = wb.getSheetAt(0);
            boolean found = false;
            for (var row : sheet) {
                if (row.getCell(0) != null && "方案 A · 经济型 8 × A10".equals(row.getCell(0).getStringCellValue())) {
                    assertThat(row.getCell(1).getStringCellValue()).isEqualTo("面向 7B 模型在线推理，峰值 40 路并发。");
                    found = true;
                }
            }
            assertThat(found).as("named option row in the xlsx").isTrue();
        }

        // an edit keeps the name unless changed, and a letter-only option stays letter-only
        QuoteDetails renamed = fixtures.as(world.consultant(), () -> quoteDrafting.update(q.id(), new com.gpuquote.quote.QuoteUpdate(
                q.rowVersion(), null, List.of(new QuoteInput.Option("A", List.of(QuoteInput.Line.of(QuoteUiFixtures.A10,
                        QuoteUiFixtures.REGION, BillingMode.MONTHLY, 8, 12)), List.of(), "性能型", null)))));
        assertThat(renamed.options()).hasSize(1);
        assertThat(renamed.options().get(0).label()).isEqualTo("A · 性能型");
        assertThat(renamed.options().get(0).summary()).isNull();
    }

    @Test
    void aNameOnTwoLinesOrTooLongIsRefusedNamingTheField() {
        World world = fixtures.world("名称校验客户", "zh-CN");
        assertThatThrownBy(() -> fixtures.as(world.consultant(), () -> quoteDrafting.create(new NewQuote(world.project().id(),
                null, List.of(new QuoteInput.Option("A", List.of(), List.of(), "经济型\n8 × A10", "x".repeat(1001)))))))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.errors())
                        .extracting(f -> f.field()).contains("options[0].title", "options[0].summary"));
        assertThatThrownBy(() -> fixtures.as(world.consultant(), () -> quoteDrafting.create(new NewQuote(world.project().id(),
                null, List.of(new QuoteInput.Option("A", List.of(), List.of(), "名".repeat(61), null))))))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.errors())
                        .extracting(f -> f.field()).containsExactly("options[0].title"));
    }

    /**
     * The summary from a saved inference run of Llama 3 70B (70,553,706,496 parameters → "70.6B"), BF16, 8,192-token
     * context, 16 sequences, written in the customer's language by hand from the message patterns.
     */
    @Test
    void anOptionGettingALineFromASizingRunSaysWhatItIsSizedFor() throws Exception {
        World world = fixtures.world("测算说明客户", "zh-CN");
        SizingInput input = SizingInput.builder(Workload.INFERENCE).preset("llama-3-70b").precision(Precision.BF16)
                .sequenceLength(8192).microBatchSize(16).gpuCount(1).build();
        var run = fixtures.as(world.consultant(), () -> runs.create(world.project().id(), "70B 推理", input,
                Locale.SIMPLIFIED_CHINESE));
        QuoteDetails q = fixtures.as(world.consultant(), () -> quoteDrafting.create(new NewQuote(world.project().id(), null,
                List.of(new QuoteInput.Option("A", List.of(QuoteInput.Line.of(QuoteUiFixtures.A10,
                        QuoteUiFixtures.REGION, BillingMode.MONTHLY, 4, 12)), List.of())))));
        QuoteDetails added = fixtures.as(world.consultant(), () -> quoteDrafting.addLine(q.id(), q.rowVersion(), OptionName.B,
                QuoteInput.Line.of(QuoteUiFixtures.T4, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 2, 12)
                        .withSizing(new SizingRef(new com.gpuquote.sizing.SizingRunId(run.id()), null))));
        assertThat(added.options().get(0).summary()).isNull();
        assertThat(added.options().get(1).summary())
                .isEqualTo("按推理测算：Llama 3 70B（70.6B 参数），BF16 精度，上下文 8,192 token，16 个并发序列。");
        String pdf = fixtures.as(world.consultant(), () -> text(documents.render(q.id()).content()));
        assertThat(pdf.replaceAll("\\s+", "")).contains("按推理测算：Llama370B（70.6B参数），BF16精度");

        // a consultant's own summary is kept when another sizing line arrives
        QuoteDetails edited = fixtures.as(world.consultant(), () -> quoteDrafting.update(q.id(), new com.gpuquote.quote.QuoteUpdate(
                added.rowVersion(), null, List.of(
                        new QuoteInput.Option("A", List.of(QuoteInput.Line.of(QuoteUiFixtures.A10,
                                QuoteUiFixtures.REGION, BillingMode.MONTHLY, 4, 12)), List.of(), null, "自写说明")))));
        QuoteDetails again = fixtures.as(world.consultant(), () -> quoteDrafting.addLine(q.id(), edited.rowVersion(),
                OptionName.A, QuoteInput.Line.of(QuoteUiFixtures.T4, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)
                        .withSizing(new SizingRef(new com.gpuquote.sizing.SizingRunId(run.id()), null))));
        assertThat(again.options().get(0).summary()).isEqualTo("自写说明");
    }

    private static String text(byte[] pdf) {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            return new PDFTextStripper().getText(doc);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
