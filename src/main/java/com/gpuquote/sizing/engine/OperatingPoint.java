package com.gpuquote.sizing.engine;

import org.jspecify.annotations.Nullable;

/**
 * Where a serving plan runs for the users stated, and what a user sees there (docs/sizing-model.md, "Operating
 * point"). Pure.
 * <ul>
 *   <li>Users stated as {@code microBatchSize} (concurrent sequences): they spread over the plan's replicas, each
 *   replica at ⌈users ÷ replicas⌉, at most its full-load batch (KV budget, {@code max_num_seqs}).</li>
 *   <li>Users stated as {@code traffic}: by Little's law a replica carrying λ requests/s keeps λ × (its time per
 *   request) in flight; in the cycle model that is the smallest batch whose throughput carries λ × outputTokens.
 *   The replicas needed are sized at the largest batch that still meets the SLO ({@code ttftMs}, {@code tpotMs}),
 *   and the operating point is the traffic spread over the replicas the customer gets (the plan's, or those
 *   needed when more).</li>
 *   <li>Nothing stated: full load.</li>
 * </ul>
 *
 * @param concurrentUsers          the users stated, or the traffic's concurrency by Little's law (null: none stated)
 * @param batchPerReplica          sequences each replica keeps in flight at the operating point
 * @param outputTokensPerSecond    output tokens/s of the replicas at the operating point together
 * @param perUserTokensPerSecond   output tokens/s one user's request receives (1,000 ÷ {@code timePerOutputTokenMs})
 * @param timeToFirstTokenMs       first-token latency at the operating point, with the serving overhead
 * @param timePerOutputTokenMs     time per output token at the operating point
 * @param replicasNeeded           replicas the traffic needs within the SLO (null without traffic)
 * @param meetsSlo                 whether the SLO is met at the operating point (null without an SLO); false when
 *                                 even one sequence per replica misses it
 */
public record OperatingPoint(@Nullable Integer concurrentUsers, int batchPerReplica, double outputTokensPerSecond,
                             double perUserTokensPerSecond, double timeToFirstTokenMs, double timePerOutputTokenMs,
                             @Nullable Integer replicasNeeded, @Nullable Boolean meetsSlo) {

    /**
     * @param fullLoadBatch the sequences one replica keeps in flight at full load (at least 1)
     * @param replicas      the plan's replicas
     * @param users         {@code microBatchSize} when stated, else null (ignored when traffic is given)
     */
    public static OperatingPoint of(ServingModel.Replica replica, int fullLoadBatch, int input, int output,
                                    int replicas, @Nullable Integer users, @Nullable ServingTraffic traffic) {
        int maxBatch = Math.max(1, fullLoadBatch);
        if (traffic == null) {
            Integer stated = users != null && users > 0 ? users : null;
            int batch = stated == null ? maxBatch
                    : Math.min(maxBatch, (int) Math.ceil((double) stated / Math.max(1, replicas)));
            return at(replica, batch, input, output, replicas, stated, null, null);
        }
        int sloBatch = largestBatchWithin(replica, maxBatch, input, output, traffic);
        boolean attainable = sloBatch > 0;
        int capacityBatch = attainable ? sloBatch : 1;
        double perReplicaCapacity = ServingModel.outputTokensPerSecond(replica, capacityBatch, input, output);
        int needed = (int) Math.max(1, Math.ceil(traffic.outputTokensPerSecond() / perReplicaCapacity - 1e-9));
        int serving = Math.max(replicas, needed);
        double perReplicaDemand = traffic.outputTokensPerSecond() / serving;
        int batch = smallestBatchCarrying(replica, capacityBatch, input, output, perReplicaDemand);
        double ttft = ServingModel.timeToFirstTokenAtLoadMs(replica, batch, input, output);
        double tpot = ServingModel.timePerOutputTokenMs(replica, batch, input, output);
        int inFlight = (int) Math.ceil(traffic.requestsPerSecond() * (ttft + output * tpot) / 1000 - 1e-9);
        Boolean meets = traffic.hasSlo() ? attainable && within(traffic, ttft, tpot) : null;
        return at(replica, batch, input, output, serving, Math.max(1, inFlight), needed, meets);
    }

    private static OperatingPoint at(ServingModel.Replica replica, int batch, int input, int output, int replicas,
                                     @Nullable Integer users, @Nullable Integer needed, @Nullable Boolean meetsSlo) {
        double perReplica = ServingModel.outputTokensPerSecond(replica, batch, input, output);
        double tpot = 1000.0 * batch / perReplica;
        double ttft = ServingModel.timeToFirstTokenAtLoadMs(replica, batch, input, output);
        return new OperatingPoint(users, batch, perReplica * replicas, 1000.0 / tpot, ttft, tpot, needed, meetsSlo);
    }

    /**
     * The largest batch of at most {@code maxBatch} whose first-token and per-token latencies meet the traffic's SLO
     * (both grow with the batch, so a binary search), {@code maxBatch} without an SLO, 0 when one sequence misses it.
     */
    static int largestBatchWithin(ServingModel.Replica replica, int maxBatch, int input, int output,
                                  ServingTraffic traffic) {
        if (!traffic.hasSlo()) {
            return maxBatch;
        }
        int lo = 0;
        int hi = maxBatch;
        while (lo < hi) {
            int mid = (lo + hi + 1) / 2;
            if (within(traffic, ServingModel.timeToFirstTokenAtLoadMs(replica, mid, input, output),
                    ServingModel.timePerOutputTokenMs(replica, mid, input, output))) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** The smallest batch of at most {@code maxBatch} whose throughput carries {@code demand} output tokens/s. */
    static int smallestBatchCarrying(ServingModel.Replica replica, int maxBatch, int input, int output,
                                     double demand) {
        int lo = 1;
        int hi = maxBatch;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (ServingModel.outputTokensPerSecond(replica, mid, input, output) >= demand - 1e-9) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    private static boolean within(ServingTraffic traffic, double ttftMs, double tpotMs) {
        return (traffic.ttftMs() == null || ttftMs <= traffic.ttftMs())
                && (traffic.tpotMs() == null || tpotMs <= traffic.tpotMs());
    }
}
