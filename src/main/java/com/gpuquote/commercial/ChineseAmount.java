package com.gpuquote.commercial;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * An amount in Chinese capital numerals (大写金额) as Chinese quotations, contracts and invoices carry it, following the
 * People's Bank of China rules for filling in bills (正确填写票据和结算凭证的基本规定): 壹贰叁肆伍陆柒捌玖, units 拾佰仟万亿,
 * 元角分; "整" after 元 or 角 when nothing follows; one 零 for a run of zeros inside the number, and before 角 or 分
 * when the 元 digit or the 角 is zero (e.g. 1,001.05 → 壹仟零壹元零伍分). Rounded half-up to the fen.
 */
public final class ChineseAmount {

    private static final char[] DIGITS = "零壹贰叁肆伍陆柒捌玖".toCharArray();
    private static final String[] IN_GROUP = {"仟", "佰", "拾", ""};
    private static final String[] GROUPS = {"", "万", "亿", "万亿"};

    private ChineseAmount() {
    }

    public static String of(BigDecimal amount) {
        BigDecimal fen = amount.setScale(2, RoundingMode.HALF_UP).movePointRight(2);
        if (fen.abs().compareTo(new BigDecimal("1e18")) >= 0) {
            throw new IllegalArgumentException("amount too large for capital numerals: " + amount);
        }
        long total = fen.longValueExact();
        if (total < 0) {
            return "负" + of(amount.negate());
        }
        long yuan = total / 100;
        int jiao = (int) (total / 10 % 10);
        int cents = (int) (total % 10);
        StringBuilder s = new StringBuilder(yuan == 0 ? "" : integer(yuan) + "元");
        if (jiao == 0 && cents == 0) {
            return s.length() == 0 ? "零元整" : s.append('整').toString();
        }
        if (yuan > 0 && (yuan % 10 == 0 || jiao == 0)) {
            s.append('零');
        }
        if (jiao > 0) {
            s.append(DIGITS[jiao]).append('角');
        }
        if (cents > 0) {
            s.append(DIGITS[cents]).append('分');
        } else {
            s.append('整');
        }
        return s.toString();
    }

    private static String integer(long n) {
        List<Integer> groups = new ArrayList<>();
        for (long rest = n; rest > 0; rest /= 10_000) {
            groups.add((int) (rest % 10_000));
        }
        StringBuilder s = new StringBuilder();
        boolean zeroPending = false;
        for (int g = groups.size() - 1; g >= 0; g--) {
            int value = groups.get(g);
            if (value == 0) {
                zeroPending = s.length() > 0;
                continue;
            }
            if (s.length() > 0 && (zeroPending || value < 1000)) {
                s.append('零');
            }
            zeroPending = false;
            s.append(group(value)).append(GROUPS[g]);
        }
        return s.toString();
    }

    /** 1 … 9999 without a leading 零: 1001 → 壹仟零壹, 10 → 壹拾. */
    private static String group(int value) {
        int[] d = {value / 1000, value / 100 % 10, value / 10 % 10, value % 10};
        StringBuilder s = new StringBuilder();
        boolean started = false;
        boolean zero = false;
        for (int i = 0; i < 4; i++) {
            if (d[i] == 0) {
                zero = started;
                continue;
            }
            if (zero) {
                s.append('零');
                zero = false;
            }
            s.append(DIGITS[d[i]]).append(IN_GROUP[i]);
            started = true;
        }
        return s.toString();
    }
}
