package com.gpuquote.deployment;

import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** What the charts draw: time buckets of the window and the VRAM-use histogram (20 bands of 5 %). */
public record UsageSeries(List<Point> points, int[] vramHistogram) {

    /** One time bucket; a value is null when the bucket has no such sample. GiB are 2^30 bytes. */
    public record Point(Instant at, @Nullable Double vramUsedGiB, @Nullable Double vramTotalGiB, @Nullable Double smActivePct, @Nullable Double gpuUtilPct,
                        @Nullable Double ramUsedGiB, @Nullable Double ramTotalGiB) {
    }
}
