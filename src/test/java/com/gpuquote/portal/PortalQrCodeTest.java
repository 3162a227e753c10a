package com.gpuquote.portal;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.RGBLuminanceSource;
import com.google.zxing.ReaderException;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import com.gpuquote.IntegrationTest;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.quote.AsUser;
import com.gpuquote.quote.pdf.QuotePdfService;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.awt.image.BufferedImage;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The QR code on the quote PDF (issue 16): the PDF the customer downloads through the portal link carries a QR code
 * that opens that link, and the token is nowhere in the PDF's text. The staff PDF has none: the token is never
 * stored (ADR 0701), so there is no link to encode.
 */
class PortalQrCodeTest extends IntegrationTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    PortalThrottle throttle;
    @Autowired
    AsUser as;
    @Autowired
    QuotePdfService quotePdfs;
    @Autowired
    CustomerPortal customerPortal;

    @BeforeEach
    void resetThrottle() {
        throttle.reset("127.0.0.1");
    }

    @Test
    void thePortalPdfsQrCodeOpensTheLinkAndTheTokenIsNeverPrinted() throws Exception {
        PortalFixtures.Sent s = fixtures.sentQuote();
        byte[] pdf = customerPortal.pdf(s.token()).bytes();
        assertThat(qrCode(pdf)).hasValueSatisfying(url -> assertThat(url).endsWith("/portal/q/" + s.token()));
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            assertThat(new PDFTextStripper().getText(doc)).doesNotContain(s.token()).contains("扫码在线查看本报价");
        }

        byte[] staff = as.call(s.tenant().consultantEmail(), () -> quotePdfs.render(s.quoteId())).content();
        assertThat(qrCode(staff)).as("the staff PDF has no link to encode").isEmpty();
    }

    /** The QR code on the first page, rendered at 200 dpi and decoded with ZXing. */
    private static Optional<String> qrCode(byte[] pdf) throws Exception {
        // ZXing's whole-page detector misses or misreads (ChecksumException) now and then at one resolution for some
        // random tokens (two CI runs in the second time zone); a phone camera sees the page at many: try three, as a
        // reader would
        for (int dpi : new int[] {200, 150, 300}) {
            Optional<String> found = qrCode(pdf, dpi);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    private static Optional<String> qrCode(byte[] pdf, int dpi) throws Exception {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            BufferedImage image = new PDFRenderer(doc).renderImageWithDPI(0, dpi);
            int[] pixels = image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
            BinaryBitmap bitmap = new BinaryBitmap(new HybridBinarizer(
                    new RGBLuminanceSource(image.getWidth(), image.getHeight(), pixels)));
            try {
                return Optional.of(new QRCodeReader().decode(bitmap,
                        java.util.Map.of(com.google.zxing.DecodeHintType.TRY_HARDER, Boolean.TRUE)).getText());
            } catch (ReaderException e) {
                // not found, or found and misread (a checksum or format error at this resolution): try the next one
                return Optional.empty();
            }
        }
    }
}
