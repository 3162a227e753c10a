package com.gpuquote.sizing.engine;

/**
 * DeepSpeed ZeRO's communication buffers at DeepSpeed's defaults (docs/sizing-model.md, "ZeRO buckets"), which
 * DeepSpeed's memory estimators leave out: the gradient reduce bucket and, for stages 1 and 2, the all-gather
 * bucket of updated weights (both {@code zeroBucketElements}, 5e8 by default); for stage 3 the parameters it keeps
 * gathered ({@code stage3_max_live_parameters}) and its prefetch bucket. Buffers are 16-bit; a bucket never holds
 * more than the tensors it collects.
 */
final class ZeroBuckets {

    /**
     * With {@code overlap_comm} stages 1 and 2 hold 4.5 times the reduce and all-gather buckets (the HF transformers
     * DeepSpeed guide: "overlap_comm uses 4.5x the allgather_bucket_size and reduce_bucket_size values").
     */
    static final double OVERLAP_COMM_FACTOR = 4.5;
    /** DeepSpeed default {@code stage3_max_live_parameters} (elements). */
    static final double STAGE3_MAX_LIVE_PARAMETERS = 1e9;
    /** DeepSpeed default {@code stage3_prefetch_bucket_size} (elements). */
    static final double STAGE3_PREFETCH_ELEMENTS = 5e7;

    private ZeroBuckets() {
    }

    /** GiB of ZeRO communication buffers per GPU for stage {@code zero} (0 without ZeRO). */
    static double gib(Resolved r) {
        int zero = r.zeroStage;
        if (zero == 0) {
            return 0;
        }
        double trainable = r.trainableParameters;
        double reduce = Math.min(r.zeroBucketElements, trainable);
        if (zero < 3) {
            double allgather = Math.min(r.zeroBucketElements, trainable);
            double factor = Boolean.TRUE.equals(r.zeroOverlapComm) ? OVERLAP_COMM_FACTOR : 1;
            return 2.0 * (reduce + allgather) * factor / SizingEngine.GIB;
        }
        // a gathered layer is materialised whole (this GPU's own shard included), up to the live-parameter budget
        double gatherable = r.model.parameters();
        double live = Math.min(STAGE3_MAX_LIVE_PARAMETERS, gatherable);
        double prefetch = Math.min(STAGE3_PREFETCH_ELEMENTS, gatherable);
        return 2.0 * (reduce + live + prefetch) / SizingEngine.GIB;
    }
}
