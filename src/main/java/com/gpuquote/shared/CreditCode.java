package com.gpuquote.shared;

import org.jspecify.annotations.Nullable;

/**
 * China's unified social credit code (统一社会信用代码, GB 32100-2015): 18 characters from a 31-symbol alphabet
 * (digits and upper-case letters except I, O, Z, S, V), positions 3–8 an administrative division code, and a
 * check character computed with weights 3^i mod 31.
 */
public final class CreditCode {
    private static final String ALPHABET = "0123456789ABCDEFGHJKLMNPQRTUWXY";
    private static final int[] WEIGHTS = {1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28};

    private CreditCode() {
    }

    public static boolean isValid(String code) {
        if (code == null || code.length() != 18) {
            return false;
        }
        int sum = 0;
        for (int i = 0; i < 17; i++) {
            int v = ALPHABET.indexOf(code.charAt(i));
            if (v < 0 || (i >= 2 && i < 8 && !Character.isDigit(code.charAt(i)))) {
                return false;
            }
            sum += v * WEIGHTS[i];
        }
        int check = (31 - sum % 31) % 31;
        return code.charAt(17) == ALPHABET.charAt(check);
    }

    /** Upper-cases and strips spaces, as people paste codes from business licences. */
    public static @Nullable String normalise(@Nullable String code) {
        if (code == null) {
            return null;
        }
        String c = code.replaceAll("\\s", "").toUpperCase();
        return c.isEmpty() ? null : c;
    }
}
