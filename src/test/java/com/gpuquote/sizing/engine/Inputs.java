package com.gpuquote.sizing.engine;

/** Test input factories. */
final class Inputs {
    static final double GIB = 1024.0 * 1024 * 1024;

    private Inputs() {
    }

    static SizingInput.Builder inference(String preset, Precision precision, int seq) {
        return SizingInput.builder(Workload.INFERENCE).preset(preset).precision(precision).sequenceLength(seq);
    }

    static SizingInput.Builder training(ModelInput model, Precision precision, int seq) {
        return SizingInput.builder(Workload.TRAINING).model(model).precision(precision).sequenceLength(seq);
    }

    /** The Korthikanti et al. / ZeRO-paper style model: L 32, h 4096, a 32. */
    static ModelInput gpt(long parameters) {
        return ModelInput.explicit(parameters, 32, 4096, 32, null, null, null);
    }

    static SizingInput.Builder general(double gpuWs, double hostWs) {
        return SizingInput.builder(Workload.GENERAL_COMPUTE).gpuWorkingSetGiB(gpuWs).hostWorkingSetGiB(hostWs);
    }
}
