package com.gpuquote.shared.pdf;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;

import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A top-down writing cursor over A4 landscape pages: text, wrapped paragraphs, table rows, images, and a page
 * break whenever the next block does not fit. One font (the embedded CJK subset, {@link PdfFonts}) for everything.
 * Shared by every PDF the application writes (quotes, right-sizing reports).
 */
public final class PdfCanvas implements AutoCloseable {

    public static final float MARGIN = 40;
    public static final PDRectangle PAGE = new PDRectangle(PDRectangle.A4.getHeight(), PDRectangle.A4.getWidth());

    public enum Align { LEFT, RIGHT }

    private final PDDocument doc;
    private final PDFont font;
    private PDPageContentStream out;
    private float y;
    private Runnable onNewPage = () -> { };
    /** Per code point: what it is drawn as and its width (see {@link #units}). */
    private final Map<Integer, Glyph> glyphs = new HashMap<>();

    public PdfCanvas(PDDocument doc, PDFont font) {
        this.doc = doc;
        this.font = font;
        newPage();
    }

    public float width() {
        return PAGE.getWidth() - 2 * MARGIN;
    }

    /** Called after every automatic page break (e.g. to repeat a table header); reset with {@code null}. */
    public void onNewPage(Runnable action) {
        onNewPage = action == null ? () -> { } : action;
    }

    public void newPage() {
        try {
            if (out != null) {
                out.close();
            }
            PDPage page = new PDPage(PAGE);
            doc.addPage(page);
            out = new PDPageContentStream(doc, page);
            y = PAGE.getHeight() - MARGIN;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Breaks the page unless {@code height} points still fit. */
    public void ensure(float height) {
        if (y - height < MARGIN + 14) {
            newPage();
            Runnable r = onNewPage;
            r.run();
        }
    }

    public void gap(float points) {
        y -= points;
    }

    public void text(String text, float size, Color color) {
        ensure(size * 1.5f);
        y -= size * 1.3f;
        draw(text, MARGIN, y, size, color);
        y -= size * 0.3f;
    }

    public float y() {
        return y;
    }

    public void paragraph(String text, float size) {
        for (String para : text.split("\\R")) {
            for (String line : wrap(para, size, width())) {
                text(line, size, Color.BLACK);
            }
        }
    }

    /**
     * A square matrix code (e.g. a QR code: {@code modules[row][col]} true = dark) {@code size} points wide at the
     * left margin, with a caption beside it; a quiet zone of white stays around it on the page.
     */
    public void matrix(boolean[][] modules, float size, String caption, float captionSize) {
        ensure(size + 8);
        int n = modules.length;
        float cell = size / n;
        try {
            out.setNonStrokingColor(Color.BLACK);
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < modules[r].length; c++) {
                    if (modules[r][c]) {
                        out.addRect(MARGIN + c * cell, y - (r + 1) * cell, cell, cell);
                    }
                }
            }
            out.fill();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        float x = MARGIN + size + 10;
        float line = y - captionSize * 1.6f;
        for (String l : wrap(caption, captionSize, width() - size - 10)) {
            draw(l, x, line, captionSize, Color.DARK_GRAY);
            line -= captionSize * 1.3f;
        }
        y -= size + 8;
    }

    public void rule() {
        ensure(6);
        try {
            out.setStrokingColor(Color.LIGHT_GRAY);
            out.setLineWidth(0.5f);
            out.moveTo(MARGIN, y - 2);
            out.lineTo(MARGIN + width(), y - 2);
            out.stroke();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        y -= 6;
    }

    /**
     * One table row; {@code shaded} paints a header background. A cell too wide for its column wraps onto further
     * lines inside it (the row grows), so no text of a document is ever cut off.
     */
    public void row(float[] widths, Align[] aligns, List<String> cells, float size, boolean shaded, Color color) {
        int n = Math.min(widths.length, cells.size());
        List<List<String>> lines = new ArrayList<>();
        int most = 1;
        for (int i = 0; i < n; i++) {
            lines.add(wrap(cells.get(i) == null ? "" : cells.get(i), size, widths[i] - 6));
            most = Math.max(most, lines.get(i).size());
        }
        float height = size * 1.7f + (most - 1) * size * 1.3f;
        ensure(height);
        try {
            if (shaded) {
                out.setNonStrokingColor(new Color(235, 239, 245));
                out.addRect(MARGIN, y - height, sum(widths), height);
                out.fill();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        float x = MARGIN;
        for (int i = 0; i < n; i++) {
            float baseline = y - size * 1.25f;
            for (String cell : lines.get(i)) {
                float tx = aligns[i] == Align.RIGHT ? x + widths[i] - 3 - textWidth(cell, size) : x + 3;
                draw(cell, tx, baseline, size, color);
                baseline -= size * 1.3f;
            }
            x += widths[i];
        }
        y -= height;
    }

    /**
     * Draws a PNG or JPEG at full text width (kept in proportion, at most {@code maxHeight} high), left-aligned, and
     * moves the cursor below it; a page break first when it does not fit.
     */
    public void picture(byte[] image, float maxHeight) {
        try {
            PDImageXObject x = PDImageXObject.createFromByteArray(doc, image, "chart");
            float scale = Math.min(width() / x.getWidth(), maxHeight / x.getHeight());
            float w = x.getWidth() * scale;
            float h = x.getHeight() * scale;
            ensure(h + 4);
            out.drawImage(x, MARGIN, y - h, w, h);
            y -= h + 4;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Draws a PNG or JPEG top right (PDFBox detects the type); an unreadable one is left out. */
    public void image(byte[] png, float maxHeight) {
        try {
            PDImageXObject image = PDImageXObject.createFromByteArray(doc, png, "logo");
            // at most maxHeight high and a third of the text width wide (a wide logo keeps clear of the title)
            float scale = Math.min(maxHeight / image.getHeight(), width() / 3 / image.getWidth());
            float w = image.getWidth() * scale;
            float h = image.getHeight() * scale;
            ensure(maxHeight);
            out.drawImage(image, MARGIN + width() - w, y - h, w, h);
        } catch (IOException | IllegalArgumentException e) {
            // an unreadable logo is left out; the text header is enough
        }
    }

    /**
     * A large light diagonal word across every page written so far (e.g. "DRAFT / 草稿"), drawn over the content so
     * that no table hides it; call after the content, before the footers.
     */
    public void watermark(String text) {
        try {
            if (out != null) {
                out.close();
                out = null;
            }
            float size = 72;
            for (int i = 0; i < doc.getNumberOfPages(); i++) {
                try (PDPageContentStream mark = new PDPageContentStream(doc, doc.getPage(i),
                        PDPageContentStream.AppendMode.APPEND, true, true)) {
                    org.apache.pdfbox.pdmodel.graphics.state.PDExtendedGraphicsState alpha =
                            new org.apache.pdfbox.pdmodel.graphics.state.PDExtendedGraphicsState();
                    alpha.setNonStrokingAlphaConstant(0.18f);
                    mark.setGraphicsStateParameters(alpha);
                    mark.beginText();
                    mark.setFont(font, size);
                    mark.setNonStrokingColor(Color.GRAY);
                    float w = textWidth(text, size);
                    double angle = Math.toRadians(25);
                    float cx = PAGE.getWidth() / 2;
                    float cy = PAGE.getHeight() / 2;
                    mark.setTextMatrix(org.apache.pdfbox.util.Matrix.getRotateInstance(angle,
                            cx - (float) (Math.cos(angle) * w / 2), cy - (float) (Math.sin(angle) * w / 2)));
                    mark.showText(safe(text));
                    mark.endText();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes "page x / y" footers on every page (after all content). */
    public void footers(String pattern, float size) {
        try {
            if (out != null) {
                out.close();
                out = null;
            }
            int total = doc.getNumberOfPages();
            for (int i = 0; i < total; i++) {
                try (PDPageContentStream footer = new PDPageContentStream(doc, doc.getPage(i),
                        PDPageContentStream.AppendMode.APPEND, true)) {
                    String text = pattern.replace("{0}", String.valueOf(i + 1)).replace("{1}", String.valueOf(total));
                    footer.beginText();
                    footer.setFont(font, size);
                    footer.setNonStrokingColor(Color.GRAY);
                    footer.newLineAtOffset(MARGIN + width() - textWidth(text, size), MARGIN - 16);
                    footer.showText(safe(text));
                    footer.endText();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            if (out != null) {
                out.close();
                out = null;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void draw(String text, float x, float baseline, float size, Color color) {
        if (text.isEmpty()) {
            return;
        }
        try {
            out.beginText();
            out.setFont(font, size);
            out.setNonStrokingColor(color);
            out.newLineAtOffset(x, baseline);
            out.showText(safe(text));
            out.endText();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public float textWidth(String text, float size) {
        return units(text) / 1000f * size;
    }

    /**
     * The text's advance width in font units (1/1000 em), the same sum {@code PDFont.getStringWidth} makes over the
     * {@linkplain #safe safe} text, from a per-character cache: wrapping measures every growing line, and asking the
     * CJK font for each character again made the PDF's time grow with the square of a paragraph's length.
     */
    private float units(CharSequence text) {
        float sum = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = Character.codePointAt(text, i);
            sum += glyph(cp).units();
            i += Character.charCount(cp);
        }
        return sum;
    }

    /** Replaces characters the font has no glyph for with '?' and control characters with a space. */
    private String safe(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        text.codePoints().forEach(cp -> sb.append(glyph(cp).text()));
        return sb.toString();
    }

    private Glyph glyph(int cp) {
        Glyph known = glyphs.get(cp);
        if (known != null) {
            return known;
        }
        String ch = Character.isISOControl(cp) ? " " : new String(Character.toChars(cp));
        String shown;
        try {
            font.encode(ch);
            shown = ch;
        } catch (IOException | IllegalArgumentException e) {
            shown = "?";
        }
        try {
            Glyph glyph = new Glyph(shown, font.getStringWidth(shown));
            glyphs.put(cp, glyph);
            return glyph;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What a character is drawn as and its advance width in font units. */
    private record Glyph(String text, float units) {
    }

    /** Greedy wrap; breaks at a space when there is one, else between any two characters (CJK). */
    public List<String> wrap(String text, float size, float max) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        float maxUnits = max * 1000f / size;
        float lineUnits = 0;
        int lastSpace = -1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            line.append(c);
            // characters outside the BMP are measured as a pair, as textWidth does (rare: measure the line again)
            lineUnits = Character.isSurrogate(c) ? units(line) : lineUnits + glyph(c).units();
            if (c == ' ') {
                lastSpace = line.length() - 1;
            }
            if (lineUnits > maxUnits && line.length() > 1) {
                if (lastSpace > 0) {
                    lines.add(line.substring(0, lastSpace));
                    line.delete(0, lastSpace + 1);
                } else {
                    lines.add(line.substring(0, line.length() - 1));
                    line.delete(0, line.length() - 1);
                }
                lineUnits = units(line);
                lastSpace = line.indexOf(" ");
            }
        }
        if (!line.isEmpty() || lines.isEmpty()) {
            lines.add(line.toString());
        }
        return lines;
    }

    private static float sum(float[] widths) {
        float s = 0;
        for (float w : widths) {
            s += w;
        }
        return s;
    }
}
