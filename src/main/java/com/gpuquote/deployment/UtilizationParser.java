package com.gpuquote.deployment;

import com.gpuquote.shared.CsvCharsets;

import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Reads a utilisation file and detects its format from the content (docs/deployments.md):
 * <ul>
 *   <li>nvidia-smi {@code --query-gpu=timestamp,index,name,memory.used,memory.total,utilization.gpu --format=csv}
 *       with or without header and units, LF or CRLF; as written on a Chinese-locale system too: UTF-16 with BOM
 *       (Windows PowerShell redirection), GB18030 (cmd, or Excel's "save as CSV"), full-width commas and colons,
 *       timestamps re-formatted by Excel ({@code 2026/11/20 15:15}, {@code 2026/11/20 下午 3:15:30},
 *       {@code 2026年11月20日 15:15:30}) and bracketed placeholders such as {@code [N/A]} or {@code [不支持]};</li>
 *   <li>host memory {@code timestamp,mem_total_kib,mem_available_kib} (epoch seconds or a date-time);</li>
 *   <li>DCGM exporter text: {@code DCGM_FI_DEV_FB_USED}, {@code _FB_FREE}, {@code _GPU_UTIL} and, when present,
 *       {@code DCGM_FI_PROF_SM_ACTIVE}, {@code _GR_ENGINE_ACTIVE}, {@code _DRAM_ACTIVE} (ratios 0–1), with
 *       exposition timestamps (ms) or, without them, one scrape per block, each timed by a comment line holding a
 *       date-time (e.g. {@code # 2026-11-20T10:00:00+08:00}) or, for a single scrape, the import instant.</li>
 * </ul>
 * Date-times without a zone are in {@code zone}. Every error is collected with its line; nothing is partial.
 */
public final class UtilizationParser {

    /**
     * The highest GPU index a sample may carry: indexes count a host's GPUs from 0, and the samples' column holds
     * 0–1023 (V46), far above any host, so a larger number is a broken file rather than a big machine.
     */
    public static final int MAX_GPU_INDEX = 1023;

    /**
     * Our policy: a sample is at most 10 years older than its import (as a deployment's start may be) and at most a
     * day later (a wrong time zone shows as the future; a day covers every zone offset). Anything else is a broken
     * clock or file (an unset RTC's 1970, Excel's year 0) and refused with its line rather than stored.
     */
    public static final int MAX_SAMPLE_AGE_YEARS = 10;

    /** At most this many errors are listed; the last entry then says how many more there were. */
    public static final int MAX_ERRORS = 1_000;

    private static final Pattern DATE_TIME = Pattern.compile(
            "^(\\d{4})[/\\-年](\\d{1,2})[/\\-月](\\d{1,2})日?"
                    + "(?:[ T]+(?:(?:星期|周)[一二三四五六日天]\\s*)?(上午|下午|AM|PM)?\\s*"
                    + "(\\d{1,2}):(\\d{2})(?::(\\d{2})(?:[.,](\\d{1,9}))?)?\\s*(AM|PM|上午|下午)?)"
                    + "\\s*(Z|[+\\-]\\d{2}:?\\d{2})?$", Pattern.CASE_INSENSITIVE);
    private static final Pattern EPOCH = Pattern.compile("^\\d{9,13}(\\.\\d+)?$");
    private static final Pattern DCGM_LINE = Pattern.compile(
            "^([A-Za-z_:][A-Za-z0-9_:]*)(\\{(.*)})?\\s+(\\S+)(?:\\s+(-?\\d+))?\\s*$");
    private static final Pattern LABEL = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    private final ZoneId zone;
    private final Instant importedAt;
    private final int maxSamples;
    private final String node;
    /** A host name is at most 253 characters (RFC 1123); the samples' node column holds no more. */
    public static final int MAX_NODE_LENGTH = 253;

    /** A node name as samples store it: at most {@value #MAX_NODE_LENGTH} characters, no spaces or control characters. */
    public static boolean validNode(String node) {
        return node.length() <= MAX_NODE_LENGTH && node.codePoints().allMatch(c -> c > 0x20 && c != 0x7f
                && !Character.isSpaceChar(c) && !Character.isISOControl(c));
    }
    private final List<LineError> errors = new ArrayList<>();
    private final long earliest;
    private final long latest;
    private int moreErrors;
    private boolean limitReported;

    /**
     * @param zone       zone of date-times that carry none
     * @param importedAt the instant a single un-timed DCGM scrape is taken at
     * @param maxSamples the most samples one file may hold
     */
    public UtilizationParser(ZoneId zone, Instant importedAt, int maxSamples) {
        this(zone, importedAt, maxSamples, "");
    }

    /**
     * @param node the node (host name) the file's samples come from ('' = the deployment's only node); DCGM lines
     *             with a {@code Hostname} label carry their own node
     */
    public UtilizationParser(ZoneId zone, Instant importedAt, int maxSamples, String node) {
        this.zone = zone;
        this.importedAt = importedAt;
        this.maxSamples = maxSamples;
        this.node = node == null ? "" : node;
        this.earliest = importedAt.atZone(ZoneOffset.UTC).minusYears(MAX_SAMPLE_AGE_YEARS).toInstant().toEpochMilli();
        this.latest = importedAt.plus(1, ChronoUnit.DAYS).toEpochMilli();
    }

    /** Parses the file or throws {@link UtilizationImportException} with every error. */
    public UtilizationSamples parse(byte[] content) {
        String text = decode(content);
        String[] lines = text.split("\r\n|\n|\r", -1);
        UtilizationSamples samples = null;
        int first = firstContentLine(lines);
        if (first < 0) {
            error(0, "empty");
        } else if (isDcgm(lines, first)) {
            samples = dcgm(lines);
        } else {
            String[] head = fields(lines[first]);
            Map<String, Integer> columns = header(head);
            if (columns.containsKey("timestamp") && columns.containsKey("memory.used")) {
                samples = nvidiaSmi(lines, first + 1, columns, first + 1);
            } else if (columns.containsKey("mem_total_kib")) {
                samples = host(lines, first + 1, columns, first + 1);
            } else if (head.length >= 5 && isInt(head[1]) && timestamp(head[0]) != null) {
                samples = nvidiaSmi(lines, first, Map.of("timestamp", 0, "index", 1, "name", 2, "memory.used", 3,
                        "memory.total", 4, "utilization.gpu", 5), 0);
            } else if (head.length == 3 && isInt(head[1]) && isInt(head[2]) && timestamp(head[0]) != null) {
                samples = host(lines, first, Map.of("timestamp", 0, "mem_total_kib", 1, "mem_available_kib", 2), 0);
            } else {
                error(first + 1, "unknownFormat");
            }
        }
        if (errors.isEmpty() && samples != null && samples.size() == 0) {
            error(0, "noSamples");
        }
        if (!errors.isEmpty()) {
            List<LineError> all = new ArrayList<>(errors);
            if (moreErrors > 0) {
                all.add(LineError.of(0, "moreErrors", moreErrors));
            }
            throw new UtilizationImportException(all);
        }
        return samples;
    }

    // ------------------------------------------------------------------------------------------------ nvidia-smi

    private UtilizationSamples nvidiaSmi(String[] lines, int start, Map<String, Integer> col, int headerLine) {
        UtilizationSamples s = new UtilizationSamples(UtilizationFormat.NVIDIA_SMI, node);
        if (headerLine > 0) {
            for (String required : List.of("index", "memory.total")) {
                if (!col.containsKey(required)) {
                    error(headerLine, "missingColumn", required);
                }
            }
            if (!errors.isEmpty()) {
                return s;
            }
        }
        int ts = col.get("timestamp");
        int idx = col.get("index");
        int used = col.get("memory.used");
        int total = col.get("memory.total");
        Integer util = col.get("utilization.gpu");
        int width = Math.max(Math.max(ts, idx), Math.max(used, total)) + 1;
        for (int i = start; i < lines.length; i++) {
            String line = lines[i];
            if (line.isBlank()) {
                continue;
            }
            int no = i + 1;
            String[] f = fields(line);
            if (f.length < width) {
                error(no, "columns", width, f.length);
                continue;
            }
            int before = errors.size() + moreErrors;
            Long at = timestampOrError(no, f[ts]);
            int gpu = intOrError(no, "index", f[idx], 0, MAX_GPU_INDEX);
            long usedMib = mibOrError(no, "memory.used", f[used]);
            long totalMib = mibOrError(no, "memory.total", f[total]);
            float utilPct = util == null || util >= f.length ? Float.NaN : percentOrError(no, "utilization.gpu", f[util], false);
            if (errors.size() + moreErrors > before) {
                continue;
            }
            if (totalMib <= 0) {
                error(no, "range", "memory.total", f[total]);
            } else if (usedMib > totalMib) {
                error(no, "usedAboveTotal", f[used], f[total]);
            } else if (room(no, s)) {
                s.addGpu(at, gpu, (int) usedMib, (int) totalMib, utilPct, Float.NaN, Float.NaN, Float.NaN);
            }
        }
        return s;
    }

    // ------------------------------------------------------------------------------------------------ host memory

    private UtilizationSamples host(String[] lines, int start, Map<String, Integer> col, int headerLine) {
        UtilizationSamples s = new UtilizationSamples(UtilizationFormat.HOST_MEMINFO, node);
        for (String required : List.of("timestamp", "mem_available_kib")) {
            if (!col.containsKey(required)) {
                error(headerLine, "missingColumn", required);
            }
        }
        if (!errors.isEmpty()) {
            return s;
        }
        int ts = col.get("timestamp");
        int total = col.get("mem_total_kib");
        int available = col.get("mem_available_kib");
        int width = Math.max(ts, Math.max(total, available)) + 1;
        for (int i = start; i < lines.length; i++) {
            String line = lines[i];
            if (line.isBlank()) {
                continue;
            }
            int no = i + 1;
            String[] f = fields(line);
            if (f.length < width) {
                error(no, "columns", width, f.length);
                continue;
            }
            int before = errors.size() + moreErrors;
            Long at = timestampOrError(no, f[ts]);
            long t = longOrError(no, "mem_total_kib", f[total]);
            long a = longOrError(no, "mem_available_kib", f[available]);
            if (errors.size() + moreErrors > before) {
                continue;
            }
            if (t <= 0) {
                error(no, "range", "mem_total_kib", f[total]);
            } else if (a > t) {
                error(no, "availableAboveTotal", f[available], f[total]);
            } else if (room(no, s)) {
                s.addHost(at, t, a);
            }
        }
        return s;
    }

    // ------------------------------------------------------------------------------------------------ DCGM

    private static final String FB_USED = "DCGM_FI_DEV_FB_USED";
    private static final String FB_FREE = "DCGM_FI_DEV_FB_FREE";
    private static final String GPU_UTIL = "DCGM_FI_DEV_GPU_UTIL";
    private static final String SM_ACTIVE = "DCGM_FI_PROF_SM_ACTIVE";
    private static final String GR_ACTIVE = "DCGM_FI_PROF_GR_ENGINE_ACTIVE";
    private static final String DRAM_ACTIVE = "DCGM_FI_PROF_DRAM_ACTIVE";
    private static final List<String> DCGM_METRICS = List.of(FB_USED, FB_FREE, GPU_UTIL, SM_ACTIVE, GR_ACTIVE, DRAM_ACTIVE);

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

    private UtilizationSamples dcgm(String[] lines) {
        UtilizationSamples s = new UtilizationSamples(UtilizationFormat.DCGM, node);
        Map<PointKey, GpuPoint> points = new java.util.LinkedHashMap<>();
        // without exposition timestamps: a scrape ends when a metric repeats for a GPU; its time is the last
        // date-time comment before it, or the import instant for a file with a single scrape
        Long blockTime = null;
        int block = 0;
        java.util.Set<String> seenInBlock = new java.util.HashSet<>();
        List<long[]> untimed = new ArrayList<>(); // {block, line} of points that need a block time
        Map<Integer, Long> blockTimes = new HashMap<>();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            int no = i + 1;
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("#")) {
                String rest = line.substring(1).strip();
                if (!rest.startsWith("HELP") && !rest.startsWith("TYPE") && !rest.isEmpty()) {
                    String raw = rest.replaceFirst("^(?i)(scrape|time|timestamp)[:=]?\\s*", "");
                    Long t = timestamp(raw);
                    if (t != null && !inRange(no, t, raw)) {
                        t = 0L; // the error refuses the file; 0 only keeps the scrape from taking the import instant
                    }
                    if (t != null) {
                        if (!seenInBlock.isEmpty()) {
                            block++;
                            seenInBlock.clear();
                        }
                        blockTime = t;
                        blockTimes.put(block, t);
                    }
                }
                continue;
            }
            Matcher m = DCGM_LINE.matcher(line);
            if (!m.matches()) {
                error(no, "dcgmSyntax");
                continue;
            }
            String metric = m.group(1);
            if (!DCGM_METRICS.contains(metric)) {
                continue; // other exporter metrics (clocks, power, …) are not needed here
            }
            Map<String, String> labels = labels(m.group(3));
            String gpuLabel = labels.get("gpu");
            if (gpuLabel == null) {
                error(no, "dcgmNoGpu", metric);
                continue;
            }
            int gpu = intOrError(no, "gpu", gpuLabel, 0, MAX_GPU_INDEX);
            String hostname = labels.get("Hostname");
            if (hostname != null && !validNode(hostname.strip())) {
                error(no, "range", "Hostname", hostname.strip().length() > 40 ? hostname.strip().substring(0, 40) + "…" : hostname.strip());
                continue;
            }
            short nodeIndex = hostname == null || hostname.isBlank() ? 0 : s.node(hostname.strip());
            double value;
            try {
                value = Double.parseDouble(m.group(4));
            } catch (NumberFormatException e) {
                error(no, "number", metric, m.group(4));
                continue;
            }
            if (gpu < 0) {
                continue;
            }
            long at;
            if (m.group(5) != null) {
                Long t = exposition(m.group(5));
                if (t == null || !inRange(no, t, m.group(5))) {
                    if (t == null) {
                        error(no, "timestamp", m.group(5));
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
                    blockTime = null;
                }
                // a placeholder instant per block, replaced below: negative so it never meets a real one
                at = -1L - block;
                untimed.add(new long[] {block, no});
            }
            GpuPoint p = points.computeIfAbsent(new PointKey(at, nodeIndex, gpu), k -> new GpuPoint(at, nodeIndex, gpu, no));
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
                error((int) u[1], "dcgmNoTime");
                blockTimes.put(b, 0L); // report once per block
            }
        }
        for (GpuPoint p : points.values()) {
            long at = p.at;
            if (at < 0) {
                Long t = blockTimes.get((int) (-1L - at));
                at = t != null ? t : importedAt.toEpochMilli();
            }
            int no = p.line;
            if (Double.isNaN(p.used) || Double.isNaN(p.free)) {
                error(no, "dcgmMissingMemory", p.gpu);
                continue;
            }
            if (p.used < 0 || p.free < 0 || p.used + p.free <= 0 || p.used + p.free > Integer.MAX_VALUE) {
                error(no, "dcgmMemoryRange", p.gpu);
                continue;
            }
            float util = Float.NaN;
            if (!Double.isNaN(p.util)) {
                if (p.util < 0 || p.util > 100) {
                    error(no, "range", GPU_UTIL, p.util);
                    continue;
                }
                util = (float) p.util;
            }
            float sm = ratio(no, SM_ACTIVE, p.sm);
            float gr = ratio(no, GR_ACTIVE, p.gr);
            float dram = ratio(no, DRAM_ACTIVE, p.dram);
            if (room(no, s)) {
                s.addGpu(at, p.node, p.gpu, (int) Math.round(p.used), (int) Math.round(p.used + p.free), util, sm, gr,
                        dram);
            }
        }
        return s;
    }

    /** A DCGM profiling ratio (0–1) as a percentage; NaN stays NaN. */
    private float ratio(int line, String metric, double v) {
        if (Double.isNaN(v)) {
            return Float.NaN;
        }
        if (v < 0 || v > 1) {
            error(line, "ratioRange", metric, v);
            return Float.NaN;
        }
        return (float) (v * 100);
    }

    private static Map<String, String> labels(String text) {
        Map<String, String> labels = new HashMap<>();
        if (text != null) {
            Matcher m = LABEL.matcher(text);
            while (m.find()) {
                labels.put(m.group(1), m.group(2));
            }
        }
        return labels;
    }

    private static boolean isDcgm(String[] lines, int first) {
        for (int i = first, n = Math.min(lines.length, first + 200); i < n; i++) {
            String l = lines[i].strip();
            if (l.startsWith("DCGM_FI_") || l.startsWith("# HELP DCGM_") || l.startsWith("# TYPE DCGM_")) {
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------------------------------------ helpers

    /** Decodes by BOM (UTF-8, UTF-16LE/BE), else strict UTF-8, else GB18030 (Chinese Windows). */
    static String decode(byte[] b) {
        if (b.length >= 2 && (b[0] & 0xff) == 0xff && (b[1] & 0xff) == 0xfe) {
            return new String(b, 2, b.length - 2, StandardCharsets.UTF_16LE);
        }
        if (b.length >= 2 && (b[0] & 0xff) == 0xfe && (b[1] & 0xff) == 0xff) {
            return new String(b, 2, b.length - 2, StandardCharsets.UTF_16BE);
        }
        if (b.length >= 3 && (b[0] & 0xff) == 0xef && (b[1] & 0xff) == 0xbb && (b[2] & 0xff) == 0xbf) {
            return new String(b, 3, b.length - 3, StandardCharsets.UTF_8);
        }
        return new String(b, CsvCharsets.detect(b));
    }

    private static int firstContentLine(String[] lines) {
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].isBlank()) {
                return i;
            }
        }
        return -1;
    }

    /** Splits on ASCII or full-width commas and trims each field (and any surrounding quotes). */
    static String[] fields(String line) {
        String[] f = line.replace('，', ',').split(",", -1);
        for (int i = 0; i < f.length; i++) {
            String v = f[i].strip();
            if (v.length() >= 2 && v.charAt(0) == '"' && v.charAt(v.length() - 1) == '"') {
                v = v.substring(1, v.length() - 1).strip();
            }
            f[i] = v;
        }
        return f;
    }

    /** Header names without their unit: {@code memory.used [MiB]} → {@code memory.used}. */
    private static Map<String, Integer> header(String[] head) {
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i < head.length; i++) {
            String name = head[i].toLowerCase(Locale.ROOT).replaceAll("\\s*[\\[(（].*$", "").strip();
            m.putIfAbsent(name, i);
        }
        return m;
    }

    private boolean room(int line, UtilizationSamples s) {
        if (s.size() >= maxSamples) {
            if (!limitReported) {
                limitReported = true;
                error(line, "tooManySamples", maxSamples);
            }
            return false;
        }
        return true;
    }

    private void error(int line, String code, Object... args) {
        if (errors.size() < MAX_ERRORS) {
            errors.add(LineError.of(line, code, args));
        } else {
            moreErrors++;
        }
    }

    private @Nullable Long timestampOrError(int line, String raw) {
        Long t = timestamp(raw);
        if (t == null) {
            error(line, "timestamp", raw);
        } else if (!inRange(line, t, raw)) {
            return null;
        }
        return t;
    }

    /** True when a sample's instant lies in the accepted span ({@link #MAX_SAMPLE_AGE_YEARS}); else an error. */
    private boolean inRange(int line, long at, String raw) {
        if (at < earliest) {
            error(line, "tooOld", raw, Instant.ofEpochMilli(earliest).toString());
            return false;
        }
        if (at > latest) {
            error(line, "future", raw);
            return false;
        }
        return true;
    }

    /** A Prometheus exposition timestamp (ms since the epoch), or null when it is no number a long can hold. */
    private static @Nullable Long exposition(String raw) {
        String digits = raw.startsWith("-") ? raw.substring(1) : raw;
        if (!isInt(digits)) {
            return null;
        }
        return Long.parseLong(raw);
    }

    /** Epoch milliseconds of a date-time in the formats above, or null. */
    @Nullable Long timestamp(String raw) {
        String s = raw.strip().replace('：', ':').replace('／', '/');
        if (s.isEmpty()) {
            return null;
        }
        int len = s.length();
        // fast path: nvidia-smi's own "2026/11/20 10:15:30.123"
        if (len == 23 && s.charAt(4) == '/' && s.charAt(7) == '/' && s.charAt(10) == ' ' && s.charAt(13) == ':'
                && s.charAt(16) == ':' && s.charAt(19) == '.') {
            try {
                LocalDateTime t = LocalDateTime.of(num(s, 0, 4), num(s, 5, 7), num(s, 8, 10), num(s, 11, 13),
                        num(s, 14, 16), num(s, 17, 19), num(s, 20, 23) * 1_000_000);
                return t.atZone(zone).toInstant().toEpochMilli();
            } catch (DateTimeException | NumberFormatException e) {
                return null;
            }
        }
        if (EPOCH.matcher(s).matches()) {
            double v = Double.parseDouble(s);
            return s.indexOf('.') < 0 && s.length() == 13 ? (long) v : Math.round(v * 1000);
        }
        Matcher m = DATE_TIME.matcher(s);
        if (!m.matches()) {
            return null;
        }
        try {
            int hour = Integer.parseInt(m.group(5));
            String ampm = m.group(4) != null ? m.group(4) : m.group(9);
            if (ampm != null) {
                boolean pm = ampm.equalsIgnoreCase("PM") || ampm.equals("下午");
                if (hour < 1 || hour > 12) {
                    return null;
                }
                hour = hour % 12 + (pm ? 12 : 0);
            }
            int nanos = 0;
            if (m.group(8) != null) {
                String frac = (m.group(8) + "000000000").substring(0, 9);
                nanos = Integer.parseInt(frac);
            }
            LocalDateTime t = LocalDateTime.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)), hour, Integer.parseInt(m.group(6)),
                    m.group(7) == null ? 0 : Integer.parseInt(m.group(7)), nanos);
            String offset = m.group(10);
            Instant at = offset == null ? t.atZone(zone).toInstant()
                    : t.toInstant(offset.equalsIgnoreCase("Z") ? ZoneOffset.UTC
                    : ZoneOffset.of(offset.length() == 5 ? offset.substring(0, 3) + ":" + offset.substring(3) : offset));
            return at.toEpochMilli();
        } catch (DateTimeException | NumberFormatException e) {
            return null;
        }
    }

    private static int num(String s, int from, int to) {
        int v = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                throw new NumberFormatException(s);
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private static boolean isInt(String s) {
        if (s.isEmpty() || s.length() > 18) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private int intOrError(int line, String field, String raw, int min, int max) {
        if (!isInt(raw) || Long.parseLong(raw) < min || Long.parseLong(raw) > max) {
            error(line, "integer", field, raw, min, max);
            return -1;
        }
        return Integer.parseInt(raw);
    }

    private long longOrError(int line, String field, String raw) {
        if (!isInt(raw)) {
            error(line, "number", field, raw);
            return -1;
        }
        return Long.parseLong(raw);
    }

    /** A memory value in MiB: {@code 1234}, {@code 1234 MiB}. */
    private long mibOrError(int line, String field, String raw) {
        String v = raw;
        if (v.regionMatches(true, Math.max(0, v.length() - 3), "MiB", 0, 3)) {
            v = v.substring(0, v.length() - 3).strip();
        }
        if (!isInt(v)) {
            error(line, "number", field, raw);
            return -1;
        }
        return Long.parseLong(v);
    }

    /** A percentage {@code 0–100} with or without {@code %}; a bracketed placeholder ({@code [N/A]}) is absent. */
    private float percentOrError(int line, String field, String raw, boolean required) {
        if (raw.startsWith("[") || raw.equalsIgnoreCase("N/A")) {
            return Float.NaN;
        }
        String v = raw.endsWith("%") || raw.endsWith("％") ? raw.substring(0, raw.length() - 1).strip() : raw;
        try {
            float f = Float.parseFloat(v);
            if (f >= 0 && f <= 100) {
                return f;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        error(line, "percent", field, raw);
        return Float.NaN;
    }
}
