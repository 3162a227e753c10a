package com.gpuquote.shared.web;

import java.sql.SQLException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * What the database refused, in the client's terms: the field (the column, in the JSON's camelCase) and a message
 * without SQL, table names or values. {@code body} when the database does not say which column.
 */
record DatabaseRefusal(String field, String message, boolean duplicate) {

    private static final Pattern COLUMN = Pattern.compile("column \"([a-z0-9_]+)\"");
    private static final Pattern CONSTRAINT = Pattern.compile(
            "relation \"([a-z0-9_]+)\" violates check constraint \"([a-z0-9_]+)\"");

    static DatabaseRefusal of(Throwable e) {
        SQLException sql = find(e);
        String state = sql == null ? "" : String.valueOf(sql.getSQLState());
        String text = sql == null || sql.getMessage() == null ? "" : sql.getMessage();
        String column = null;
        Matcher check = CONSTRAINT.matcher(text);
        Matcher named = COLUMN.matcher(text);
        if (check.find()) {
            column = columnOfConstraint(check.group(2), check.group(1));
        } else if (named.find()) {
            column = named.group(1);
        }
        String field = column == null ? JsonFieldPath.WHOLE_BODY : camel(column);
        String message = switch (state) {
            case "23505" -> "already exists";
            case "23502" -> "is required";
            case "23503" -> "refers to something that does not exist";
            case "23514" -> "is not an acceptable value";
            case "22001" -> "is too long";
            case "22003" -> "is too large";
            case "22008" -> "is outside the supported date range";
            case "22021", "22023", "22P05" -> "must not contain NUL or control characters";
            default -> "is not acceptable";
        };
        return new DatabaseRefusal(field, message, "23505".equals(state));
    }

    private static @Nullable SQLException find(Throwable e) {
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof SQLException p) {
                return p;
            }
        }
        return null;
    }

    /** PostgreSQL names column checks {@code <table>_<column>_check}; other names say nothing reliable. */
    private static @Nullable String columnOfConstraint(String constraint, String table) {
        String prefix = table == null ? "" : table + "_";
        for (String suffix : new String[]{"_check", "_key", "_fkey"}) {
            if (constraint.startsWith(prefix) && constraint.endsWith(suffix)
                    && constraint.length() > prefix.length() + suffix.length()) {
                return constraint.substring(prefix.length(), constraint.length() - suffix.length());
            }
        }
        return null;
    }

    private static String camel(String column) {
        StringBuilder b = new StringBuilder();
        boolean upper = false;
        for (char c : column.toLowerCase(Locale.ROOT).toCharArray()) {
            if (c == '_') {
                upper = true;
            } else {
                b.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return b.toString();
    }
}
