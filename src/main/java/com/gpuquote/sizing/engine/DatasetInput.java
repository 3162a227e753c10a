package com.gpuquote.sizing.engine;

import org.jspecify.annotations.Nullable;

/**
 * The training data set. {@code sizeGiB} counts towards host RAM only when {@code cacheInRam} is true.
 * Both may be null (JSON omitted); validation reports a non-positive size as {@code dataset.sizeGiB}.
 */
public record DatasetInput(@Nullable Double sizeGiB, @Nullable Boolean cacheInRam) {

    public static DatasetInput cached(double sizeGiB) {
        return new DatasetInput(sizeGiB, true);
    }

    public static DatasetInput streamed(double sizeGiB) {
        return new DatasetInput(sizeGiB, false);
    }

    boolean cached() {
        return Boolean.TRUE.equals(cacheInRam);
    }
}
