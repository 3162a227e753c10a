package com.gpuquote.deployment;

import java.time.Instant;
import java.util.List;

/**
 * A utilisation file stored although its GPUs differ from the deployment's, on the consultant's confirmation: the
 * span of its samples, the differences, and when it was confirmed.
 */
public record HardwareMismatch(Instant samplesFrom, Instant samplesTo, List<HardwareDifference> differences,
                               Instant confirmedAt) {

    public HardwareMismatch {
        differences = List.copyOf(differences);
    }
}
