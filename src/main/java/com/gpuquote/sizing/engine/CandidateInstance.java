package com.gpuquote.sizing.engine;

import com.gpuquote.commercial.BillingMode;
import java.math.BigDecimal;

/**
 * One priced instance type offered to the recommender: the catalog row joined with its price in the
 * tenant's (or customer's) list in force for one billing mode. {@code ramGiB} and {@code vramPerGpuGiB} in GiB;
 * {@code unitPrice} is per hour (HOURLY, SPOT), per month (MONTHLY) or per year (YEARLY) and is what candidates are
 * ranked by (the customer's net price when an agreement applies); {@code listUnitPrice} is the list price beside it.
 *
 * <p>GPU facts from the catalog (issue 15; units of ADR 0101), per GPU unless said otherwise:
 * {@code fp16Tflops}, {@code bf16Tflops}, {@code fp8Tflops}, {@code int8Tflops} dense tensor TFLOPS (TOPS for INT8),
 * null = the GPU has no tensor cores for that format; {@code memoryBandwidthGBs} GB/s (bytes);
 * {@code interconnect} how the GPUs inside one instance talk ({@code NVLINK}, {@code PCIE}, {@code INFINITY_FABRIC},
 * {@code OTHER}) at {@code interconnectGBs} GB/s per GPU; between instances {@code networkGbps} Gbit/s (bits) of
 * the instance and {@code rdma} true when that network is RDMA (InfiniBand / RoCE). A candidate built without
 * facts ({@link #hasGpuFacts()} false: the older constructors) has every TFLOPS null, 0 bandwidths and a null
 * interconnect; the recommender then judges precisions by the GPU model's name ({@link GpuCapabilities}).
 *
 * <p>{@code vramPerGpuGiB} is the memory a workload gets (the driver-reported figure of GDDR cards, ADR 4002);
 * {@code nominalVramPerGpuGiB} the figure the card is sold with, which the reseller's RAM:VRAM band is stated against
 * (0 or less = the same as {@code vramPerGpuGiB}).
 */
public record CandidateInstance(
        String code,
        String gpuModel,
        int gpuCount,
        double vramPerGpuGiB,
        int vcpu,
        double ramGiB,
        BillingMode billingMode,
        BigDecimal unitPrice,
        String currency,
        BigDecimal listUnitPrice,
        Double fp16Tflops,
        Double bf16Tflops,
        Double fp8Tflops,
        Double int8Tflops,
        double memoryBandwidthGBs,
        String interconnect,
        double interconnectGBs,
        double networkGbps,
        boolean rdma,
        double nominalVramPerGpuGiB) {

    /** {@code listUnitPrice} null → {@code unitPrice} (no negotiated price). */
    public CandidateInstance {
        listUnitPrice = listUnitPrice == null ? unitPrice : listUnitPrice;
        nominalVramPerGpuGiB = nominalVramPerGpuGiB > 0 ? nominalVramPerGpuGiB : vramPerGpuGiB;
    }

    /** With GPU facts, nominal memory = usable memory (HBM cards, engine tests). */
    public CandidateInstance(String code, String gpuModel, int gpuCount, double vramPerGpuGiB, int vcpu, double ramGiB,
                             BillingMode billingMode, BigDecimal unitPrice, String currency, BigDecimal listUnitPrice,
                             Double fp16Tflops, Double bf16Tflops, Double fp8Tflops, Double int8Tflops,
                             double memoryBandwidthGBs, String interconnect, double interconnectGBs, double networkGbps,
                             boolean rdma) {
        this(code, gpuModel, gpuCount, vramPerGpuGiB, vcpu, ramGiB, billingMode, unitPrice, currency, listUnitPrice,
                fp16Tflops, bf16Tflops, fp8Tflops, int8Tflops, memoryBandwidthGBs, interconnect, interconnectGBs,
                networkGbps, rdma, vramPerGpuGiB);
    }

    /** Without GPU facts (unknown hardware: see the class comment). */
    public CandidateInstance(String code, String gpuModel, int gpuCount, double vramPerGpuGiB, int vcpu, double ramGiB,
                             BillingMode billingMode, BigDecimal unitPrice, String currency, BigDecimal listUnitPrice) {
        this(code, gpuModel, gpuCount, vramPerGpuGiB, vcpu, ramGiB, billingMode, unitPrice, currency, listUnitPrice,
                null, null, null, null, 0, null, 0, 0, false);
    }

    /** A candidate priced at list (net = list), without GPU facts. */
    public CandidateInstance(String code, String gpuModel, int gpuCount, double vramPerGpuGiB, int vcpu, double ramGiB,
                             BillingMode billingMode, BigDecimal unitPrice, String currency) {
        this(code, gpuModel, gpuCount, vramPerGpuGiB, vcpu, ramGiB, billingMode, unitPrice, currency, unitPrice);
    }

    /** True when the catalog's GPU facts came with this candidate (FP16 TFLOPS is required in the catalog). */
    public boolean hasGpuFacts() {
        return fp16Tflops != null;
    }

    /** The same instance at another unit price (list = net = {@code price}), facts kept. */
    public CandidateInstance withUnitPrice(BigDecimal price) {
        return new CandidateInstance(code, gpuModel, gpuCount, vramPerGpuGiB, vcpu, ramGiB, billingMode, price,
                currency, price, fp16Tflops, bf16Tflops, fp8Tflops, int8Tflops, memoryBandwidthGBs, interconnect,
                interconnectGBs, networkGbps, rdma, nominalVramPerGpuGiB);
    }

    /** GPUs inside one instance linked by NVLink (or NVSwitch); unknown facts count as not NVLink. */
    public boolean nvlink() {
        return "NVLINK".equals(interconnect);
    }
}
