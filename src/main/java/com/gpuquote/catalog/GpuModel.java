package com.gpuquote.catalog;

import org.jspecify.annotations.Nullable;
import java.math.BigDecimal;
import java.util.Objects;

/**
 * A GPU model of the global catalog. Units (ADR 0101): VRAM in GiB (vendor nominal), memory and interconnect
 * bandwidth in GB/s (bytes), dense tensor TFLOPS.
 *
 * @param bf16Tflops null when the GPU has no BF16 support
 * @param fp8Tflops  dense FP8 tensor TFLOPS, null when the GPU has no FP8 tensor cores (before Ada/Hopper)
 * @param int8Tflops dense INT8 tensor TOPS, null when the GPU has no INT8 tensor cores (V100)
 * @param sample     true when any value is not from the vendor's own documentation
 * @param driverVramGiB the memory the driver reports (nvidia-smi {@code memory.total}) in GiB where it is below the
 *                   nominal figure, as on GDDR cards (L40S: 46,068 MiB = 44.99 GiB of a nominal 48); null = nominal
 *                   (HBM cards report what they are sold with, give or take the driver's reserve). Sizing uses
 *                   {@link #usableVramGiB()}.
 */
public record GpuModel(
        String code,
        String vendor,
        String architecture,
        BigDecimal vramGiB,
        BigDecimal memoryBandwidthGBs,
        BigDecimal fp16Tflops,
        @Nullable BigDecimal bf16Tflops,
        @Nullable BigDecimal fp8Tflops,
        @Nullable BigDecimal int8Tflops,
        Interconnect interconnect,
        BigDecimal interconnectGBs,
        String source,
        boolean sample,
        @Nullable BigDecimal driverVramGiB) {

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
        if (fp8Tflops != null) {
            requirePositive(fp8Tflops, "fp8Tflops");
        }
        if (int8Tflops != null) {
            requirePositive(int8Tflops, "int8Tflops");
        }
        Objects.requireNonNull(interconnect, "interconnect");
        requirePositive(interconnectGBs, "interconnectGBs");
        requireText(source, "source");
        if (driverVramGiB != null) {
            requirePositive(driverVramGiB, "driverVramGiB");
            if (driverVramGiB.compareTo(vramGiB) > 0) {
                throw new IllegalArgumentException("driverVramGiB must not exceed vramGiB but was " + driverVramGiB);
            }
        }
    }

    /** Without a driver-reported figure (the nominal VRAM is what the driver reports). */
    public GpuModel(String code, String vendor, String architecture, BigDecimal vramGiB, BigDecimal memoryBandwidthGBs,
                    BigDecimal fp16Tflops, @Nullable BigDecimal bf16Tflops, @Nullable BigDecimal fp8Tflops,
                    @Nullable BigDecimal int8Tflops, Interconnect interconnect, BigDecimal interconnectGBs,
                    String source, boolean sample) {
        this(code, vendor, architecture, vramGiB, memoryBandwidthGBs, fp16Tflops, bf16Tflops, fp8Tflops, int8Tflops,
                interconnect, interconnectGBs, source, sample, null);
    }

    /** The memory a workload can be sized against: what the driver reports, else the nominal figure. */
    public BigDecimal usableVramGiB() {
        return driverVramGiB == null ? vramGiB : driverVramGiB;
    }

    /** The same model with another driver-reported figure. */
    public GpuModel withDriverVramGiB(@Nullable BigDecimal value) {
        return new GpuModel(code, vendor, architecture, vramGiB, memoryBandwidthGBs, fp16Tflops, bf16Tflops, fp8Tflops,
                int8Tflops, interconnect, interconnectGBs, source, sample, value);
    }

    /** Without FP8/INT8 figures (unknown: treated as unsupported). */
    public GpuModel(String code, String vendor, String architecture, BigDecimal vramGiB, BigDecimal memoryBandwidthGBs,
                    BigDecimal fp16Tflops, BigDecimal bf16Tflops, Interconnect interconnect, BigDecimal interconnectGBs,
                    String source, boolean sample) {
        this(code, vendor, architecture, vramGiB, memoryBandwidthGBs, fp16Tflops, bf16Tflops, null, null, interconnect,
                interconnectGBs, source, sample);
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
