package com.gpuquote.sizing.engine;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The operating point of a serving plan: users spread over its replicas, traffic by Little's law, replicas sized
 * within the SLO, and the latencies a user sees there (not the idle first token, not the saturated batch).
 */
class OperatingPointTest {

    /** Llama-3-8B BF16 on one H100 SXM (989 dense TFLOPS, 3,350 GB/s): 32 layers, 4,096 wide, 128 KiB KV/token. */
    private static final ServingModel.Replica H100_8B = new ServingModel.Replica(8.03e9, 8.03e9, 2, 32, 4096, 4096,
            131072, 1, 1, 989, 3350, 450, 12.5);
    private static final int IN = 512;
    private static final int OUT = 512;
    private static final int FULL_LOAD = 256;

    private static double tps(int batch) {
        return ServingModel.outputTokensPerSecond(H100_8B, batch, IN, OUT);
    }

    @Test
    void oneUserGetsAboutOneWeightReadPerToken() {
        // by hand: a decode step reads 16.06 GB of weights at 0.8 × 3,350 GB/s = 5.99 ms, its FLOPs
        // (2 × 8.03e9 at 0.5 × 989 TFLOPS) add 0.03 ms and the KV of ~768 tokens 0.04 ms; the prompt's prefill
        // (~14 ms) spread over 512 tokens adds ~0.03 ms: ≈ 6.1 ms per token, ≈ 165 tokens/s for that user
        OperatingPoint p = OperatingPoint.of(H100_8B, FULL_LOAD, IN, OUT, 1, 1, null);
        assertThat(p.batchPerReplica()).isEqualTo(1);
        assertThat(p.timePerOutputTokenMs()).isBetween(5.9, 6.4);
        assertThat(p.perUserTokensPerSecond()).isEqualTo(1000 / p.timePerOutputTokenMs(), within(1e-9));
        assertThat(p.concurrentUsers()).isEqualTo(1);
    }

    @Test
    void statedUsersSpreadOverTheReplicasAndAreNotTheSaturatedBatch() {
        // 32 users on a plan of 8 replicas: 4 sequences each, not the 256 the KV cache could hold
        OperatingPoint p = OperatingPoint.of(H100_8B, FULL_LOAD, IN, OUT, 8, 32, null);
        assertThat(p.batchPerReplica()).isEqualTo(4);
        assertThat(p.concurrentUsers()).isEqualTo(32);
        assertThat(p.outputTokensPerSecond()).isEqualTo(8 * tps(4), within(1e-6));
        assertThat(p.perUserTokensPerSecond()).isEqualTo(tps(4) / 4, within(1e-6));
        // a user at 4 in flight gets more than a user of the saturated replica, and the plan less in total
        OperatingPoint full = OperatingPoint.of(H100_8B, FULL_LOAD, IN, OUT, 8, null, null);
        assertThat(full.batchPerReplica()).isEqualTo(FULL_LOAD);
        assertThat(full.concurrentUsers()).isNull();
        assertThat(p.perUserTokensPerSecond()).isGreaterThan(full.perUserTokensPerSecond());
        assertThat(p.outputTokensPerSecond()).isLessThan(full.outputTokensPerSecond());
    }

    @Test
    void usersBeyondTheKvBudgetRunAtTheBudget() {
        OperatingPoint p = OperatingPoint.of(H100_8B, 83, IN, OUT, 1, 500, null);
        assertThat(p.batchPerReplica()).isEqualTo(83);
        assertThat(p.concurrentUsers()).isEqualTo(500);
    }

    @Test
    void firstTokenAtLoadAddsTheRunningStepAndTheServingOverheadToTheIdleFigure() {
        double idle = ServingModel.timeToFirstTokenMs(H100_8B, IN);
        OperatingPoint one = OperatingPoint.of(H100_8B, FULL_LOAD, IN, OUT, 1, 1, null);
        OperatingPoint busy = OperatingPoint.of(H100_8B, FULL_LOAD, IN, OUT, 1, 128, null);
        // one user: the idle prefill + weight read, plus the 10 ms policy overhead (and a few µs of KV)
        assertThat(one.timeToFirstTokenMs()).isEqualTo(idle + ServingModel.SERVING_OVERHEAD_MS, within(0.2));
        assertThat(busy.timeToFirstTokenMs()).isGreaterThan(one.timeToFirstTokenMs());
    }

    @Test
    void trafficRunsAtTheBatchLittlesLawGives() {
        // 2 requests/s of 512 output tokens on one replica: 1,024 tokens/s must come out of it
        ServingTraffic t = new ServingTraffic(2.0, IN, OUT);
        OperatingPoint p = OperatingPoint.of(H100_8B, FULL_LOAD, IN, OUT, 1, null, t);
        int b = p.batchPerReplica();
        assertThat(tps(b)).isGreaterThanOrEqualTo(1024);
        assertThat(tps(b - 1)).isLessThan(1024);
        // Little's law: in flight = arrival rate × time in the system (first token + 512 tokens at the TPOT)
        double seconds = (p.timeToFirstTokenMs() + OUT * p.timePerOutputTokenMs()) / 1000;
        assertThat(p.concurrentUsers()).isEqualTo((int) Math.ceil(2.0 * seconds));
        assertThat(p.replicasNeeded()).isEqualTo(1);
        assertThat(p.meetsSlo()).isNull();
    }

    @Test
    void aPerTokenSloCapsTheBatchAndRaisesTheReplicasNeeded() {
        double rps = 30;
        ServingTraffic loose = new ServingTraffic(rps, IN, OUT);
        ServingTraffic tight = new ServingTraffic(rps, IN, OUT, null, 10.0);
        int sloBatch = OperatingPoint.largestBatchWithin(H100_8B, FULL_LOAD, IN, OUT, tight);
        assertThat(ServingModel.timePerOutputTokenMs(H100_8B, sloBatch, IN, OUT)).isLessThanOrEqualTo(10.0);
        assertThat(ServingModel.timePerOutputTokenMs(H100_8B, sloBatch + 1, IN, OUT)).isGreaterThan(10.0);
        OperatingPoint withoutSlo = OperatingPoint.of(H100_8B, FULL_LOAD, IN, OUT, 1, null, loose);
        OperatingPoint withSlo = OperatingPoint.of(H100_8B, FULL_LOAD, IN, OUT, 1, null, tight);
        // replicas = ⌈demand ÷ what one replica carries within the SLO⌉
        assertThat(withoutSlo.replicasNeeded()).isEqualTo((int) Math.ceil(rps * OUT / tps(FULL_LOAD)));
        assertThat(withSlo.replicasNeeded()).isEqualTo((int) Math.ceil(rps * OUT / tps(sloBatch)));
        assertThat(withSlo.replicasNeeded()).isGreaterThan(withoutSlo.replicasNeeded());
        assertThat(withSlo.meetsSlo()).isTrue();
        assertThat(withSlo.timePerOutputTokenMs()).isLessThanOrEqualTo(10.0);
    }

    @Test
    void aFirstTokenSloIsHeldToo() {
        ServingTraffic t = new ServingTraffic(30.0, IN, OUT, 40.0, null);
        OperatingPoint p = OperatingPoint.of(H100_8B, FULL_LOAD, IN, OUT, 1, null, t);
        assertThat(p.meetsSlo()).isTrue();
        assertThat(p.timeToFirstTokenMs()).isLessThanOrEqualTo(40.0);
    }

    @Test
    void anSloNoBatchMeetsIsSaidNotHidden() {
        // 6 ms per token needs less than one weight read per step: no replica count helps
        ServingTraffic t = new ServingTraffic(1.0, IN, OUT, null, 3.0);
        OperatingPoint p = OperatingPoint.of(H100_8B, FULL_LOAD, IN, OUT, 1, null, t);
        assertThat(p.meetsSlo()).isFalse();
        assertThat(p.batchPerReplica()).isEqualTo(1);
    }
}
