package com.gpuquote.shared.pdf;

import org.apache.fontbox.ttf.TrueTypeCollection;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.font.PDType0Font;

import java.awt.Font;
import java.awt.FontFormatException;
import java.awt.GraphicsEnvironment;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Writes one PDF with the shipped WenQuanYi Micro Hei (CJK, subset-embedded) on a {@link PdfCanvas}: the one PDF path
 * of the application (quotes, right-sizing reports). Also registers that font with Java2D for charts drawn to PNG.
 */
public final class PdfDocuments {

    private static final String FONT = "fonts/wqy-microhei.ttc";
    private static final AtomicReference<byte[]> FONT_BYTES = new AtomicReference<>();
    private static volatile String awtFamily;

    private PdfDocuments() {
    }

    /**
     * A new document with title and author, {@code body} writing on its canvas, then "page x / y" footers written with
     * {@code footerPattern} ({0} page, {1} pages); returns the PDF bytes.
     */
    public static byte[] write(String title, String author, String footerPattern, Consumer<PdfCanvas> body) {
        ParsedFont parsed = borrowFont();
        boolean healthy = false;
        try (PDDocument doc = new PDDocument()) {
            PDType0Font font = PDType0Font.load(doc, parsed.ttf(), true);
            PDDocumentInformation info = doc.getDocumentInformation();
            info.setTitle(title);
            info.setAuthor(author);
            info.setCreator("GpuQuote");
            try (PdfCanvas c = new PdfCanvas(doc, font)) {
                body.accept(c);
                c.footers(footerPattern, 8);
            }
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            doc.save(bytes); // the subset is written here: the font stays borrowed until after it
            healthy = true;
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            returnFont(parsed, healthy);
        }
    }

    /**
     * The parsed font with the collection that backs it. Parsing the 5 MB collection took most of a quote PDF's time
     * (issue 18), so parsed fonts are pooled: one thread uses one at a time (fontbox reads are not thread-safe), and
     * at most {@link #POOLED_FONTS} are kept (each holds its own copy of the file).
     */
    private record ParsedFont(TrueTypeCollection collection, TrueTypeFont ttf) {
    }

    private static final int POOLED_FONTS = Math.max(2, Runtime.getRuntime().availableProcessors());
    private static final BlockingQueue<ParsedFont> FONTS = new ArrayBlockingQueue<>(POOLED_FONTS);
    /** Fonts parsed and not closed, in the pool or borrowed: at most {@link #POOLED_FONTS}. */
    private static final AtomicInteger PARSED = new AtomicInteger();

    /**
     * A pooled font, a newly parsed one while fewer than {@link #POOLED_FONTS} exist, else the next one returned. Under
     * concurrent PDFs (16 at once in the load test) every thread used to parse its own copy of the 5 MB collection
     * when the pool was empty and close it afterwards, which made each PDF slower than waiting for a font: the
     * drawing is CPU-bound, so more fonts than CPUs buy nothing.
     */
    private static ParsedFont borrowFont() {
        ParsedFont pooled = FONTS.poll();
        if (pooled != null) {
            return pooled;
        }
        if (PARSED.incrementAndGet() > POOLED_FONTS) {
            PARSED.decrementAndGet();
            try {
                pooled = FONTS.poll(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for a PDF font", e);
            }
            if (pooled != null) {
                return pooled;
            }
            PARSED.incrementAndGet(); // none came back in time (a stuck document): parse one more than the pool holds
        }
        try {
            TrueTypeCollection collection = new TrueTypeCollection(new ByteArrayInputStream(fontBytes()));
            TrueTypeFont ttf = collection.getFontByName("WenQuanYiMicroHei");
            if (ttf == null) {
                AtomicReference<TrueTypeFont> first = new AtomicReference<>();
                collection.processAllFonts(f -> first.compareAndSet(null, f));
                ttf = first.get();
            }
            // no glyph substitution (ligatures, contextual forms): the documents are Chinese and Latin business text,
            // which draws the same without it, and applying the font's GSUB rules to every string was about a tenth
            // of a quote PDF's CPU time (JFR under the load test)
            ttf.setEnableGsub(false);
            return new ParsedFont(collection, ttf);
        } catch (IOException | RuntimeException e) {
            PARSED.decrementAndGet();
            throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
        }
    }

    /** Fonts parsed and held now (pooled or borrowed); for tests of the pool's bound. */
    static int parsedFonts() {
        return PARSED.get();
    }

    static int maxPooledFonts() {
        return POOLED_FONTS;
    }

    /** Back to the pool after a clean use; closed when the pool is full or the document failed half-way. */
    private static void returnFont(ParsedFont font, boolean healthy) {
        if (!healthy || !FONTS.offer(font)) {
            PARSED.decrementAndGet();
            try {
                font.collection().close();
            } catch (IOException ignored) {
                // nothing left to release
            }
        }
    }

    /**
     * The family name of the shipped CJK font registered with Java2D (for charts rendered to images), or the logical
     * {@code SansSerif} when it cannot be registered.
     */
    public static String chartFontFamily() {
        String family = awtFamily;
        if (family == null) {
            family = Font.SANS_SERIF;
            try {
                Font[] fonts = Font.createFonts(new ByteArrayInputStream(fontBytes()));
                if (fonts.length > 0) {
                    GraphicsEnvironment.getLocalGraphicsEnvironment().registerFont(fonts[0]);
                    family = fonts[0].getFamily();
                }
            } catch (IOException | FontFormatException | RuntimeException e) {
                // keep the logical font: Chinese glyphs then depend on the fonts installed on the server
            }
            awtFamily = family;
        }
        return family;
    }

    static byte[] fontBytes() throws IOException {
        byte[] bytes = FONT_BYTES.get();
        if (bytes == null) {
            try (InputStream in = PdfDocuments.class.getClassLoader().getResourceAsStream(FONT)) {
                if (in == null) {
                    throw new IOException("font not on the classpath: " + FONT);
                }
                bytes = in.readAllBytes();
            }
            FONT_BYTES.set(bytes);
        }
        return bytes;
    }
}
