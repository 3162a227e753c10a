package com.gpuquote.portal.ui;

import org.jspecify.annotations.Nullable;
import com.gpuquote.security.SecretTokens;
import org.slf4j.Logger;

import java.util.HexFormat;

/**
 * Logs a failure on the portal without the link's token: the link is named by a short prefix of its SHA-256 (what
 * the database stores), and any message in the exception chain that quotes the token has it replaced.
 */
final class TokenSafeLog {
    private TokenSafeLog() {
    }

    /** "link#" and the first 12 hex digits of the token's SHA-256: enough to find the link, useless to open it. */
    static String linkRef(String token) {
        if (token == null || token.isEmpty()) {
            return "link#none";
        }
        return "link#" + HexFormat.of().formatHex(SecretTokens.sha256(token)).substring(0, 12);
    }

    static void error(Logger log, String what, String token, Throwable e) {
        log.error("{} for {}", what, linkRef(token), redact(e, token, 0));
    }

    /** The exception chain with the token replaced in every message (same classes' names and stack traces). */
    static @Nullable Throwable redact(@Nullable Throwable e, String token, int depth) {
        if (e == null || depth > 10) {
            return null;
        }
        String message = e.getMessage();
        Throwable cause = redact(e.getCause(), token, depth + 1);
        boolean clean = token == null || token.isEmpty() || message == null || !message.contains(token);
        if (clean && cause == e.getCause()) {
            return e;
        }
        Throwable copy = new RedactedException(e.getClass().getName() + ": "
                + (message == null ? "" : message.replace(token, linkRef(token))), cause);
        copy.setStackTrace(e.getStackTrace());
        return copy;
    }

    /** Stands in for an exception whose message quoted the token. */
    static final class RedactedException extends RuntimeException {
        RedactedException(String message, Throwable cause) {
            super(message, cause, false, true);
        }
    }
}
