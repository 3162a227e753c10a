package com.gpuquote.deployment;

/** What the observed use says about a deployment (thresholds are tenant settings, {@link Thresholds}). */
public enum VerdictCode {
    /** VRAM used p95 above the threshold (default 90 %). */
    VRAM_SHORT,
    /** Host RAM used p95 above the threshold (default 90 %). */
    RAM_SHORT,
    /** VRAM and RAM used p95 both below the threshold (default 40 %). */
    OVERSIZED,
    /** SM activity (or, without it, GPU utilisation) p95 below the threshold (default 5 %). */
    UNDERUSED,
    OK
}
