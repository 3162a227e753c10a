package com.gpuquote.shared;

/**
 * Search text for SQL {@code LIKE} / {@code ILIKE}: the user's {@code %}, {@code _} and {@code \} match themselves
 * (PostgreSQL's default escape character is the backslash), so searching "100%" finds "100% GPU" and not everything.
 */
public final class SqlLike {

    private SqlLike() {
    }

    /** How many rows in list order a short term's page is looked for in, per row of offset + limit. */
    private static final long HEAD_ROWS_PER_PAGE_ROW = 20;
    /** Short terms look in the list's head only for the first pages (offset + limit up to this). */
    private static final int HEAD_PAGES_UP_TO = 500;

    /**
     * Whether a list should first look for the page of {@code text} among its first {@link #headRows} rows in list
     * order (ADR 1853): a term of one or two characters ("1", "a", "深") matches most rows, so an id lookup would
     * return nearly all of them before the list could be read in order; only for the first pages.
     */
    public static boolean readsHeadFirst(String text, int offset, int limit) {
        String term = text == null ? "" : text.trim();
        return !term.isEmpty() && term.codePointCount(0, term.length()) <= 2 && limit > 0
                && (long) offset + limit <= HEAD_PAGES_UP_TO;
    }

    /** The rows in list order a short term's page is looked for in; a page full there is exact. */
    public static long headRows(int offset, int limit) {
        return HEAD_ROWS_PER_PAGE_ROW * ((long) offset + limit);
    }

    /**
     * {@code like} when no character of {@code text} has another case ("1", "深", "12"), else {@code ilike}. Both match
     * the same rows for such a term, and LIKE skips the per-row case mapping that makes ILIKE several times slower on
     * UTF-8 text (V85, which applies the same rule in the database's lookups).
     */
    public static String operator(String text) {
        String term = text == null ? "" : text;
        return term.toLowerCase(java.util.Locale.ROOT).equals(term) && term.toUpperCase(java.util.Locale.ROOT).equals(term)
                ? "like" : "ilike";
    }

    /** A pattern matching any text that contains {@code text} literally. */
    public static String contains(String text) {
        return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }
}
