package com.gpuquote.deployment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZoneId;
import org.jspecify.annotations.Nullable;

/**
 * Reads a utilisation file and detects its format from the content (docs/deployments.md), one {@link SampleFormat}
 * per format:
 * <ul>
 *   <li>{@link NvidiaSmiCsv}: nvidia-smi {@code --query-gpu=timestamp,index,name,memory.used,memory.total,utilization.gpu
 *       --format=csv} with or without header and units, LF or CRLF; as written on a Chinese-locale system too: UTF-16
 *       with BOM (Windows PowerShell redirection), GB18030 (cmd, or Excel's "save as CSV"), full-width commas and
 *       colons, timestamps re-formatted by Excel ({@link Timestamps}) and bracketed placeholders such as {@code [N/A]}
 *       or {@code [不支持]};</li>
 *   <li>{@link HostMemoryCsv}: host memory {@code timestamp,mem_total_kib,mem_available_kib};</li>
 *   <li>{@link DcgmText}: DCGM exporter text.</li>
 * </ul>
 * The file is read as a stream of lines ({@link SampleLines}). Date-times without a zone are in {@code zone}. Every
 * error is collected with its line; nothing is partial.
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

    /** A host name is at most 253 characters (RFC 1123); the samples' node column holds no more. */
    public static final int MAX_NODE_LENGTH = 253;

    private final ZoneId zone;
    private final Instant importedAt;
    private final int maxSamples;
    private final String node;

    /** A node name as samples store it: at most {@value #MAX_NODE_LENGTH} characters, no spaces or control characters. */
    public static boolean validNode(String node) {
        return node.length() <= MAX_NODE_LENGTH && node.codePoints().allMatch(c -> c > 0x20 && c != 0x7f
                && !Character.isSpaceChar(c) && !Character.isISOControl(c));
    }

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
    public UtilizationParser(ZoneId zone, Instant importedAt, int maxSamples, @Nullable String node) {
        this.zone = zone;
        this.importedAt = importedAt;
        this.maxSamples = maxSamples;
        this.node = node == null ? "" : node;
    }

    /** Parses the file or throws {@link UtilizationImportException} with every error. */
    public UtilizationSamples parse(byte[] content) {
        try (SampleLines lines = SampleLines.of(content)) {
            return parse(lines);
        }
    }

    /** Parses an upload as a stream of lines or throws {@link UtilizationImportException} with every error. */
    public UtilizationSamples parse(UtilizationUpload upload) {
        try (SampleLines lines = SampleLines.open(upload::open)) {
            return parse(lines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    UtilizationSamples parse(SampleLines lines) {
        ParseContext context = new ParseContext(zone, importedAt, maxSamples, node);
        SampleFormat format = SampleFormat.detect(lines, context);
        UtilizationSamples samples = format == null ? null : format.read(lines, context);
        if (!context.hasErrors() && samples != null && samples.size() == 0) {
            context.error(0, "noSamples");
        }
        if (context.hasErrors() || samples == null) {
            throw new UtilizationImportException(context.errors());
        }
        return samples;
    }

    /** Epoch milliseconds of a date-time in the formats {@link Timestamps} reads, or null. */
    @Nullable Long timestamp(String raw) {
        return new Timestamps(zone).parse(raw);
    }
}
