package com.gpuquote.quote.pdf;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.qrcode.QRCodeWriter;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;

import java.util.Map;

/** QR codes (ZXing core) as module matrices for {@code PdfCanvas.matrix}: one module per cell, 4-module quiet zone. */
public final class QrCodes {

    private QrCodes() {
    }

    public static boolean[][] modules(String text) {
        try {
            BitMatrix m = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, 0, 0,
                    Map.of(EncodeHintType.ERROR_CORRECTION, ErrorCorrectionLevel.M, EncodeHintType.MARGIN, 4));
            boolean[][] out = new boolean[m.getHeight()][m.getWidth()];
            for (int r = 0; r < m.getHeight(); r++) {
                for (int c = 0; c < m.getWidth(); c++) {
                    out[r][c] = m.get(c, r);
                }
            }
            return out;
        } catch (WriterException e) {
            throw new IllegalArgumentException("cannot encode a QR code", e);
        }
    }
}
