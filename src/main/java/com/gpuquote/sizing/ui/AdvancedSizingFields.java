package com.gpuquote.sizing.ui;

import com.gpuquote.sizing.engine.Attention;
import com.gpuquote.sizing.engine.Framework;
import com.gpuquote.sizing.engine.LoraTargets;
import com.gpuquote.sizing.engine.Quantization;
import com.gpuquote.sizing.engine.ServingEngine;
import com.gpuquote.sizing.engine.SizingInput;
import com.gpuquote.sizing.engine.TrainingMode;
import com.gpuquote.sizing.engine.Workload;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.HasValue;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.details.Details;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.NumberField;

import java.util.List;

/**
 * The engine-v2 knobs of the sizing form (issue 13) in a collapsed "advanced" section, each showing its default:
 * training mode, attention kernel, weight format, LoRA targets, serving engine and its vLLM settings, host extras,
 * image resolution, and the architecture figures of an explicit model (intermediate size, head dimension, MoE, MLA).
 */
final class AdvancedSizingFields extends Details {

    final Select<Framework> framework;
    final Select<TrainingMode> trainingMode;
    final Select<Attention> attention;
    final Select<Quantization> quantization;
    final Select<LoraTargets> loraTargets;
    final Select<ServingEngine> servingEngine;
    final NumberField gpuMemoryUtilization;
    final IntegerField maxNumBatchedTokens;
    final Checkbox cudaGraphs = new Checkbox();
    final NumberField swapSpaceGiB;
    final NumberField kvCpuOffloadGiB;
    final IntegerField imageResolution;
    final IntegerField intermediateSize;
    final Checkbox tieWordEmbeddings = new Checkbox();
    final IntegerField headDim;
    final IntegerField experts;
    final IntegerField expertsPerToken;
    final IntegerField moeIntermediateSize;
    final IntegerField sharedExperts;
    final IntegerField kvLoraRank;
    final IntegerField qkRopeHeadDim;
    private final FormLayout layout = new FormLayout();

    AdvancedSizingFields(SizingForm.Fields f) {
        setId("sizing-advanced");
        setSummaryText(f.t("sizing.advanced"));
        framework = f.select("framework", Framework.values(), v -> "sizing.framework." + v.name(),
                "sizing.field.framework");
        // no framework: the engine assumes the Hugging Face stack
        framework.setEmptySelectionAllowed(true);
        framework.setEmptySelectionCaption(f.t("sizing.framework.none"));
        trainingMode = f.select("trainingMode", TrainingMode.values(), m -> "sizing.trainingMode." + m.name(),
                "sizing.field.trainingMode");
        attention = f.select("attention", Attention.values(), a -> "sizing.attention." + a.name(),
                "sizing.field.attention");
        quantization = f.select("quantization", Quantization.values(), q -> "sizing.quantization." + q.name(),
                "sizing.field.quantization");
        loraTargets = f.select("loraTargets", LoraTargets.values(), l -> "sizing.loraTargets." + l.name(),
                "sizing.field.loraTargets");
        servingEngine = f.select("servingEngine", ServingEngine.values(), e -> "sizing.servingEngine." + e.name(),
                "sizing.field.servingEngine");
        gpuMemoryUtilization = f.number("gpuMemoryUtilization", "sizing.field.gpuMemoryUtilization");
        maxNumBatchedTokens = f.integer("maxNumBatchedTokens", "sizing.field.maxNumBatchedTokens");
        cudaGraphs.setLabel(f.t("sizing.field.cudaGraphs"));
        cudaGraphs.setId("sizing-cudaGraphs");
        swapSpaceGiB = f.number("swapSpaceGiB", "sizing.field.swapSpaceGiB");
        kvCpuOffloadGiB = f.number("kvCpuOffloadGiB", "sizing.field.kvCpuOffloadGiB");
        imageResolution = f.integer("imageResolution", "sizing.field.imageResolution");
        intermediateSize = f.integer("model.intermediateSize", "sizing.field.intermediateSize");
        tieWordEmbeddings.setLabel(f.t("sizing.field.tieWordEmbeddings"));
        tieWordEmbeddings.setId("sizing-model-tieWordEmbeddings");
        headDim = f.integer("model.headDim", "sizing.field.headDim");
        experts = f.integer("model.experts", "sizing.field.experts");
        expertsPerToken = f.integer("model.expertsPerToken", "sizing.field.expertsPerToken");
        moeIntermediateSize = f.integer("model.moeIntermediateSize", "sizing.field.moeIntermediateSize");
        sharedExperts = f.integer("model.sharedExperts", "sizing.field.sharedExperts");
        kvLoraRank = f.integer("model.kvLoraRank", "sizing.field.kvLoraRank");
        qkRopeHeadDim = f.integer("model.qkRopeHeadDim", "sizing.field.qkRopeHeadDim");
        layout.setResponsiveSteps(new FormLayout.ResponsiveStep("0", 1), new FormLayout.ResponsiveStep("22em", 2));
        fields = List.of(framework, trainingMode, attention, quantization, loraTargets, servingEngine, gpuMemoryUtilization,
                maxNumBatchedTokens, cudaGraphs, swapSpaceGiB, kvCpuOffloadGiB, imageResolution, intermediateSize,
                tieWordEmbeddings, headDim, experts, expertsPerToken, moeIntermediateSize, sharedExperts, kvLoraRank,
                qkRopeHeadDim);
        // Issue 12: the section is collapsed and rarely opened, so its twenty fields reach the browser only when it
        // is opened; until then they keep their values on the server (the form reads them either way). This takes
        // about half the form's inputs out of the sizing view's first load.
        addOpenedChangeListener(e -> {
            if (e.isOpened() && layout.getParent().isEmpty()) {
                layout.add(fields.toArray(Component[]::new));
                add(layout);
            }
        });
    }

    private final List<Component> fields;

    /** The value fields, for change listeners. */
    List<HasValue<?, ?>> values() {
        List<HasValue<?, ?>> out = new java.util.ArrayList<>();
        fields.forEach(c -> {
            if (c instanceof HasValue<?, ?> v) {
                out.add(v);
            }
        });
        return out;
    }

    /** The documented defaults, shown rather than left empty. */
    void defaults() {
        trainingMode.setValue(SizingInput.DEFAULT_TRAINING_MODE);
        attention.setValue(SizingInput.DEFAULT_ATTENTION);
        quantization.setValue(Quantization.NONE);
        loraTargets.setValue(SizingInput.DEFAULT_LORA_TARGETS);
        servingEngine.setValue(SizingInput.DEFAULT_SERVING_ENGINE);
        gpuMemoryUtilization.setValue(SizingInput.DEFAULT_GPU_MEMORY_UTILIZATION);
        maxNumBatchedTokens.setValue(SizingInput.DEFAULT_MAX_NUM_BATCHED_TOKENS);
        cudaGraphs.setValue(true);
        swapSpaceGiB.setValue(SizingInput.DEFAULT_SWAP_SPACE_GIB);
        kvCpuOffloadGiB.setValue(0.0);
    }

    /** Shows the knobs the workload, the serving engine and the model source use. */
    void updateVisibility(Workload w, boolean explicitModel, boolean perImagePreset) {
        boolean training = w != null && w.isTraining();
        boolean inference = w == Workload.INFERENCE;
        boolean vllm = inference && servingEngine.getValue() != ServingEngine.HF_GENERATE;
        boolean model = w != null && w != Workload.GENERAL_COMPUTE;
        setVisible(model);
        trainingMode.setVisible(training);
        attention.setVisible(model && !perImagePreset);
        quantization.setVisible((inference || w == Workload.LORA_FINE_TUNING) && !perImagePreset);
        loraTargets.setVisible(w == Workload.LORA_FINE_TUNING && !perImagePreset);
        servingEngine.setVisible(inference);
        for (Component c : List.of(gpuMemoryUtilization, maxNumBatchedTokens, cudaGraphs, swapSpaceGiB,
                kvCpuOffloadGiB)) {
            c.setVisible(vllm);
        }
        imageResolution.setVisible(training && perImagePreset);
        for (Component c : List.of(intermediateSize, tieWordEmbeddings, headDim, experts, expertsPerToken,
                moeIntermediateSize, sharedExperts, kvLoraRank, qkRopeHeadDim)) {
            c.setVisible(explicitModel);
        }
    }
}
