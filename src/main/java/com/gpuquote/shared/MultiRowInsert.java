package com.gpuquote.shared;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * One {@code INSERT … VALUES (…), (…)} for many rows instead of one statement per row, in chunks well below
 * PostgreSQL's 65,535 bind parameters. Rows are collected with {@link #add} and written by {@link #run}; no rows, no
 * statement.
 */
public final class MultiRowInsert {

    private static final int MAX_PARAMETERS = 30_000;
    private final String head;
    private final String row;
    private final int perRow;
    private final List<@Nullable Object[]> rows = new ArrayList<>();

    /** {@code head} is the statement up to and including {@code values}; {@code row} one row's placeholders. */
    public MultiRowInsert(String head, String row) {
        this.head = head;
        this.row = row;
        this.perRow = (int) row.chars().filter(ch -> ch == '?').count();
    }

    public void add(@Nullable Object... values) {
        if (values.length != perRow) {
            throw new IllegalArgumentException(values.length + " values for " + perRow + " placeholders");
        }
        rows.add(values);
    }

    public void run(JdbcClient jdbc) {
        int chunk = Math.max(1, MAX_PARAMETERS / perRow);
        for (int from = 0; from < rows.size(); from += chunk) {
            List<@Nullable Object[]> part = rows.subList(from, Math.min(rows.size(), from + chunk));
            List<@Nullable Object> params = new ArrayList<>(part.size() * perRow);
            part.forEach(r -> params.addAll(Arrays.asList(r)));
            jdbc.sql(head + " " + String.join(", ", Collections.nCopies(part.size(), row))).params(params).update();
        }
    }
}
