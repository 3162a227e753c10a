package com.gpuquote.catalog;

import java.math.BigDecimal;

/**
 * Filter of the instance type catalog; every null component means "no filter".
 *
 * @param region      region code, e.g. {@code cn-beijing}: types offered there
 * @param gpuModel    GPU model code, e.g. {@code A100-SXM4-80GB}
 * @param minVramGiB  minimum VRAM <em>per GPU</em> in GiB (2^30 bytes), inclusive
 * @param gpuCount    exact number of GPUs per instance
 */
public record InstanceTypeFilter(Provider provider, String region, String gpuModel, BigDecimal minVramGiB,
                                 Integer gpuCount, InstanceStatus status) {

    public static final InstanceTypeFilter ALL = new InstanceTypeFilter(null, null, null, null, null, null);

    public InstanceTypeFilter {
        region = blankToNull(region);
        gpuModel = blankToNull(gpuModel);
    }

    public InstanceTypeFilter withProvider(Provider value) {
        return new InstanceTypeFilter(value, region, gpuModel, minVramGiB, gpuCount, status);
    }

    public InstanceTypeFilter withRegion(String value) {
        return new InstanceTypeFilter(provider, value, gpuModel, minVramGiB, gpuCount, status);
    }

    public InstanceTypeFilter withGpuModel(String value) {
        return new InstanceTypeFilter(provider, region, value, minVramGiB, gpuCount, status);
    }

    public InstanceTypeFilter withMinVramGiB(BigDecimal value) {
        return new InstanceTypeFilter(provider, region, gpuModel, value, gpuCount, status);
    }

    public InstanceTypeFilter withGpuCount(Integer value) {
        return new InstanceTypeFilter(provider, region, gpuModel, minVramGiB, value, status);
    }

    public InstanceTypeFilter withStatus(InstanceStatus value) {
        return new InstanceTypeFilter(provider, region, gpuModel, minVramGiB, gpuCount, value);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
