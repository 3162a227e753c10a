package com.gpuquote.sizing.engine;

/**
 * A VRAM:RAM band, expressed as the RAM multiple of VRAM: 1:2 to 1:4 is {@code new RatioBand(2, 4)}.
 * Both ends are inclusive.
 */
public record RatioBand(double min, double max) {

    private static final double EPS = 1e-9;

    public RatioBand {
        if (!(min > 0) || !Double.isFinite(max) || max < min) {
            throw new IllegalArgumentException("ratio band needs 0 < min <= max, got " + min + ".." + max);
        }
    }

    public RatioStatus status(double ramToVramRatio) {
        if (ramToVramRatio < min - EPS) {
            return RatioStatus.BELOW;
        }
        return ramToVramRatio > max + EPS ? RatioStatus.ABOVE : RatioStatus.WITHIN;
    }
}
