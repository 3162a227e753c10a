package com.gpuquote.shared.pdf;

import org.apache.fontbox.ttf.TrueTypeCollection;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The canvas measures text from a per-character cache (issue 18: the quote PDF's time went into measuring every
 * growing line again). The expectations come from PDFBox itself: {@code PDFont.getStringWidth} over the text with
 * unsupported characters replaced, and the greedy wrap written out here the slow, obvious way.
 */
class PdfCanvasTest {

    private static final String PARAGRAPH = "本报价基于客户提供的训练任务规模估算：Llama-3-8B 全参数微调，8 × H800 80 GB，ZeRO-3，"
            + "激活重计算开启。The customer may change the number of GPUs during the term with 30 days' notice; "
            + "unit prices stay as agreed. 超出约定用量的部分按刊例价结算，不享受协议折扣。"
            + "Averylongwordwithoutanyspacethatmustbreakbetweencharactersbecauseitdoesnotfitonone line.";

    private TrueTypeCollection collection;
    private PDDocument doc;
    private PDFont font;
    private PdfCanvas canvas;

    @BeforeEach
    void openFont() throws IOException {
        collection = new TrueTypeCollection(new ByteArrayInputStream(PdfDocuments.fontBytes()));
        AtomicReference<TrueTypeFont> first = new AtomicReference<>();
        collection.processAllFonts(f -> first.compareAndSet(null, f));
        doc = new PDDocument();
        font = PDType0Font.load(doc, first.get(), true);
        canvas = new PdfCanvas(doc, font);
    }

    @AfterEach
    void close() throws IOException {
        canvas.close();
        doc.close();
        collection.close();
    }

    @Test
    void textWidthIsTheFontsWidthOfWhatIsDrawn() throws IOException {
        String text = "GPU 显卡\u0007租用 ¥12.80 / 小时 \uD834\uDD1E";
        float expected = font.getStringWidth(replaceUnsupported(text)) / 1000f * 9;
        assertThat(canvas.textWidth(text, 9)).isEqualTo(expected);
        // measured twice (the second time from the cache): the same
        assertThat(canvas.textWidth(text, 9)).isEqualTo(expected);
    }

    @Test
    void wrapBreaksWhereTheSlowGreedyWrapBreaks() throws IOException {
        for (float max : new float[] {80, 200, 355.5f, 700}) {
            List<String> lines = canvas.wrap(PARAGRAPH, 10, max);
            assertThat(lines).as("width %s", max).isEqualTo(slowWrap(PARAGRAPH, 10, max));
            for (String line : lines) {
                if (line.length() > 1) {
                    assertThat(font.getStringWidth(replaceUnsupported(line)) / 1000f * 10).isLessThanOrEqualTo(max);
                }
            }
        }
    }

    @Test
    void anEmptyTextIsOneEmptyLine() {
        assertThat(canvas.wrap("", 10, 100)).containsExactly("");
    }

    private String replaceUnsupported(String text) {
        StringBuilder sb = new StringBuilder();
        text.codePoints().forEach(cp -> {
            if (Character.isISOControl(cp)) {
                sb.append(' ');
                return;
            }
            String ch = new String(Character.toChars(cp));
            try {
                font.encode(ch);
                sb.append(ch);
            } catch (IOException | IllegalArgumentException e) {
                sb.append('?');
            }
        });
        return sb.toString();
    }

    /** The wrap as it was before the cache: measure the whole line after every character. */
    private List<String> slowWrap(String text, float size, float max) throws IOException {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        int lastSpace = -1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            line.append(c);
            if (c == ' ') {
                lastSpace = line.length() - 1;
            }
            if (font.getStringWidth(replaceUnsupported(line.toString())) / 1000f * size > max && line.length() > 1) {
                if (lastSpace > 0) {
                    lines.add(line.substring(0, lastSpace));
                    line.delete(0, lastSpace + 1);
                } else {
                    lines.add(line.substring(0, line.length() - 1));
                    line.delete(0, line.length() - 1);
                }
                lastSpace = line.indexOf(" ");
            }
        }
        if (!line.isEmpty() || lines.isEmpty()) {
            lines.add(line.toString());
        }
        return lines;
    }
}
