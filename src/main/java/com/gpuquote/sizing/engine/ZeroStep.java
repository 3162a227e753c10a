package com.gpuquote.sizing.engine;

/**
 * The optimizer step of DeepSpeed ZeRO (docs/sizing-model.md, "ZeRO optimizer step"). ZeRO keeps the gradients in
 * the compute precision and makes their FP32 copy only at the step: stage 1 and 2 flatten the 16-bit gradients of
 * this GPU's partition and cast the flat tensor to FP32 ({@code stage_1_and_2.py}, {@code step()}), stage 3 does the
 * same per sub-group of at most {@code sub_group_size} elements ({@code stage3.py},
 * {@code _prepare_fp32_grad_for_sub_group}). At that moment each partitioned trainable parameter has its 16-bit
 * gradient, the flat copy and the FP32 copy (2 + 2 + 4 bytes; FP32 training: 4 + 4, the cast is no copy).
 * <p>
 * The step runs after the backward pass has freed the activations, the recompute working set and the logits, so the
 * two peaks are not added: the term is what the step needs beyond the gradient term and those activation terms (0
 * when the activations are the larger peak). With optimizer offload the step runs on the CPU (0).
 */
final class ZeroStep {

    /** DeepSpeed default {@code sub_group_size} (elements): stage 3 steps the partition in groups of this size. */
    static final double STAGE3_SUB_GROUP_SIZE = 1e9;

    private ZeroStep() {
    }

    /**
     * GiB the step needs above the gradient term and the activation terms of {@code b} (activations, recompute
     * working set, logits), per GPU of {@code n}.
     */
    static double gib(Resolved r, int n, Breakdown b) {
        if (r.zeroStage == 0 || r.offload != Offload.NONE) {
            return 0;
        }
        double trainable = r.trainableParameters;
        double partition = trainable / n;
        boolean fp32 = r.precision == Precision.FP32;
        double gradient = fp32 ? 4 : 2; // ZeRO reduces and keeps gradients in the compute precision
        double copies = fp32 ? 4 : 2 + 4; // the flat copy, and its FP32 cast unless already FP32
        double step = switch (r.zeroStage) {
            case 1 -> gradient * trainable + copies * partition; // stage 1 keeps every gradient until the step
            case 2 -> (gradient + copies) * partition;
            default -> gradient * partition + copies * Math.min(partition, STAGE3_SUB_GROUP_SIZE);
        };
        double beyond = step / SizingEngine.GIB - b.gradients - (b.activations + b.recompute + b.logits);
        return Math.max(0, beyond);
    }
}
