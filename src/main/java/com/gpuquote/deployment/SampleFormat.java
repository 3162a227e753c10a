package com.gpuquote.deployment;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One format of utilisation file, read line by line from where detection left the lines. Detection looks at the
 * first line with content (and, for DCGM, the 200 lines from there): DCGM exporter text, a CSV header naming
 * nvidia-smi's or the host-memory columns, or header-less rows shaped like either.
 */
interface SampleFormat {

    /** Lines looked at to tell DCGM text from CSV. */
    int DCGM_LOOKAHEAD = 200;

    /** Reads the samples; errors go to the context (a file with errors is refused as a whole). */
    UtilizationSamples read(SampleLines lines, ParseContext context);

    /**
     * The format of the lines, positioned at the first line with content; null (with an error on the context) when
     * the file is empty or of no known format.
     */
    static @Nullable SampleFormat detect(SampleLines lines, ParseContext context) {
        lines.skipBlank();
        String first = lines.peek(0);
        if (first == null) {
            context.error(0, "empty");
            return null;
        }
        if (DcgmText.detect(lines)) {
            return new DcgmText();
        }
        String[] head = SampleLines.fields(first);
        Map<String, Integer> columns = SampleLines.header(head);
        if (columns.containsKey("timestamp") && columns.containsKey("memory.used")) {
            return new NvidiaSmiCsv(columns, true);
        }
        if (columns.containsKey("mem_total_kib")) {
            return new HostMemoryCsv(columns, true);
        }
        if (head.length >= 5 && SampleLines.isInt(head[1]) && context.timestamp(head[0]) != null) {
            return new NvidiaSmiCsv(NvidiaSmiCsv.HEADERLESS, false);
        }
        if (head.length == 3 && SampleLines.isInt(head[1]) && SampleLines.isInt(head[2])
                && context.timestamp(head[0]) != null) {
            return new HostMemoryCsv(HostMemoryCsv.HEADERLESS, false);
        }
        context.error(lines.number() + 1, "unknownFormat");
        return null;
    }
}
