package com.gpuquote.deployment;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * DCGM exporter text: {@code DCGM_FI_DEV_FB_USED}, {@code _FB_FREE}, {@code _GPU_UTIL} and, when present,
 * {@code DCGM_FI_PROF_SM_ACTIVE}, {@code _GR_ENGINE_ACTIVE}, {@code _DRAM_ACTIVE} (ratios 0–1), with exposition
 * timestamps (ms) or, without them, one scrape per block, each timed by a comment line holding a date-time (e.g.
 * {@code # 2026-11-20T10:00:00+08:00}) or, for a single scrape, the import instant. A {@code Hostname} label names the
 * line's node.
 */
final class DcgmText implements SampleFormat {

    private static final Pattern DCGM_LINE = Pattern.compile(
            "^([A-Za-z_:][A-Za-z0-9_:]*)(\\{(.*)})?\\s+(\\S+)(?:\\s+(-?\\d+))?\\s*$");
    private static final Pattern LABEL = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    private static final String FB_USED = "DCGM_FI_DEV_FB_USED";
    private static final String FB_FREE = "DCGM_FI_DEV_FB_FREE";
    private static final String GPU_UTIL = "DCGM_FI_DEV_GPU_UTIL";
    private static final String SM_ACTIVE = "DCGM_FI_PROF_SM_ACTIVE";
    private static final String GR_ACTIVE = "DCGM_FI_PROF_GR_ENGINE_ACTIVE";
    private static final String DRAM_ACTIVE = "DCGM_FI_PROF_DRAM_ACTIVE";
    private static final List<String> METRICS = List.of(FB_USED, FB_FREE, GPU_UTIL, SM_ACTIVE, GR_ACTIVE, DRAM_ACTIVE);

    /** The values of one GPU at one instant, gathered from several lines. */
    private static final class GpuPoint {
        final long at;
        final short node;
        final int gpu;
        final int line;
        double used = Double.NaN, free = Double.NaN, util = Double.NaN, sm = Double.NaN, gr = Double.NaN, dram = Double.NaN;

        GpuPoint(long at, short node, int gpu, int line) {
            this.at = at;
            this.node = node;
            this.gpu = gpu;
            this.line = line;
        }
    }

    /** A DCGM sample's identity: instant (or block placeholder), node and GPU. */
    private record PointKey(long at, short node, int gpu) {
    }

    /** True when one of the next {@value SampleFormat#DCGM_LOOKAHEAD} lines is a DCGM metric or its HELP/TYPE. */
    static boolean detect(SampleLines lines) {
        for (int i = 0; i < DCGM_LOOKAHEAD; i++) {
            String l = lines.peek(i);
            if (l == null) {
                return false;
            }
            l = l.strip();
            if (l.startsWith("DCGM_FI_") || l.startsWith("# HELP DCGM_") || l.startsWith("# TYPE DCGM_")) {
                return true;
            }
        }
        return false;
    }

    @Override
    public UtilizationSamples read(SampleLines lines, ParseContext c) {
        UtilizationSamples s = new UtilizationSamples(UtilizationFormat.DCGM, c.node);
        Map<PointKey, GpuPoint> points = new LinkedHashMap<>();
        // without exposition timestamps: a scrape ends when a metric repeats for a GPU; its time is the last
        // date-time comment before it, or the import instant for a file with a single scrape
        int block = 0;
        Set<String> seenInBlock = new HashSet<>();
        List<long[]> untimed = new ArrayList<>(); // {block, line} of points that need a block time
        Map<Integer, Long> blockTimes = new HashMap<>();
        String raw;
        while ((raw = lines.next()) != null) {
            String line = raw.strip();
            int no = lines.number();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("#")) {
                String rest = line.substring(1).strip();
                if (!rest.startsWith("HELP") && !rest.startsWith("TYPE") && !rest.isEmpty()) {
                    String text = rest.replaceFirst("^(?i)(scrape|time|timestamp)[:=]?\\s*", "");
                    Long t = c.timestamp(text);
                    if (t != null && !c.inRange(no, t, text)) {
                        t = 0L; // the error refuses the file; 0 only keeps the scrape from taking the import instant
                    }
                    if (t != null) {
                        if (!seenInBlock.isEmpty()) {
                            block++;
                            seenInBlock.clear();
                        }
                        blockTimes.put(block, t);
                    }
                }
                continue;
            }
            Matcher m = DCGM_LINE.matcher(line);
            if (!m.matches()) {
                c.error(no, "dcgmSyntax");
                continue;
            }
            String metric = m.group(1);
            if (!METRICS.contains(metric)) {
                continue; // other exporter metrics (clocks, power, …) are not needed here
            }
            Map<String, String> labels = labels(m.group(3));
            String gpuLabel = labels.get("gpu");
            if (gpuLabel == null) {
                c.error(no, "dcgmNoGpu", metric);
                continue;
            }
            int gpu = c.intOrError(no, "gpu", gpuLabel, 0, UtilizationParser.MAX_GPU_INDEX);
            String hostname = labels.get("Hostname");
            if (hostname != null && !UtilizationParser.validNode(hostname.strip())) {
                String h = hostname.strip();
                c.error(no, "range", "Hostname", h.length() > 40 ? h.substring(0, 40) + "…" : h);
                continue;
            }
            short nodeIndex = hostname == null || hostname.isBlank() ? 0 : s.node(hostname.strip());
            double value;
            try {
                value = Double.parseDouble(m.group(4));
            } catch (NumberFormatException e) {
                c.error(no, "number", metric, m.group(4));
                continue;
            }
            if (gpu < 0) {
                continue;
            }
            long at;
            if (m.group(5) != null) {
                Long t = Timestamps.exposition(m.group(5));
                if (t == null || !c.inRange(no, t, m.group(5))) {
                    if (t == null) {
                        c.error(no, "timestamp", m.group(5));
                    }
                    continue;
                }
                at = t;
            } else {
                String key = metric + "|" + nodeIndex + "|" + gpu;
                if (!seenInBlock.add(key)) {
                    block++;
                    seenInBlock.clear();
                    seenInBlock.add(key);
                }
                // a placeholder instant per block, replaced below: negative so it never meets a real one
                at = -1L - block;
                untimed.add(new long[] {block, no});
            }
            s.gpuName(nodeIndex, gpu, labels.get("modelName"));
            long pointAt = at;
            GpuPoint p = points.computeIfAbsent(new PointKey(at, nodeIndex, gpu),
                    k -> new GpuPoint(pointAt, nodeIndex, gpu, no));
            switch (metric) {
                case FB_USED -> p.used = value;
                case FB_FREE -> p.free = value;
                case GPU_UTIL -> p.util = value;
                case SM_ACTIVE -> p.sm = value;
                case GR_ACTIVE -> p.gr = value;
                default -> p.dram = value;
            }
        }
        int blocks = block + 1;
        for (long[] u : untimed) {
            int b = (int) u[0];
            if (!blockTimes.containsKey(b) && blocks > 1) {
                c.error((int) u[1], "dcgmNoTime");
                blockTimes.put(b, 0L); // report once per block
            }
        }
        for (GpuPoint p : points.values()) {
            long at = p.at;
            if (at < 0) {
                Long t = blockTimes.get((int) (-1L - at));
                at = t != null ? t : c.importedAt.toEpochMilli();
            }
            int no = p.line;
            if (Double.isNaN(p.used) || Double.isNaN(p.free)) {
                c.error(no, "dcgmMissingMemory", p.gpu);
                continue;
            }
            if (p.used < 0 || p.free < 0 || p.used + p.free <= 0 || p.used + p.free > Integer.MAX_VALUE) {
                c.error(no, "dcgmMemoryRange", p.gpu);
                continue;
            }
            float util = Float.NaN;
            if (!Double.isNaN(p.util)) {
                if (p.util < 0 || p.util > 100) {
                    c.error(no, "range", GPU_UTIL, p.util);
                    continue;
                }
                util = (float) p.util;
            }
            float sm = ratio(c, no, SM_ACTIVE, p.sm);
            float gr = ratio(c, no, GR_ACTIVE, p.gr);
            float dram = ratio(c, no, DRAM_ACTIVE, p.dram);
            if (c.room(no, s)) {
                s.addGpu(at, p.node, p.gpu, (int) Math.round(p.used), (int) Math.round(p.used + p.free), util, sm, gr,
                        dram);
            }
        }
        return s;
    }

    /** A DCGM profiling ratio (0–1) as a percentage; NaN stays NaN. */
    private static float ratio(ParseContext c, int line, String metric, double v) {
        if (Double.isNaN(v)) {
            return Float.NaN;
        }
        if (v < 0 || v > 1) {
            c.error(line, "ratioRange", metric, v);
            return Float.NaN;
        }
        return (float) (v * 100);
    }

    private static Map<String, String> labels(@Nullable String text) {
        Map<String, String> labels = new HashMap<>();
        if (text != null) {
            Matcher m = LABEL.matcher(text);
            while (m.find()) {
                labels.put(m.group(1), m.group(2));
            }
        }
        return labels;
    }
}
