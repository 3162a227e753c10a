package com.gpuquote.shared;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256, the one digest the application uses (token hashes, snapshot fingerprints, logo ETags). */
public final class Sha256 {

    private Sha256() {
    }

    public static byte[] of(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** The digest of the text's UTF-8 bytes. */
    public static byte[] of(String text) {
        return of(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Lower-case hex of the digest. */
    public static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(of(bytes));
    }
}
