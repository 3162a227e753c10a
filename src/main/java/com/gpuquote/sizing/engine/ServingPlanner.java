package com.gpuquote.sizing.engine;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.commercial.BillingTerms;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Adds the serving estimate ({@link ServingModel}) to ranked INFERENCE candidates and, for {@code rankBy}
 * COST_PER_MILLION_TOKENS, re-orders them (ties: monthly price, then fewer instances, then the recommender's order).
 * Pure.
 * <p>
 * The request shape is the traffic's when given, else our policy: a request fills the sized context, a quarter of
 * it generated. Each replica keeps as many sequences in flight as its KV cache holds at that shape (the sized
 * concurrency scaled from the sized context to the request's tokens), at most {@link ServingModel#MAX_BATCH}.
 */
public final class ServingPlanner {

    /** Share of the sized context that is generated when no traffic says otherwise (our policy). */
    static final int OUTPUT_SHARE_DIVISOR = 4;
    /**
     * vLLM V1 {@code EngineArgs.get_batch_defaults}: on a GPU with at least 70 GiB that is not an A100 ("GPUs like H100
     * and MI300x") the OpenAI server defaults to {@code max_num_seqs} 1,024 and {@code max_num_batched_tokens} 8,192;
     * elsewhere 256 and 2,048.
     */
    static final int VLLM_LARGE_GPU_MAX_NUM_SEQS = 1024;
    static final double VLLM_LARGE_GPU_MIN_GIB = 70;
    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);

    private ServingPlanner() {
    }

    /** The candidates in the requested order, each with its estimate (absent when it cannot be computed). */
    public record Planned(List<RankedCandidate> candidates, Map<RankedCandidate, ServingPerformance> performance) {
    }

    /**
     * @param catalog       the priced catalog the candidates came from (for the GPUs' facts)
     * @param traffic       the traffic to carry, or null
     * @param hoursPerMonth hours billed per month for HOURLY/SPOT (null → 730)
     * @param keep          how many candidates to return after ranking
     */
    public static Planned plan(SizingInput input, List<RankedCandidate> ranked, List<CandidateInstance> catalog,
                               ServingTraffic traffic, RankBy rankBy, BigDecimal hoursPerMonth, int keep) {
        Map<RankedCandidate, ServingPerformance> performance = new LinkedHashMap<>();
        Resolved r = SizingEngine.resolveInto(input, true, new ArrayList<>());
        if (r.workload == Workload.INFERENCE && r.model != null && r.model.kind() == ModelKind.TRANSFORMER
                && r.sequenceLength > 1) {
            for (RankedCandidate c : ranked) {
                ServingPerformance p = estimate(r, c, JobPlanner.find(catalog, c), traffic, hoursPerMonth,
                        input.microBatchSize());
                if (p != null) {
                    performance.put(c, p);
                }
            }
        }
        List<RankedCandidate> ordered = new ArrayList<>(ranked);
        if (rankBy == RankBy.COST_PER_MILLION_TOKENS && !performance.isEmpty()) {
            Comparator<RankedCandidate> known = Comparator.comparing(c -> !performance.containsKey(c));
            ordered.sort(known.thenComparing((a, b) -> performance.containsKey(a) && performance.containsKey(b)
                            ? performance.get(a).costPerMillionOutputTokens()
                                    .compareTo(performance.get(b).costPerMillionOutputTokens()) : 0)
                    .thenComparing(RankedCandidate::monthlyPrice)
                    .thenComparingInt(RankedCandidate::instances));
        }
        List<RankedCandidate> kept = ordered.subList(0, Math.min(keep, ordered.size()));
        Map<RankedCandidate, ServingPerformance> keptPerformance = new LinkedHashMap<>();
        kept.forEach(c -> {
            if (performance.containsKey(c)) {
                keptPerformance.put(c, performance.get(c));
            }
        });
        return new Planned(List.copyOf(kept), keptPerformance);
    }

    static @Nullable ServingPerformance estimate(Resolved r, RankedCandidate c, CandidateInstance type,
                                                 ServingTraffic traffic, BigDecimal hoursPerMonth,
                                                 @Nullable Integer users) {
        Plan plan = c.plan();
        if (type == null || plan == null || type.memoryBandwidthGBs() <= 0 || c.maxConcurrentSequences() == null
                || c.maxConcurrentSequences() <= 0) {
            return null;
        }
        Double peak = computePeak(type, r.precision);
        if (peak == null || peak <= 0) {
            return null;
        }
        int output = traffic != null ? traffic.outputTokens() : Math.max(1, r.sequenceLength / OUTPUT_SHARE_DIVISOR);
        int input = traffic != null ? traffic.inputTokens() : Math.max(1, r.sequenceLength - output);
        int tp = plan.tensorParallel();
        int pp = plan.pipelineParallel();
        var replica = replica(r, type, tp, pp, peak);
        int batch = batch(r, type, c.maxConcurrentSequences(), input, output, users);
        double perReplica = ServingModel.outputTokensPerSecond(replica, batch, input, output);
        double total = perReplica * plan.replicas();
        double ttft = ServingModel.timeToFirstTokenMs(replica, input);

        double hours = c.billingMode() == BillingMode.HOURLY || c.billingMode() == BillingMode.SPOT
                ? (hoursPerMonth != null ? hoursPerMonth.doubleValue() : BillingTerms.DEFAULT_HOURS_PER_MONTH)
                : BillingTerms.DEFAULT_HOURS_PER_MONTH;
        double tokensPerMonth = total * hours * 3600;
        BigDecimal perMillion = c.monthlyPrice().multiply(MILLION)
                .divide(BigDecimal.valueOf(tokensPerMonth), 4, RoundingMode.HALF_UP);

        OperatingPoint op = OperatingPoint.of(replica, batch, input, output, plan.replicas(), users, traffic);
        Integer replicasNeeded = null;
        Integer instancesNeeded = null;
        BigDecimal priceForTraffic = null;
        Boolean meets = null;
        if (traffic != null) {
            replicasNeeded = op.replicasNeeded();
            int gpusPerReplica = tp * pp;
            instancesNeeded = plan.instancesPerReplica() > 1 ? replicasNeeded * plan.instancesPerReplica()
                    : (int) Math.ceil((double) replicasNeeded * gpusPerReplica / c.gpusPerInstance());
            priceForTraffic = c.monthlyPrice().multiply(BigDecimal.valueOf(instancesNeeded))
                    .divide(BigDecimal.valueOf(c.instances()), 2, RoundingMode.HALF_UP);
            meets = plan.replicas() >= replicasNeeded && !Boolean.FALSE.equals(op.meetsSlo());
        }
        return new ServingPerformance(total, batch, ttft, perMillion, input, output, replicasNeeded, instancesNeeded,
                priceForTraffic, meets, op, traffic);
    }

    /**
     * Output tokens/s of one replica of {@code tp} × {@code pp} GPUs of {@code type} at the request shape used without
     * traffic, with {@code maxConcurrentSequences} of the sized context in flight at most; NaN when it cannot be
     * estimated (no transformer, no GPU facts, FP32). The recommender compares tensor parallel against replicas by it.
     */
    static double replicaTokensPerSecond(Resolved r, CandidateInstance type, int tp, int pp,
                                         double maxConcurrentSequences) {
        if (r.workload != Workload.INFERENCE || r.model == null || r.model.kind() != ModelKind.TRANSFORMER
                || r.sequenceLength <= 1 || type.memoryBandwidthGBs() <= 0 || !(maxConcurrentSequences > 0)) {
            return Double.NaN;
        }
        Double peak = computePeak(type, r.precision);
        if (peak == null || peak <= 0) {
            return Double.NaN;
        }
        int output = Math.max(1, r.sequenceLength / OUTPUT_SHARE_DIVISOR);
        int input = Math.max(1, r.sequenceLength - output);
        return ServingModel.outputTokensPerSecond(replica(r, type, tp, pp, peak),
                batch(r, type, maxConcurrentSequences, input, output, null), input, output);
    }

    private static ServingModel.Replica replica(Resolved r, CandidateInstance type, int tp, int pp, double peak) {
        ModelSpec m = r.model;
        long active = m.activeParameters() > 0 ? m.activeParameters() : m.parameters();
        return new ServingModel.Replica(m.parameters(), active, r.precision.bytes(), m.layers(), m.hiddenSize(),
                m.attentionHeads() * m.headDim(), SizingEngine.kvBytesPerToken(m, r.kvPrecision, tp), tp, pp, peak,
                type.memoryBandwidthGBs(), type.interconnectGBs() / 2, type.networkGbps() / 8,
                hostStaged(type));
    }

    /**
     * Whether tensor parallel on this type all-reduces through host memory: GPUs joined by PCIe only (L20, L40S, L4,
     * A10, A30 without its bridge, T4), which cloud instances expose without peer-to-peer.
     */
    static boolean hostStaged(CandidateInstance type) {
        return "PCIE".equals(type.interconnect());
    }

    /**
     * Sequences in flight per replica: those whose KV cache fits at the request's length, at most the engine's
     * {@code max_num_seqs} ({@link #maxNumSeqs}), and at most the users stated ({@code microBatchSize}) when given: a
     * replica serving 32 users runs at 32, not at the batch its memory could hold.
     */
    private static int batch(Resolved r, CandidateInstance type, double maxConcurrentSequences, int input, int output,
                             @Nullable Integer users) {
        double tokensThatFit = maxConcurrentSequences * r.sequenceLength;
        double batch = Math.min(maxNumSeqs(r, type), Math.floor(tokensThatFit / (input + output)));
        if (users != null && users > 0) {
            batch = Math.min(batch, users);
        }
        return (int) Math.max(1, batch);
    }

    /**
     * vLLM V1's default {@code max_num_seqs} for the GPU: {@link #VLLM_LARGE_GPU_MAX_NUM_SEQS} on GPUs of at least
     * {@link #VLLM_LARGE_GPU_MIN_GIB} GiB whose name is not an A100, else {@link ServingModel#MAX_BATCH} (256); the
     * other engines keep 256.
     */
    static int maxNumSeqs(Resolved r, CandidateInstance type) {
        boolean large = type.vramPerGpuGiB() >= VLLM_LARGE_GPU_MIN_GIB
                && !type.gpuModel().toUpperCase(Locale.ROOT).contains("A100");
        return r.servingEngine == ServingEngine.VLLM && large ? VLLM_LARGE_GPU_MAX_NUM_SEQS : ServingModel.MAX_BATCH;
    }

    /**
     * Dense TFLOPS the replica's matrix products run at: BF16 or FP16 tensor cores for 16-bit weights (FP16 when a
     * GPU lacks BF16: the recommender already refused it unless asked otherwise), FP8 on GPUs that have it; weight-only
     * quantised INT8/INT4 (GPTQ, AWQ) and FP8 weights on older GPUs compute in 16 bits. None for FP32.
     */
    static Double computePeak(CandidateInstance type, Precision precision) {
        return switch (precision) {
            case BF16 -> type.bf16Tflops() != null ? type.bf16Tflops() : type.fp16Tflops();
            case FP16, INT8, INT4 -> type.fp16Tflops();
            case FP8 -> type.fp8Tflops() != null ? type.fp8Tflops() : type.fp16Tflops();
            case FP32 -> null;
        };
    }
}
