package com.gpuquote.sizing.engine;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The training-time model against published GPU-hours of pretraining runs (docs/performance-validation.md): copied
 * numbers with their sources, the model at its documented default MFU, and the documented bound of ±35 %.
 * Llama 3 8B is listed in the document but not held here: its model-card hours imply 15.6 % MFU, far below the
 * 38–43 % Meta reports for the same cluster, so they count more than the run's compute (see the document).
 */
class PerformanceValidationTest {

    private static final double BOUND = 0.35;

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            // run, parameters, training tokens, GPU peak BF16/FP16 dense TFLOPS, published GPU-hours
            // LLaMA (Touvron et al. 2023, arXiv:2302.13971, Table 15), A100-80GB
            "LLaMA 7B,    6700000000,  1.0e12, 312, 82432",
            "LLaMA 13B,   13000000000, 1.0e12, 312, 135168",
            "LLaMA 33B,   32500000000, 1.4e12, 312, 530432",
            "LLaMA 65B,   65200000000, 1.4e12, 312, 1022362",
            // Llama 2 (Touvron et al. 2023, arXiv:2307.09288, Table 2), A100-80GB, 2T tokens
            "Llama 2 7B,  6740000000,  2.0e12, 312, 184320",
            "Llama 2 13B, 13020000000, 2.0e12, 312, 368640",
            "Llama 2 34B, 33700000000, 2.0e12, 312, 1038336",
            "Llama 2 70B, 68980000000, 2.0e12, 312, 1720320",
            // Llama 3 (Meta model card, April 2024), H100-80GB (989 dense BF16 TFLOPS), 15T tokens
            "Llama 3 70B, 70550000000, 15e12,  989, 6400000",
    })
    void publishedPretrainingGpuHoursWithinTheBound(String run, long parameters, double tokens, double peakTflops,
                                                     double publishedGpuHours) {
        int gpus = 1024; // GPU-hours do not depend on how many GPUs share the work
        var estimate = PerformanceModel.training(parameters, tokens,
                PerformanceModel.flopsPerParameterToken(false, ActivationRecompute.NONE), gpus, peakTflops,
                PerformanceModel.DEFAULT_TRAINING_MFU);
        double deviation = estimate.gpuHours() / publishedGpuHours - 1;
        assertThat(Math.abs(deviation)).as("%s: model %.0f GPU-h vs published %.0f (%+.0f %%)", run,
                estimate.gpuHours(), publishedGpuHours, deviation * 100).isLessThanOrEqualTo(BOUND);
    }
}
