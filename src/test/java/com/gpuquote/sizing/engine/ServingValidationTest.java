package com.gpuquote.sizing.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The serving model against NVIDIA's published TensorRT-LLM measurements (docs/performance-validation.md, "Serving"):
 * copied numbers with their source, the model at its documented constants, and the documented bound of ±35 %.
 * Source: NVIDIA/TensorRT-LLM docs/source/performance.md (v0.6.1 update): "Peak Throughput" (static batch, out
 * tokens/s per GPU; H100 FP8 weights and FP8 KV cache; L40S FP8 from v0.5; A100 FP16) and "Low Latency" (batch 1,
 * first-token latency). Four throughput rows and two latency rows miss the bound; they are held to their own
 * documented bounds below so that a change to the model that moves them is seen.
 */
class ServingValidationTest {

    private static final double BOUND = 0.35;

    /** Architectures as their configs publish them: parameters, layers, hidden, query heads, KV heads, head dim. */
    static ServingModel.Replica replica(String model, String gpu, int tp) {
        double[] m = switch (model) {
            case "GPT-J-6B" -> new double[] {6.05e9, 28, 4096, 16, 16, 256};
            case "LLaMA-7B" -> new double[] {6.74e9, 32, 4096, 32, 32, 128};
            case "LLaMA-70B" -> new double[] {68.98e9, 80, 8192, 64, 8, 128};
            case "Falcon-180B" -> new double[] {179.5e9, 80, 14848, 232, 8, 64};
            default -> throw new IllegalArgumentException(model);
        };
        // datasheets: bandwidth GB/s, dense TFLOPS in the benchmark's precision, one-direction GPU link GB/s, bytes/value
        double[] g = switch (gpu) {
            case "H100" -> new double[] {3350, 1979, 450, 1}; // H100 SXM5, FP8, NVLink 900 GB/s both ways
            case "A100" -> new double[] {2039, 312, 300, 2};  // A100 SXM4 80GB, FP16, NVLink 600 GB/s both ways
            case "L40S" -> new double[] {864, 733, 32, 1};    // L40S, FP8, PCIe 4.0 x16
            default -> throw new IllegalArgumentException(gpu);
        };
        int layers = (int) m[1];
        int kvHeads = (int) m[4];
        double headsPerGpu = tp <= kvHeads ? (double) kvHeads / tp : 1;
        double kvBytesPerTokenPerGpu = 2.0 * layers * headsPerGpu * m[5] * g[3];
        return new ServingModel.Replica(m[0], m[0], g[3], layers, (int) m[2], (int) (m[3] * m[5]),
                kvBytesPerTokenPerGpu, tp, 1, g[1], g[0], g[2], 0);
    }

    @ParameterizedTest(name = "{0} {1} batch {2} TP {3} {4}/{5}")
    @CsvSource({
            // GPU, model, batch, TP, input, output, published output tokens/s per GPU
            "H100, GPT-J-6B,    1024, 1, 128,  128,  26150",
            "H100, GPT-J-6B,    120,  1, 128,  2048, 8011",
            "H100, GPT-J-6B,    64,   1, 2048, 128,  2551",
            "H100, GPT-J-6B,    64,   1, 2048, 2048, 3327",
            "H100, LLaMA-7B,    768,  1, 128,  128,  19694",
            "H100, LLaMA-7B,    112,  1, 128,  2048, 6818",
            "H100, LLaMA-7B,    80,   1, 2048, 128,  2244",
            "H100, LLaMA-7B,    48,   1, 2048, 2048, 2740",
            "H100, LLaMA-70B,   1024, 2, 128,  128,  2657",
            "H100, LLaMA-70B,   96,   2, 2048, 128,  306",
            "H100, Falcon-180B, 1024, 4, 128,  128,  987",
            "H100, Falcon-180B, 64,   4, 2048, 128,  112",
            "L40S, GPT-J-6B,    64,   1, 128,  128,  3630",
            "L40S, GPT-J-6B,    64,   1, 128,  2048, 1859",
            "L40S, GPT-J-6B,    32,   1, 2048, 128,  616",
            "L40S, GPT-J-6B,    32,   1, 2048, 2048, 757",
            "L40S, LLaMA-7B,    64,   1, 128,  128,  3240",
            "L40S, LLaMA-7B,    64,   1, 128,  2048, 1622",
            "L40S, LLaMA-7B,    32,   1, 2048, 128,  581",
            "L40S, LLaMA-7B,    16,   1, 2048, 2048, 531",
            "A100, GPT-J-6B,    512,  1, 128,  128,  6374",
            "A100, GPT-J-6B,    120,  2, 128,  2048, 2192",
            "A100, GPT-J-6B,    60,   1, 2048, 128,  670",
            "A100, GPT-J-6B,    64,   2, 2048, 2048, 903",
            "A100, LLaMA-7B,    384,  1, 128,  128,  5586",
            "A100, LLaMA-7B,    60,   1, 128,  2048, 1928",
            "A100, LLaMA-7B,    52,   1, 2048, 128,  591",
            "A100, LLaMA-7B,    64,   2, 2048, 2048, 782",
            "A100, LLaMA-70B,   1280, 4, 128,  128,  670",
            "A100, LLaMA-70B,   240,  4, 128,  2048, 525",
            "A100, LLaMA-70B,   120,  4, 2048, 128,  79",
            "A100, Falcon-180B, 1024, 8, 128,  128,  232",
            "A100, Falcon-180B, 128,  8, 128,  2048, 180",
    })
    void publishedThroughputWithinTheBound(String gpu, String model, int batch, int tp, int input, int output,
                                           double publishedPerGpu) {
        double perGpu = ServingModel.outputTokensPerSecond(replica(model, gpu, tp), batch, input, output) / tp;
        double deviation = perGpu / publishedPerGpu - 1;
        assertThat(Math.abs(deviation)).as("%s %s: model %.0f vs published %.0f tok/s/GPU (%+.0f %%)", gpu, model,
                perGpu, publishedPerGpu, deviation * 100).isLessThanOrEqualTo(BOUND);
    }

    /**
     * The known misses: long generations of the grouped-query models (8 KV heads) with tensor parallelism on H100 in
     * FP8, where the model is up to 2.2× faster than measured (docs/performance-validation.md says why we think so).
     * Held between +60 % and +130 % so that a change that moves them is noticed.
     */
    @ParameterizedTest(name = "known miss: {0} {1} batch {2} TP {3} {4}/{5}")
    @CsvSource({
            "H100, LLaMA-70B,   480,  4, 128,  2048, 1486",
            "H100, LLaMA-70B,   64,   2, 2048, 2048, 547",
            "H100, Falcon-180B, 1024, 8, 128,  2048, 724",
            "H100, Falcon-180B, 64,   4, 2048, 2048, 264",
    })
    void knownMissesStayWhereTheDocumentSays(String gpu, String model, int batch, int tp, int input, int output,
                                             double publishedPerGpu) {
        double perGpu = ServingModel.outputTokensPerSecond(replica(model, gpu, tp), batch, input, output) / tp;
        assertThat(perGpu / publishedPerGpu - 1).isBetween(0.60, 1.30);
    }

    @ParameterizedTest(name = "first token {0} {1} TP {2} {3} tokens")
    @CsvSource({
            // GPU, model, TP, input tokens, published first-token latency ms (batch 1)
            "H100, GPT-J-6B,    1, 128,  7",
            "H100, GPT-J-6B,    1, 2048, 29",
            "H100, LLaMA-7B,    1, 128,  7",
            "H100, LLaMA-7B,    1, 2048, 36",
            "H100, LLaMA-70B,   4, 2048, 109",
            "H100, Falcon-180B, 8, 128,  27",
            "L40S, GPT-J-6B,    1, 128,  12",
            "L40S, GPT-J-6B,    1, 2048, 71",
            "L40S, LLaMA-7B,    1, 128,  14",
            "L40S, LLaMA-7B,    1, 2048, 73",
            "A100, GPT-J-6B,    1, 128,  12",
            "A100, GPT-J-6B,    1, 2048, 129",
            "A100, LLaMA-7B,    1, 128,  16",
            "A100, LLaMA-7B,    1, 2048, 133",
            "A100, LLaMA-70B,   4, 128,  47",
            "A100, LLaMA-70B,   4, 2048, 377",
            "A100, Falcon-180B, 8, 128,  61",
            "A100, Falcon-180B, 8, 2048, 509",
    })
    void publishedFirstTokenLatencyWithinTheBound(String gpu, String model, int tp, int input, double publishedMs) {
        double ms = ServingModel.timeToFirstTokenMs(replica(model, gpu, tp), input);
        double deviation = ms / publishedMs - 1;
        assertThat(Math.abs(deviation)).as("%s %s %d tokens: model %.1f ms vs published %.0f ms (%+.0f %%)", gpu,
                model, input, ms, publishedMs, deviation * 100).isLessThanOrEqualTo(BOUND);
    }

    /** The two latency misses (model too fast on H100 with TP 4-8), held where the document says. */
    @Test
    void firstTokenKnownMisses() {
        assertThat(ServingModel.timeToFirstTokenMs(replica("LLaMA-70B", "H100", 4), 128) / 26 - 1)
                .isBetween(-0.45, -0.35);
        assertThat(ServingModel.timeToFirstTokenMs(replica("Falcon-180B", "H100", 8), 2048) / 205 - 1)
                .isBetween(-0.45, -0.35);
    }
}
