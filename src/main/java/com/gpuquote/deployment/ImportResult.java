package com.gpuquote.deployment;

import java.time.Instant;

/**
 * What an import stored: new samples, samples already there (same deployment, instant and GPU, or instant for host
 * memory; counted once), distinct GPU indexes in the file, and the first and last instant of the file.
 */
public record ImportResult(UtilizationFormat format, int imported, int duplicates, int gpus, Instant from, Instant to) {
}
