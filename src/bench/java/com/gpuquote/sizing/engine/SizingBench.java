package com.gpuquote.sizing.engine;

import com.gpuquote.commercial.BillingMode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * ns per sizing call and µs per recommendation over a synthetic catalog of 1,000 instance types × 4 billing
 * modes (4,000 priced candidates). Run: {@code mvn -Pbench -DskipTests test-compile exec:exec}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@Fork(1)
public class SizingBench {

    private static final RatioPolicy POLICY = RatioPolicy.defaults();

    SizingInput training;
    SizingInput inference;
    SizingInput qloraMoe;
    SizingInput vllmQuantized;
    SizingInput recommendFixed;
    SizingInput recommendAuto;
    List<CandidateInstance> catalog;

    @Setup
    public void setUp() {
        training = SizingInput.builder(Workload.TRAINING).preset("llama-3-8b").precision(Precision.BF16)
                .sequenceLength(4096).microBatchSize(2).gpuCount(8).zeroStage(3)
                .activationRecompute(ActivationRecompute.SELECTIVE).dataset(DatasetInput.cached(50)).build();
        inference = SizingInput.builder(Workload.INFERENCE).preset("llama-3-70b").precision(Precision.BF16)
                .sequenceLength(8192).microBatchSize(16).gpuCount(4).build();
        qloraMoe = SizingInput.builder(Workload.LORA_FINE_TUNING).preset("qwen3-30b-a3b").precision(Precision.BF16)
                .quantization(Quantization.NF4).sequenceLength(4096).microBatchSize(2)
                .activationRecompute(ActivationRecompute.FULL).build();
        vllmQuantized = SizingInput.builder(Workload.INFERENCE).preset("deepseek-v3").precision(Precision.BF16)
                .quantization(Quantization.AWQ_INT4).sequenceLength(32768).microBatchSize(32).gpuCount(8).build();
        recommendFixed = training;
        recommendAuto = SizingInput.builder(Workload.INFERENCE).preset("qwen2.5-72b").precision(Precision.BF16)
                .sequenceLength(8192).microBatchSize(8).build();
        catalog = syntheticCatalog(1000);
    }

    static List<CandidateInstance> syntheticCatalog(int types) {
        Random rnd = new Random(1);
        int[] gpus = {1, 2, 4, 8};
        double[] vram = {16, 24, 32, 40, 48, 80, 96, 141};
        double[] ramPerVram = {0.75, 1, 1.5, 2, 3, 4, 6};
        List<CandidateInstance> list = new ArrayList<>(types * 4);
        for (int t = 0; t < types; t++) {
            int g = gpus[rnd.nextInt(gpus.length)];
            double v = vram[rnd.nextInt(vram.length)];
            double ram = Math.round(v * g * ramPerVram[rnd.nextInt(ramPerVram.length)]);
            double hourly = 0.5 + v * g * (0.02 + 0.02 * rnd.nextDouble());
            BigDecimal h = BigDecimal.valueOf(hourly).setScale(4, java.math.RoundingMode.HALF_UP);
            String code = "type-" + t;
            String model = "GPU-" + (int) v;
            list.add(new CandidateInstance(code, model, g, v, 16 * g, ram, BillingMode.HOURLY, h, "CNY"));
            list.add(new CandidateInstance(code, model, g, v, 16 * g, ram, BillingMode.SPOT,
                    h.multiply(new BigDecimal("0.4")).setScale(4, java.math.RoundingMode.HALF_UP), "CNY"));
            list.add(new CandidateInstance(code, model, g, v, 16 * g, ram, BillingMode.MONTHLY,
                    h.multiply(new BigDecimal("600")).setScale(4, java.math.RoundingMode.HALF_UP), "CNY"));
            list.add(new CandidateInstance(code, model, g, v, 16 * g, ram, BillingMode.YEARLY,
                    h.multiply(new BigDecimal("6000")).setScale(4, java.math.RoundingMode.HALF_UP), "CNY"));
        }
        return list;
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public SizingResult sizeTraining() {
        return SizingEngine.size(training, POLICY);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public SizingResult sizeInference() {
        return SizingEngine.size(inference, POLICY);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public SizingResult sizeQloraMoe() {
        return SizingEngine.size(qloraMoe, POLICY);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public SizingResult sizeVllmQuantizedMla() {
        return SizingEngine.size(vllmQuantized, POLICY);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public Recommendation recommendFixedGpuCount() {
        return Recommender.recommend(recommendFixed, catalog, POLICY);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public Recommendation recommendAutoGpuCount() {
        return Recommender.recommend(recommendAuto, catalog, POLICY);
    }
}
