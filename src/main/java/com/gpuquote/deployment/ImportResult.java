package com.gpuquote.deployment;

import java.time.Instant;
import java.util.List;

/**
 * What an import stored: new samples, samples already there (same deployment, instant and GPU, or instant for host
 * memory; counted once), distinct GPU indexes in the file, and the first and last instant of the file.
 * {@code hardwareMismatch}: how the file's GPUs differ from the deployment's, recorded on confirmation (empty when
 * they match).
 */
public record ImportResult(UtilizationFormat format, int imported, int duplicates, int gpus, Instant from, Instant to,
                           List<HardwareDifference> hardwareMismatch) {

    public ImportResult {
        hardwareMismatch = List.copyOf(hardwareMismatch);
    }

    public ImportResult(UtilizationFormat format, int imported, int duplicates, int gpus, Instant from, Instant to) {
        this(format, imported, duplicates, gpus, from, to, List.of());
    }
}
