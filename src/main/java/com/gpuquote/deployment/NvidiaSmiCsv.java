package com.gpuquote.deployment;

import java.util.List;
import java.util.Map;

/**
 * nvidia-smi {@code --query-gpu=timestamp,index,name,memory.used,memory.total,utilization.gpu --format=csv}, with or
 * without header and units; header-less rows are in that column order.
 */
final class NvidiaSmiCsv implements SampleFormat {

    static final Map<String, Integer> HEADERLESS = Map.of("timestamp", 0, "index", 1, "name", 2, "memory.used", 3,
            "memory.total", 4, "utilization.gpu", 5);

    private final Map<String, Integer> col;
    private final boolean hasHeader;

    NvidiaSmiCsv(Map<String, Integer> columns, boolean hasHeader) {
        this.col = columns;
        this.hasHeader = hasHeader;
    }

    @Override
    public UtilizationSamples read(SampleLines lines, ParseContext c) {
        UtilizationSamples s = new UtilizationSamples(UtilizationFormat.NVIDIA_SMI, c.node);
        if (hasHeader) {
            lines.next();
            for (String required : List.of("index", "memory.total")) {
                if (!col.containsKey(required)) {
                    c.error(lines.number(), "missingColumn", required);
                }
            }
            if (c.hasErrors()) {
                return s;
            }
        }
        int ts = col.get("timestamp");
        int idx = col.get("index");
        int used = col.get("memory.used");
        int total = col.get("memory.total");
        Integer util = col.get("utilization.gpu");
        Integer name = col.get("name");
        int width = Math.max(Math.max(ts, idx), Math.max(used, total)) + 1;
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
            int gpu = c.intOrError(no, "index", f[idx], 0, UtilizationParser.MAX_GPU_INDEX);
            long usedMib = c.mibOrError(no, "memory.used", f[used]);
            long totalMib = c.mibOrError(no, "memory.total", f[total]);
            float utilPct = util == null || util >= f.length ? Float.NaN : c.percentOrError(no, "utilization.gpu", f[util]);
            if (c.errorCount() > before) {
                continue;
            }
            if (totalMib <= 0) {
                c.error(no, "range", "memory.total", f[total]);
            } else if (usedMib > totalMib) {
                c.error(no, "usedAboveTotal", f[used], f[total]);
            } else if (c.room(no, s)) {
                s.addGpu(at, gpu, (int) usedMib, (int) totalMib, utilPct, Float.NaN, Float.NaN, Float.NaN);
                if (name != null && name < f.length) {
                    s.gpuName((short) 0, gpu, f[name]);
                }
            }
        }
        return s;
    }
}
