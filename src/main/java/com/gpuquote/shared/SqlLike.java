package com.gpuquote.shared;

/**
 * Search text for SQL {@code LIKE} / {@code ILIKE}: the user's {@code %}, {@code _} and {@code \} match themselves
 * (PostgreSQL's default escape character is the backslash), so searching "100%" finds "100% GPU" and not everything.
 */
public final class SqlLike {

    private SqlLike() {
    }

    /** A pattern matching any text that contains {@code text} literally. */
    public static String contains(String text) {
        return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }
}
