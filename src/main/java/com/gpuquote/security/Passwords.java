package com.gpuquote.security;

import com.gpuquote.shared.InvalidInputException;

/** The password rule: 12 to 128 characters (Unicode code points), any characters, Chinese included. */
public final class Passwords {
    public static final int MIN = 12;
    public static final int MAX = 128;

    private Passwords() {
    }

    public static void requireAcceptable(String field, String password) {
        int length = password == null ? 0 : password.codePointCount(0, password.length());
        if (length < MIN || length > MAX) {
            throw InvalidInputException.of(field, "password.length", "Password must be 12 to 128 characters");
        }
    }
}
