package com.gpuquote.deployment;

import java.util.List;
import java.util.Map;

/** Host memory {@code timestamp,mem_total_kib,mem_available_kib} (epoch seconds or a date-time), header optional. */
final class HostMemoryCsv implements SampleFormat {

    static final Map<String, Integer> HEADERLESS = Map.of("timestamp", 0, "mem_total_kib", 1, "mem_available_kib", 2);

    private final Map<String, Integer> col;
    private final boolean hasHeader;

    HostMemoryCsv(Map<String, Integer> columns, boolean hasHeader) {
        this.col = columns;
        this.hasHeader = hasHeader;
    }

    @Override
    public UtilizationSamples read(SampleLines lines, ParseContext c) {
        UtilizationSamples s = new UtilizationSamples(UtilizationFormat.HOST_MEMINFO, c.node);
        int headerLine = 0;
        if (hasHeader) {
            lines.next();
            headerLine = lines.number();
        }
        for (String required : List.of("timestamp", "mem_available_kib")) {
            if (!col.containsKey(required)) {
                c.error(headerLine, "missingColumn", required);
            }
        }
        if (c.hasErrors()) {
            return s;
        }
        int ts = col.get("timestamp");
        int total = col.get("mem_total_kib");
        int available = col.get("mem_available_kib");
        int width = Math.max(ts, Math.max(total, available)) + 1;
        String line;
        while ((line = lines.next()) != null) {
            if (line.isBlank()) {
                continue;
            }
            int no = lines.number();
            String[] f = SampleLines.fields(line);
            if (f.length < width) {
                c.error(no, "columns", width, f.length);
                continue;
            }
            int before = c.errorCount();
            Long at = c.timestampOrError(no, f[ts]);
            long t = c.longOrError(no, "mem_total_kib", f[total]);
            long a = c.longOrError(no, "mem_available_kib", f[available]);
            if (c.errorCount() > before) {
                continue;
            }
            if (t <= 0) {
                c.error(no, "range", "mem_total_kib", f[total]);
            } else if (a > t) {
                c.error(no, "availableAboveTotal", f[available], f[total]);
            } else if (c.room(no, s)) {
                s.addHost(at, t, a);
            }
        }
        return s;
    }
}
