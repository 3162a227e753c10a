package com.gpuquote.shared;

/**
 * The paging parameters of every REST list ({@code offset}, {@code limit}): a negative offset or a limit below one is
 * the client's mistake and answers 400 naming the parameter, instead of being quietly turned into another page. A
 * limit above the list's maximum is still lowered to it (documented per list; clients rely on it).
 */
public final class Paging {

    private Paging() {
    }

    /** {@code limit} lowered to {@code max}, after refusing a negative offset or a limit below one. */
    public static int limit(int offset, int limit, int max) {
        new Validation()
                .check(offset >= 0, "offset", "range", "offset must be 0 or more")
                .check(limit >= 1, "limit", "range", "limit must be 1 or more")
                .throwIfInvalid();
        return Math.min(limit, max);
    }
}
