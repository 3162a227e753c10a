package com.gpuquote.tenancy;

import java.time.Instant;

/**
 * A tenant's logo as stored: PNG or JPEG, already decoded once on upload (so it is a real image of the stated size).
 * {@code sha256} is the hex digest of {@code bytes}; views use it to name the image so a new logo is not served
 * from a browser cache.
 */
public record TenantLogo(String contentType, byte[] bytes, String sha256, int width, int height, Instant updatedAt,
                         String updatedBy) {

    public static final String PNG = "image/png";
    public static final String JPEG = "image/jpeg";

    /** A file name for the image, e.g. {@code logo-3f2a9c01.png}. */
    public String fileName() {
        return fileName(sha256, contentType);
    }

    static String fileName(String sha256, String contentType) {
        return "logo-" + sha256.substring(0, 8) + (PNG.equals(contentType) ? ".png" : ".jpg");
    }
}
