package com.gpuquote.shared;

import org.jspecify.annotations.Nullable;

import java.util.regex.Pattern;

/**
 * The one rule for a text cell in every CSV the application writes (OWASP "CSV injection"): a cell that starts with
 * {@code = + - @ TAB CR} would be run by a spreadsheet as a formula (a customer named {@code =cmd|' /C calc'!A0}), so
 * it gets a leading single quote, which spreadsheets show as text. A plain number ({@code -12.50}) is no formula and
 * stays as it is. The catalog's importers take such a quote off again ({@link #unescape}).
 */
public final class CsvCells {

    private static final String FORMULA_TRIGGERS = "=+-@\t\r";
    private static final Pattern PLAIN_NUMBER = Pattern.compile("[-+]?\\d+(\\.\\d+)?");

    private CsvCells() {
    }

    /** The cell as written; null stays null, so callers keep their own notion of an empty cell. */
    public static @Nullable String escape(@Nullable String cell) {
        if (cell == null || cell.isEmpty() || FORMULA_TRIGGERS.indexOf(cell.charAt(0)) < 0
                || PLAIN_NUMBER.matcher(cell).matches()) {
            return cell;
        }
        return "'" + cell;
    }

    /** A cell read back: the quote {@link #escape} put in front of a formula trigger taken off. */
    public static String unescape(String cell) {
        return cell.length() > 1 && cell.charAt(0) == '\'' && FORMULA_TRIGGERS.indexOf(cell.charAt(1)) >= 0
                ? cell.substring(1) : cell;
    }
}
