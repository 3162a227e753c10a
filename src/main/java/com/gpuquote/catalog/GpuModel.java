package com.gpuquote.catalog;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * A GPU model of the global catalog. Units (ADR 0101): VRAM in GiB (vendor nominal), memory and interconnect
 * bandwidth in GB/s (bytes), dense tensor TFLOPS.
 *
 * @param bf16Tflops null when the GPU has no BF16 support
 * @param sample     true when any value is not from the vendor's own documentation
 */
public record GpuModel(
        String code,
        String vendor,
        String architecture,
        BigDecimal vramGiB,
        BigDecimal memoryBandwidthGBs,
        BigDecimal fp16Tflops,
        BigDecimal bf16Tflops,
        Interconnect interconnect,
        BigDecimal interconnectGBs,
        String source,
        boolean sample) {

    public GpuModel {
        requireText(code, "code");
        requireText(vendor, "vendor");
        requireText(architecture, "architecture");
        requirePositive(vramGiB, "vramGiB");
        requirePositive(memoryBandwidthGBs, "memoryBandwidthGBs");
        requirePositive(fp16Tflops, "fp16Tflops");
        if (bf16Tflops != null) {
            requirePositive(bf16Tflops, "bf16Tflops");
        }
        Objects.requireNonNull(interconnect, "interconnect");
        requirePositive(interconnectGBs, "interconnectGBs");
        requireText(source, "source");
    }

    static void requireText(String value, String name) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " must not be blank");
        }
    }

    static void requirePositive(BigDecimal value, String name) {
        if (value == null || value.signum() <= 0) {
            throw new IllegalArgumentException(name + " must be > 0 but was " + value);
        }
    }
}
