package com.gpuquote.security;

import com.gpuquote.shared.Sha256;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * 256-bit random secrets for links and API tokens. Only the SHA-256 of a secret is stored, so a database dump
 * holds nothing that can be used; the raw value is shown once.
 */
public final class SecretTokens {
    private static final SecureRandom RANDOM = new SecureRandom();

    private SecretTokens() {
    }

    public static String newToken(String prefix) {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return prefix + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    public static byte[] sha256(String token) {
        return Sha256.of(token);
    }
}
