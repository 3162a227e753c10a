package com.gpuquote.sizing.engine;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.commercial.BillingTerms;
import com.gpuquote.commercial.Money;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Time and cost of a training job (docs/sizing-model.md, "Time and cost of a training run"; validated against
 * published runs in docs/performance-validation.md). Pure and stateless.
 * <p>
 * time = k · P_active · tokens / (GPUs · peak dense TFLOPS of the precision · MFU), with k FLOPs per parameter and
 * token: 6 for full training (2 forward, 4 backward: Kaplan et al. 2020, "Scaling Laws", §2.1), 8 with full activation
 * recompute (one more forward: Korthikanti et al. 2022, "Reducing Activation Recomputation", §5), 4 for LoRA (the
 * frozen weights need no weight gradients, only activation gradients; Hu et al. 2021 report the corresponding ~25 %
 * higher training throughput) and 6 for LoRA with full recompute. Mixture-of-experts models count active parameters.
 */
public final class PerformanceModel {

    /**
     * Model FLOPs utilisation of a well-run pretraining job: Meta reports 38–43 % BF16 MFU for Llama 3 405B on
     * 8,192–16,384 H100 (Llama 3 paper, 2024, Table 4); MegaScale reports 55 % at 12,288 GPUs, PaLM 46 %. 0.40 is the
     * default; a tenant may change it in its sizing policy.
     */
    public static final double DEFAULT_TRAINING_MFU = 0.40;
    public static final double MIN_MFU = 0.05;
    public static final double MAX_MFU = 0.80;
    private static final double SECONDS_PER_HOUR = 3600;
    private static final int HOURS_PER_YEAR = 8760;

    private PerformanceModel() {
    }

    /** Wall-clock hours and GPU-hours of a training job. */
    public record TrainingEstimate(double trainingHours, double gpuHours) {
    }

    /** FLOPs per active parameter and token: see the class comment. */
    public static double flopsPerParameterToken(boolean lora, ActivationRecompute recompute) {
        double k = lora ? 4 : 6;
        return recompute == ActivationRecompute.FULL ? k + 2 : k;
    }

    /**
     * @param peakTflops dense tensor TFLOPS of one GPU in the training precision
     * @param mfu        model FLOPs utilisation, {@value #MIN_MFU}…{@value #MAX_MFU}
     */
    public static TrainingEstimate training(long activeParameters, double tokens, double flopsPerParameterToken,
                                            int gpus, double peakTflops, double mfu) {
        if (activeParameters <= 0 || tokens <= 0 || gpus <= 0 || peakTflops <= 0 || mfu < MIN_MFU || mfu > MAX_MFU) {
            throw new IllegalArgumentException("parameters, tokens, GPUs, TFLOPS must be > 0 and MFU in range");
        }
        double flops = flopsPerParameterToken * activeParameters * tokens;
        double seconds = flops / (gpus * peakTflops * 1e12 * mfu);
        double hours = seconds / SECONDS_PER_HOUR;
        return new TrainingEstimate(hours, hours * gpus);
    }

    /**
     * Peak dense TFLOPS of the candidate's GPU for a training or serving precision: BF16 and FP16 tensor cores, FP8 on
     * Ada/Hopper and later, INT8; null when the GPU has none for it (or for FP32, which tensor-core figures do not
     * describe).
     */
    public static Double peakTflops(CandidateInstance c, Precision precision) {
        return switch (precision) {
            case BF16 -> c.bf16Tflops();
            case FP16 -> c.fp16Tflops();
            case FP8 -> c.fp8Tflops();
            case INT8, INT4 -> c.int8Tflops();
            case FP32 -> null;
        };
    }

    /**
     * What the job costs on {@code instances} instances at the (net) unit price: hourly and spot prices for the
     * hours it runs; a monthly price for every month begun (730 h each); a yearly price for every year begun.
     */
    public static BigDecimal jobCost(BillingMode mode, BigDecimal unitPrice, int instances, double trainingHours) {
        BigDecimal count = BigDecimal.valueOf(instances);
        return switch (mode) {
            case HOURLY, SPOT -> Money.amount(unitPrice.multiply(count)
                    .multiply(BigDecimal.valueOf(trainingHours)).setScale(6, RoundingMode.HALF_UP));
            case MONTHLY -> Money.amount(unitPrice.multiply(count)
                    .multiply(BigDecimal.valueOf(periodsBegun(trainingHours, BillingTerms.DEFAULT_HOURS_PER_MONTH))));
            case YEARLY -> Money.amount(unitPrice.multiply(count)
                    .multiply(BigDecimal.valueOf(periodsBegun(trainingHours, HOURS_PER_YEAR))));
        };
    }

    private static long periodsBegun(double hours, int hoursPerPeriod) {
        return Math.max(1, (long) Math.ceil(hours / hoursPerPeriod - 1e-9));
    }
}
