package com.gpuquote.sizing.engine;

/** Numeric precision of the weights (and, for inference, optionally of the KV cache). */
public enum Precision {
    FP32(4.0),
    FP16(2.0),
    BF16(2.0),
    FP8(1.0),
    INT8(1.0),
    INT4(0.5);

    private final double bytes;

    Precision(double bytes) {
        this.bytes = bytes;
    }

    /** Bytes per value (b in docs/sizing-model.md). */
    public double bytes() {
        return bytes;
    }

    /** FP8, INT8 and INT4: usable for serving or as a frozen LoRA base, not for full training. */
    public boolean isQuantized() {
        return this == FP8 || this == INT8 || this == INT4;
    }
}
