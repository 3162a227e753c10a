package com.gpuquote.tenancy;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Random;

/** Small real images for logo tests, drawn with Java2D. */
public final class TestLogos {

    private TestLogos() {
    }

    /** A w×h PNG in one colour with a white bar, so two colours give two different files. */
    public static byte[] png(int width, int height, Color color) {
        return encode(drawn(width, height, color, BufferedImage.TYPE_INT_ARGB), "png");
    }

    public static byte[] png() {
        return png(120, 40, new Color(20, 70, 140));
    }

    public static byte[] jpeg(int width, int height) {
        return encode(drawn(width, height, new Color(200, 60, 30), BufferedImage.TYPE_INT_RGB), "jpeg");
    }

    public static byte[] gif(int width, int height) {
        return encode(drawn(width, height, Color.GREEN, BufferedImage.TYPE_INT_RGB), "gif");
    }

    /** Random pixels, so PNG cannot compress them: width × height × ~3 bytes. */
    public static byte[] noisePng(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Random random = new Random(42);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, random.nextInt(0x1000000));
            }
        }
        return encode(image, "png");
    }

    private static BufferedImage drawn(int width, int height, Color color, int type) {
        BufferedImage image = new BufferedImage(width, height, type);
        Graphics2D g = image.createGraphics();
        g.setColor(color);
        g.fillRect(0, 0, width, height);
        g.setColor(Color.WHITE);
        g.fillRect(width / 4, height / 3, width / 2, Math.max(1, height / 3));
        g.dispose();
        return image;
    }

    private static byte[] encode(BufferedImage image, String format) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            if (!ImageIO.write(image, format, out)) {
                throw new IllegalStateException("no writer for " + format);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
