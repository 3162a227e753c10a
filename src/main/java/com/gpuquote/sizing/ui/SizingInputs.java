package com.gpuquote.sizing.ui;

import com.gpuquote.customer.CustomerId;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.sizing.RecommendationRequest;
import com.gpuquote.sizing.engine.RankBy;
import com.gpuquote.sizing.engine.ServingTraffic;
import com.gpuquote.sizing.engine.ActivationRecompute;
import com.gpuquote.sizing.engine.DatasetInput;
import com.gpuquote.sizing.engine.ModelInput;
import com.gpuquote.sizing.engine.ModelPreset;
import com.gpuquote.sizing.engine.ModelPresets;
import com.gpuquote.sizing.engine.Offload;
import com.gpuquote.sizing.engine.Optimizer;
import com.gpuquote.sizing.engine.Precision;
import com.gpuquote.sizing.engine.Recommender;
import com.gpuquote.sizing.engine.SizingInput;
import com.gpuquote.sizing.engine.Quantization;
import com.gpuquote.sizing.engine.ServingEngine;
import com.gpuquote.sizing.engine.TrainingMode;
import com.gpuquote.sizing.engine.Workload;

import java.math.BigDecimal;
import java.util.List;

/** Turns the form into a {@link RecommendationRequest} (only the visible workload's fields) and an input back into the form. */
final class SizingInputs {

    private SizingInputs() {
    }

    /** Sensible defaults: Llama 3 8B inference in BF16, 4,096 tokens, searched GPU count, hourly prices. */
    static void defaults(SizingForm f, List<String> regions) {
        f.workload.setValue(Workload.INFERENCE);
        f.usePreset.setValue(true);
        f.preset.setValue(ModelPresets.find("llama-3-8b").orElse(null));
        f.precision.setValue(Precision.BF16);
        f.microBatchSize.setValue(1);
        f.sequenceLength.setValue(4096);
        f.optimizer.setValue(Optimizer.ADAMW);
        f.zeroStage.setValue(0);
        f.offload.setValue(Offload.NONE);
        f.recompute.setValue(ActivationRecompute.NONE);
        f.loraRank.setValue(SizingInput.DEFAULT_LORA_RANK);
        f.workers.setValue(SizingInput.DEFAULT_DATALOADER_WORKERS_PER_GPU);
        f.gpuWorkingSet.setValue(16.0);
        f.hostWorkingSet.setValue(64.0);
        f.region.setValue(regions.isEmpty() ? null : regions.get(0));
        f.billingMode.setValue(BillingMode.HOURLY);
        f.hoursPerMonth.setValue(Recommender.DEFAULT_HOURS_PER_MONTH.intValueExact());
        f.maxCandidates.setValue(Recommender.DEFAULT_MAX_CANDIDATES);
        f.advanced.defaults();
    }

    static RecommendationRequest request(SizingForm f, CustomerId customer) {
        Workload w = f.workload.getValue();
        boolean model = w != Workload.GENERAL_COMPUTE;
        boolean training = w != null && w.isTraining();
        SizingInput.Builder b = SizingInput.builder(w).gpuCount(f.gpuCount.getValue()).gpusPerNode(f.gpusPerNode.getValue());
        if (model) {
            if (Boolean.FALSE.equals(f.usePreset.getValue())) {
                Double p = f.parameters.getValue();
                AdvancedSizingFields a = f.advanced;
                b.model(new ModelInput(null, p == null ? null : Math.round(p), f.layers.getValue(),
                        f.hiddenSize.getValue(), f.attentionHeads.getValue(), f.kvHeads.getValue(),
                        f.vocabSize.getValue(), f.largestLayer.getValue() == null ? null
                        : Math.round(f.largestLayer.getValue()), a.intermediateSize.getValue(),
                        Boolean.TRUE.equals(a.tieWordEmbeddings.getValue()) ? Boolean.TRUE : null,
                        a.headDim.getValue(), a.experts.getValue(),
                        a.experts.getValue() == null ? null : a.expertsPerToken.getValue(),
                        a.experts.getValue() == null ? null : a.moeIntermediateSize.getValue(),
                        a.experts.getValue() == null ? null : a.sharedExperts.getValue(), a.kvLoraRank.getValue(),
                        a.kvLoraRank.getValue() == null ? null : a.qkRopeHeadDim.getValue(), null));
            } else {
                ModelPreset preset = f.preset.getValue();
                b.model(preset == null ? null : ModelInput.preset(preset.id()));
            }
            b.precision(f.precision.getValue()).microBatchSize(f.microBatchSize.getValue())
                    .sequenceLength(f.sequenceLength.getValue());
        }
        if (w == Workload.INFERENCE) {
            b.kvCachePrecision(f.kvCachePrecision.getValue());
        }
        if (training) {
            b.optimizer(f.optimizer.getValue()).zeroStage(f.zeroStage.getValue()).offload(f.offload.getValue())
                    .activationRecompute(f.recompute.getValue()).dataloaderWorkersPerGpu(f.workers.getValue());
            if (f.datasetSize.getValue() != null) {
                b.dataset(new DatasetInput(f.datasetSize.getValue(), f.cacheInRam.getValue()));
            }
        }
        if (w == Workload.LORA_FINE_TUNING) {
            b.loraRank(f.loraRank.getValue());
        }
        if (model) {
            advanced(f, b, w);
        }
        if (w == Workload.GENERAL_COMPUTE) {
            b.gpuWorkingSetGiB(f.gpuWorkingSet.getValue()).hostWorkingSetGiB(f.hostWorkingSet.getValue())
                    .cpuIntensive(f.cpuIntensive.getValue());
        }
        Integer hours = f.hoursPerMonth.isVisible() ? f.hoursPerMonth.getValue() : null;
        Double billions = w.isTraining() && model ? f.trainingTokensBillions.getValue() : null;
        Double tokens = billions == null ? null : billions * 1e9;
        boolean serving = w == Workload.INFERENCE && f.requestsPerSecond.isVisible();
        ServingTraffic traffic = serving && (f.requestsPerSecond.getValue() != null || f.inputTokens.getValue() != null
                || f.outputTokens.getValue() != null)
                ? new ServingTraffic(f.requestsPerSecond.getValue(), f.inputTokens.getValue(), f.outputTokens.getValue(),
                        f.ttftMs.getValue(), f.tpotMs.getValue())
                : null;
        RankBy rankBy = tokens != null || serving ? f.rankBy.getValue() : null;
        return new RecommendationRequest(b.build(), f.region.getValue(), f.billingMode.getValue(),
                hours == null ? null : BigDecimal.valueOf(hours), f.maxCandidates.getValue(), customer, null, tokens,
                rankBy, null, null, traffic);
    }

    /** The advanced knobs the workload uses; defaults are sent as null so the engine's documented defaults apply. */
    private static void advanced(SizingForm f, SizingInput.Builder b, Workload w) {
        AdvancedSizingFields a = f.advanced;
        boolean perImage = f.perImagePreset();
        b.framework(a.framework.getValue());
        if (!perImage) {
            b.attention(a.attention.getValue());
        }
        if (w.isTraining()) {
            TrainingMode mode = a.trainingMode.getValue();
            // the form's AMP with FP32 precision is pure FP32 training (autocast over FP32 weights: REST only)
            b.trainingMode(mode == TrainingMode.AMP && f.precision.getValue() == Precision.FP32 ? null : mode);
        }
        Quantization q = a.quantization.getValue();
        if ((w == Workload.INFERENCE || w == Workload.LORA_FINE_TUNING) && q != null && q != Quantization.NONE
                && !perImage) {
            b.quantization(q);
        }
        if (w == Workload.LORA_FINE_TUNING && !perImage) {
            b.loraTargets(a.loraTargets.getValue());
        }
        if (w == Workload.INFERENCE) {
            b.servingEngine(a.servingEngine.getValue());
            if (a.servingEngine.getValue() != ServingEngine.HF_GENERATE) {
                b.gpuMemoryUtilization(a.gpuMemoryUtilization.getValue())
                        .maxNumBatchedTokens(a.maxNumBatchedTokens.getValue()).cudaGraphs(a.cudaGraphs.getValue())
                        .swapSpaceGiB(a.swapSpaceGiB.getValue()).kvCpuOffloadGiB(a.kvCpuOffloadGiB.getValue());
            }
        }
        if (perImage && w.isTraining()) {
            b.imageResolution(a.imageResolution.getValue());
        }
    }

    private static void applyAdvanced(SizingForm f, SizingInput in) {
        AdvancedSizingFields a = f.advanced;
        set(a.framework, in.framework());
        set(a.trainingMode, in.trainingMode());
        set(a.attention, in.attention());
        set(a.quantization, in.quantization());
        set(a.loraTargets, in.loraTargets());
        set(a.servingEngine, in.servingEngine());
        set(a.gpuMemoryUtilization, in.gpuMemoryUtilization());
        set(a.maxNumBatchedTokens, in.maxNumBatchedTokens());
        set(a.cudaGraphs, in.cudaGraphs());
        set(a.swapSpaceGiB, in.swapSpaceGiB());
        set(a.kvCpuOffloadGiB, in.kvCpuOffloadGiB());
        set(a.imageResolution, in.imageResolution());
        ModelInput m = in.model();
        if (m != null && m.preset() == null) {
            advancedModel(a, m);
        }
    }

    /** Puts an input (e.g. a what-if) into the form; fields the input leaves out keep their values. */
    static void apply(SizingForm f, SizingInput in) {
        apply(f, in, null, null);
    }

    /**
     * Puts an input into the form, and the region and billing mode when given (e.g. a saved sizing run); fields the
     * input leaves out keep their values. Recomputes once.
     */
    static void apply(SizingForm f, SizingInput in, String region, BillingMode billingMode) {
        apply(f, in, region, billingMode, null, null);
    }

    /** As {@link #apply(SizingForm, SizingInput, String, BillingMode)}, also with hours per month and candidates. */
    static void apply(SizingForm f, SizingInput in, String region, BillingMode billingMode, Integer hoursPerMonth,
                      Integer maxCandidates) {
        apply(f, in, region, billingMode, hoursPerMonth, maxCandidates, null, null, null);
    }

    /**
     * As above, also with what a saved run asked beside the input: the serving traffic and its SLO, the ranking and
     * the training tokens (each left as it is when null). Recomputes once.
     */
    static void apply(SizingForm f, SizingInput in, String region, BillingMode billingMode, Integer hoursPerMonth,
                      Integer maxCandidates, ServingTraffic traffic, RankBy rankBy, Double trainingTokens) {
        f.quietly(() -> {
            applyInput(f, in, region, billingMode, hoursPerMonth, maxCandidates);
            f.updateVisibility(); // the ranking offered follows the workload
            if (traffic != null) {
                f.requestsPerSecond.setValue(traffic.requestsPerSecond());
                f.inputTokens.setValue(traffic.inputTokens());
                f.outputTokens.setValue(traffic.outputTokens());
                f.ttftMs.setValue(traffic.ttftMs());
                f.tpotMs.setValue(traffic.tpotMs());
            }
            if (rankBy != null && f.rankBy.getListDataView().getItems().anyMatch(r -> r == rankBy)) {
                f.rankBy.setValue(rankBy);
            }
            if (trainingTokens != null) {
                f.trainingTokensBillions.setValue(trainingTokens / 1e9);
            }
        });
    }

    private static void applyInput(SizingForm f, SizingInput in, String region, BillingMode billingMode,
                                   Integer hoursPerMonth, Integer maxCandidates) {
        { // the saved input; its fields left out keep their values
            set(f.hoursPerMonth, hoursPerMonth);
            set(f.maxCandidates, maxCandidates);
            f.workload.setValue(in.workload());
            if (in.model() != null && in.model().preset() != null) {
                f.usePreset.setValue(true);
                f.preset.setValue(ModelPresets.find(in.model().preset()).orElse(null));
            } else if (in.model() != null) {
                explicitModel(f, in.model());
            }
            set(f.gpuWorkingSet, in.gpuWorkingSetGiB());
            set(f.hostWorkingSet, in.hostWorkingSetGiB());
            set(f.cpuIntensive, in.cpuIntensive());
            set(f.region, region);
            set(f.billingMode, billingMode);
            set(f.precision, in.precision());
            f.kvCachePrecision.setValue(in.kvCachePrecision());
            f.gpuCount.setValue(in.gpuCount());
            f.gpusPerNode.setValue(in.gpusPerNode());
            set(f.microBatchSize, in.microBatchSize());
            set(f.sequenceLength, in.sequenceLength());
            set(f.optimizer, in.optimizer());
            set(f.zeroStage, in.zeroStage());
            set(f.offload, in.offload());
            set(f.recompute, in.activationRecompute());
            set(f.loraRank, in.loraRank());
            set(f.workers, in.dataloaderWorkersPerGpu());
            if (in.dataset() != null) {
                f.datasetSize.setValue(in.dataset().sizeGiB());
                f.cacheInRam.setValue(Boolean.TRUE.equals(in.dataset().cacheInRam()));
            }
            applyAdvanced(f, in);
        }
    }

    /**
     * Puts an explicit model (e.g. read from a pasted config.json) into the form: the model source switches to explicit
     * figures, and every model field takes the model's value, an absent one cleared so no figure of the previous model
     * stays behind. Recomputes once.
     */
    static void applyModel(SizingForm f, ModelInput m) {
        f.quietly(() -> {
            explicitModel(f, m);
            advancedModel(f.advanced, m);
        });
    }

    /** The explicit model's figures kept in the advanced section; an absent one clears its field. */
    private static void advancedModel(AdvancedSizingFields a, ModelInput m) {
        a.intermediateSize.setValue(m.intermediateSize());
        a.tieWordEmbeddings.setValue(Boolean.TRUE.equals(m.tieWordEmbeddings()));
        a.headDim.setValue(m.headDim());
        a.experts.setValue(m.experts());
        a.expertsPerToken.setValue(m.expertsPerToken());
        a.moeIntermediateSize.setValue(m.moeIntermediateSize());
        a.sharedExperts.setValue(m.sharedExperts());
        a.kvLoraRank.setValue(m.kvLoraRank());
        a.qkRopeHeadDim.setValue(m.qkRopeHeadDim());
    }

    private static void explicitModel(SizingForm f, ModelInput m) {
        f.usePreset.setValue(false);
        f.parameters.setValue(m.parameters() == null ? null : m.parameters().doubleValue());
        f.layers.setValue(m.layers());
        f.hiddenSize.setValue(m.hiddenSize());
        f.attentionHeads.setValue(m.attentionHeads());
        f.kvHeads.setValue(m.kvHeads());
        f.vocabSize.setValue(m.vocabSize());
        f.largestLayer.setValue(m.largestLayerParameters() == null ? null
                : m.largestLayerParameters().doubleValue());
    }

    private static <V> void set(com.vaadin.flow.component.HasValue<?, V> field, V value) {
        if (value != null) {
            field.setValue(value);
        }
    }
}
