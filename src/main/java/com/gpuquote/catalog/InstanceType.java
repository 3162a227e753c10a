package com.gpuquote.catalog;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Collections;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * An instance type of the global catalog, e.g. {@code ecs.gni2.3xlarge} of family {@code ecs.gni2}.
 * Units (ADR 0101): RAM and NVMe in GiB, network in Gbit/s.
 *
 * @param id      null for a type not yet stored
 * @param regions region codes where the type is offered (kept sorted, unmodifiable)
 * @param sample  true when any value (specs or region availability) is not from the provider's own documentation
 * @param rdma    true when instances of this type talk over RDMA (InfiniBand / RoCE); false = none or unknown
 */
public record InstanceType(
        @Nullable InstanceTypeId id,
        Provider provider,
        String family,
        String code,
        GpuModel gpuModel,
        int gpuCount,
        int vcpu,
        BigDecimal ramGiB,
        BigDecimal localNvmeGiB,
        BigDecimal networkGbps,
        Set<String> regions,
        InstanceStatus status,
        String source,
        boolean sample,
        boolean rdma) {

    /** Scale of {@link #ramToVramRatio()}. */
    public static final int RATIO_SCALE = 2;

    public InstanceType {
        Objects.requireNonNull(provider, "provider");
        GpuModel.requireText(family, "family");
        GpuModel.requireText(code, "code");
        if (!code.startsWith(family + ".") || code.length() == family.length() + 1) {
            throw new IllegalArgumentException("code " + code + " is not <family>.<size> of family " + family);
        }
        Objects.requireNonNull(gpuModel, "gpuModel");
        if (gpuCount < 1) {
            throw new IllegalArgumentException("gpuCount must be >= 1 but was " + gpuCount);
        }
        if (vcpu < 1) {
            throw new IllegalArgumentException("vcpu must be >= 1 but was " + vcpu);
        }
        GpuModel.requirePositive(ramGiB, "ramGiB");
        localNvmeGiB = localNvmeGiB == null ? BigDecimal.ZERO : localNvmeGiB;
        if (localNvmeGiB.signum() < 0) {
            throw new IllegalArgumentException("localNvmeGiB must be >= 0 but was " + localNvmeGiB);
        }
        GpuModel.requirePositive(networkGbps, "networkGbps");
        SortedSet<String> sorted = new TreeSet<>(regions == null ? Set.of() : regions);
        regions = Collections.unmodifiableSortedSet(sorted);
        Objects.requireNonNull(status, "status");
        GpuModel.requireText(source, "source");
    }

    /** Without RDMA (none or unknown). */
    public InstanceType(InstanceTypeId id, Provider provider, String family, String code, GpuModel gpuModel,
                        int gpuCount, int vcpu, BigDecimal ramGiB, BigDecimal localNvmeGiB, BigDecimal networkGbps,
                        Set<String> regions, InstanceStatus status, String source, boolean sample) {
        this(id, provider, family, code, gpuModel, gpuCount, vcpu, ramGiB, localNvmeGiB, networkGbps, regions, status,
                source, sample, false);
    }

    public BigDecimal vramPerGpuGiB() {
        return gpuModel.vramGiB();
    }

    /** What one GPU's driver reports (GDDR cards: below nominal), the figure a workload is sized against. */
    public BigDecimal usableVramPerGpuGiB() {
        return gpuModel.usableVramGiB();
    }

    /** VRAM of all GPUs together, exact. */
    public BigDecimal totalVramGiB() {
        return gpuModel.vramGiB().multiply(BigDecimal.valueOf(gpuCount));
    }

    /** GiB of host RAM per GiB of VRAM, rounded HALF_UP to {@value #RATIO_SCALE} decimals (e.g. 1024/640 = 1.60). */
    public BigDecimal ramToVramRatio() {
        return ramGiB.divide(totalVramGiB(), RATIO_SCALE, RoundingMode.HALF_UP);
    }

    public boolean isOfferedIn(String regionCode) {
        return regions.contains(regionCode);
    }
}
