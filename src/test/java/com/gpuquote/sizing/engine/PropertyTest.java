package com.gpuquote.sizing.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Invariants over many generated inputs (fixed seed, so failures reproduce). */
class PropertyTest {

    private static final int CASES = 2000;
    private static final int[] HEADS = {8, 16, 32, 40, 64, 128};

    private static ModelInput randomModel(Random rnd) {
        int heads = HEADS[rnd.nextInt(HEADS.length)];
        int hidden = heads * (32 << rnd.nextInt(4));
        int kv = heads / (1 << rnd.nextInt(3));
        int layers = 1 + rnd.nextInt(120);
        long params = (long) (12L * layers * (long) hidden * hidden * (0.5 + rnd.nextDouble()));
        Integer vocab = rnd.nextBoolean() ? 1000 + rnd.nextInt(200_000) : null;
        return ModelInput.explicit(Math.max(1, params), layers, hidden, heads, kv, vocab, null);
    }

    private static SizingInput.Builder randomTraining(Random rnd) {
        Workload w = rnd.nextBoolean() ? Workload.TRAINING : Workload.LORA_FINE_TUNING;
        Precision[] ps = {Precision.FP32, Precision.FP16, Precision.BF16};
        Offload[] offs = Offload.values();
        return SizingInput.builder(w).model(randomModel(rnd)).precision(ps[rnd.nextInt(ps.length)])
                .sequenceLength(1 + rnd.nextInt(32_768)).microBatchSize(1 + rnd.nextInt(16))
                .optimizer(Optimizer.values()[rnd.nextInt(3)])
                .activationRecompute(ActivationRecompute.values()[rnd.nextInt(3)])
                .offload(offs[rnd.nextInt(offs.length)]).loraRank(1 + rnd.nextInt(32))
                .gpusPerNode(1 + rnd.nextInt(8));
    }

    @Test
    void more_gpus_never_raise_per_gpu_need_under_zero3() {
        Random rnd = new Random(42);
        for (int i = 0; i < CASES; i++) {
            SizingInput.Builder b = randomTraining(rnd).zeroStage(3);
            int n = 1 + rnd.nextInt(512);
            int more = n + 1 + rnd.nextInt(512);
            SizingResult fewer = SizingEngine.size(b.gpuCount(n).build());
            SizingResult many = SizingEngine.size(b.gpuCount(more).build());
            assertThat(many.perGpu().totalGiB())
                    .as("case %d: N %d -> %d, %s", i, n, more, b.build())
                    .isLessThanOrEqualTo(fewer.perGpu().totalGiB() + 1e-9);
            assertThat(many.perGpu().weightsGiB()).isLessThanOrEqualTo(fewer.perGpu().weightsGiB() + 1e-12);
        }
    }

    @Test
    void more_gpus_never_raise_per_gpu_need_for_inference() {
        Random rnd = new Random(7);
        for (int i = 0; i < CASES; i++) {
            SizingInput.Builder b = SizingInput.builder(Workload.INFERENCE).model(randomModel(rnd))
                    .precision(Precision.values()[rnd.nextInt(Precision.values().length)])
                    .sequenceLength(1 + rnd.nextInt(131_072)).microBatchSize(1 + rnd.nextInt(64));
            int n = 1 + rnd.nextInt(64);
            assertThat(SizingEngine.size(b.gpuCount(n * 2).build()).perGpu().totalGiB())
                    .isLessThanOrEqualTo(SizingEngine.size(b.gpuCount(n).build()).perGpu().totalGiB() + 1e-9);
        }
    }

    @Test
    void recompute_never_raises_activations() {
        Random rnd = new Random(1234);
        for (int i = 0; i < CASES; i++) {
            SizingInput.Builder b = randomTraining(rnd).zeroStage(3).gpuCount(1 + rnd.nextInt(64));
            double none = SizingEngine.size(b.activationRecompute(ActivationRecompute.NONE).build()).perGpu().activationsGiB();
            double selective = SizingEngine.size(b.activationRecompute(ActivationRecompute.SELECTIVE).build())
                    .perGpu().activationsGiB();
            SizingResult fullResult = SizingEngine.size(b.activationRecompute(ActivationRecompute.FULL).build());
            SizingResult.PerGpu fullGpu = fullResult.perGpu();
            double full = fullGpu.activationsGiB();
            assertThat(selective).as("case %d", i).isLessThanOrEqualTo(none).isPositive();
            assertThat(full).as("case %d", i).isLessThanOrEqualTo(selective).isPositive();
            // checkpoints plus one layer's recompute working set stay below keeping every layer
            if (fullResult.model().layers() >= 2) {
                assertThat(full + fullGpu.recomputeGiB()).as("case %d", i).isLessThanOrEqualTo(none + 1e-9);
            }
        }
    }

    @Test
    void every_term_is_finite_and_non_negative_and_totals_add_up() {
        Random rnd = new Random(99);
        for (int i = 0; i < CASES; i++) {
            SizingInput.Builder b = randomTraining(rnd).zeroStage(3).gpuCount(1 + rnd.nextInt(256));
            SizingResult r = SizingEngine.size(b.build());
            SizingResult.PerGpu g = r.perGpu();
            double[] terms = {g.weightsGiB(), g.gradientsGiB(), g.optimizerStatesGiB(), g.activationsGiB(),
                    g.kvCacheGiB(), g.buffersGiB(), g.overheadGiB(), g.workingSetGiB(), g.logitsGiB(),
                    g.recomputeGiB(), g.frameworkGiB(), g.zeroBucketsGiB()};
            double sum = 0;
            for (double t : terms) {
                assertThat(t).isFinite().isGreaterThanOrEqualTo(0);
                sum += t;
            }
            assertThat(g.totalGiB()).isCloseTo(sum, org.assertj.core.api.Assertions.within(1e-6));
            assertThat(r.recommendedHostRamGiB()).isGreaterThanOrEqualTo(r.host().totalGiB());
            assertThat(r.recommendedHostRamGiB())
                    .isGreaterThanOrEqualTo(r.ratioBand().min() * g.totalGiB() * r.gpusPerNode() - 1e-9);
        }
    }
}
