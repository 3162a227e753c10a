package com.gpuquote.tenancy;

import com.gpuquote.shared.InvalidInputException;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Iterator;
import java.util.Locale;
import java.util.Set;

/**
 * Checks an uploaded logo by decoding it: the bytes must be a PNG or JPEG that ImageIO reads completely, at most
 * {@link #MAX_BYTES} and {@link #MAX_SIDE} px a side. The type is what the bytes are, not what the client claimed;
 * a claim of some other type (GIF, SVG, ...) is refused before decoding. Every refusal names the field "logo".
 * What is stored is not the upload but its pixels encoded anew ({@link Checked#bytes}): whatever else the file
 * carried (text chunks, metadata, bytes after the image's end such as an HTML page appended to a valid PNG) is gone.
 */
final class LogoImage {

    static final int MAX_BYTES = 512 * 1024;
    static final int MAX_SIDE = 2048;
    private static final Set<String> CLAIMED_OK = Set.of(TenantLogo.PNG, TenantLogo.JPEG, "image/jpg", "image/pjpeg",
            "application/octet-stream");

    /** The image as it is stored: its type, size and the re-encoded bytes. */
    record Checked(String contentType, int width, int height, byte[] bytes) {
    }

    private LogoImage() {
    }

    static Checked check(byte[] bytes, String claimedType) {
        if (bytes == null || bytes.length == 0) {
            throw refuse("tenant.logo.notImage", "The logo is not a readable PNG or JPEG image");
        }
        if (bytes.length > MAX_BYTES) {
            throw refuse("tenant.logo.tooLarge", "The logo must be at most 512 KiB");
        }
        String claimed = claimedType == null ? "" : claimedType.split(";")[0].trim().toLowerCase(Locale.ROOT);
        if (!claimed.isEmpty() && !CLAIMED_OK.contains(claimed)) {
            throw refuse("tenant.logo.type", "The logo must be a PNG or JPEG image");
        }
        try (ImageInputStream in = new MemoryCacheImageInputStream(new ByteArrayInputStream(bytes))) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            if (!readers.hasNext()) {
                throw refuse("tenant.logo.notImage", "The logo is not a readable PNG or JPEG image");
            }
            ImageReader reader = readers.next();
            try {
                String format = reader.getFormatName().toLowerCase(Locale.ROOT);
                String type = switch (format) {
                    case "png" -> TenantLogo.PNG;
                    case "jpeg", "jpg" -> TenantLogo.JPEG;
                    default -> throw refuse("tenant.logo.type", "The logo must be a PNG or JPEG image");
                };
                reader.setInput(in, true, true);
                int width = reader.getWidth(0);
                int height = reader.getHeight(0);
                // the size from the header first: a huge image is refused before its pixels are decoded
                if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) {
                    throw refuse("tenant.logo.dimensions", "The logo may be at most 2048 × 2048 pixels");
                }
                BufferedImage pixels = reader.read(0);
                if (pixels == null) {
                    throw refuse("tenant.logo.notImage", "The logo is not a readable PNG or JPEG image");
                }
                return new Checked(type, width, height, encode(pixels, format.equals("png") ? "png" : "jpeg"));
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof InvalidInputException invalid) {
                throw invalid;
            }
            // truncated or corrupt data, or a JPEG flavour ImageIO cannot decode (e.g. CMYK)
            throw refuse("tenant.logo.notImage", "The logo is not a readable PNG or JPEG image");
        }
    }

    private static byte[] encode(BufferedImage pixels, String format) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (!ImageIO.write(pixels, format, out)) {
            // no writer for this pixel layout: refused like an image that cannot be read
            throw refuse("tenant.logo.notImage", "The logo is not a readable PNG or JPEG image");
        }
        return out.toByteArray();
    }

    private static InvalidInputException refuse(String code, String message) {
        return InvalidInputException.of("logo", code, message);
    }
}
