package com.gpuquote;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The statements after a migration's {@code -- Backfill} comment, one per element: what the tests that compare a
 * backfill with the application's own writes, and the scale bench that fills generated rows, run from the migration's
 * text instead of a copy of its SQL.
 */
public final class MigrationBackfill {

    private MigrationBackfill() {
    }

    /** {@code migration} is a file name under {@code db/migration}, e.g. {@code V89__portal_orders.sql}. */
    public static List<String> statements(String migration) throws IOException {
        String sql = Files.readString(Path.of("db/migration", migration));
        int start = sql.indexOf("-- Backfill");
        if (start < 0) {
            throw new IllegalArgumentException(migration + " has no -- Backfill section");
        }
        return Arrays.stream(sql.substring(start).split(";\\s*\\n")).filter(s -> !s.isBlank()).toList();
    }
}
