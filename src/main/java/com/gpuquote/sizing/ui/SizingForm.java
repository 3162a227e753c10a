package com.gpuquote.sizing.ui;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.shared.FieldError;
import com.gpuquote.sizing.engine.RankBy;
import com.gpuquote.sizing.engine.ActivationRecompute;
import com.gpuquote.sizing.engine.ModelPreset;
import com.gpuquote.sizing.engine.Offload;
import com.gpuquote.sizing.engine.Optimizer;
import com.gpuquote.sizing.engine.Precision;
import com.gpuquote.sizing.engine.Workload;
import com.vaadin.flow.component.AbstractField;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.HasValidation;
import com.vaadin.flow.component.HasValue;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.radiobutton.RadioButtonGroup;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.NumberField;
import com.vaadin.flow.data.value.ValueChangeMode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sizing form: every input field with sensible defaults, only the fields relevant to the chosen workload
 * visible, and field errors shown next to the fields. {@link SizingInputs} turns it into a request and back.
 * Any change calls the listener (number fields are debounced with {@link ValueChangeMode#LAZY}).
 */
public class SizingForm extends FormLayout {

    /** Field of each request field name (JSON path), for showing errors (declared first: the fields register here). */
    final Map<String, HasValidation> byField = new LinkedHashMap<>();
    /** Bundle key of the label of each request field name (JSON path), for naming fields in messages. */
    private final Map<String, String> labelKeys = new LinkedHashMap<>();

    final Select<Workload> workload = select("workload", Workload.values(), w -> "sizing.workload." + w.name());
    final RadioButtonGroup<Boolean> usePreset = new RadioButtonGroup<>();
    final ComboBox<ModelPreset> preset = new ComboBox<>();
    /** Opens the paste-a-config.json dialog (the view wires it to the service); fills the explicit figures. */
    final Button pasteConfig = new Button();
    final NumberField parameters = number("model.parameters", "sizing.field.parameters");
    final IntegerField layers = integer("model.layers", "sizing.field.layers");
    final IntegerField hiddenSize = integer("model.hiddenSize", "sizing.field.hiddenSize");
    final IntegerField attentionHeads = integer("model.attentionHeads", "sizing.field.attentionHeads");
    final IntegerField kvHeads = integer("model.kvHeads", "sizing.field.kvHeads");
    final IntegerField vocabSize = integer("model.vocabSize", "sizing.field.vocabSize");
    final NumberField largestLayer = number("model.largestLayerParameters", "sizing.field.largestLayerParameters");
    final Select<Precision> precision = select("precision", Precision.values(), p -> "sizing.precision." + p.name());
    final Select<Precision> kvCachePrecision = select("kvCachePrecision", Precision.values(),
            p -> "sizing.precision." + p.name());
    final IntegerField gpuCount = integer("gpuCount", "sizing.field.gpuCount");
    final IntegerField gpusPerNode = integer("gpusPerNode", "sizing.field.gpusPerNode");
    final IntegerField microBatchSize = integer("microBatchSize", "sizing.field.microBatchSize");
    final IntegerField sequenceLength = integer("sequenceLength", "sizing.field.sequenceLength");
    final Select<Optimizer> optimizer = select("optimizer", Optimizer.values(), o -> "sizing.optimizer." + o.name());
    final Select<Integer> zeroStage = select("zeroStage", new Integer[] {0, 1, 2, 3}, String::valueOf);
    final Select<Offload> offload = select("offload", Offload.values(), o -> "sizing.offload." + o.name());
    final Select<ActivationRecompute> recompute = select("activationRecompute", ActivationRecompute.values(),
            r -> "sizing.recompute." + r.name());
    final IntegerField loraRank = integer("loraRank", "sizing.field.loraRank");
    final NumberField datasetSize = number("dataset.sizeGiB", "sizing.field.datasetSize");
    final Checkbox cacheInRam = new Checkbox();
    final IntegerField workers = integer("dataloaderWorkersPerGpu", "sizing.field.workers");
    final NumberField gpuWorkingSet = number("gpuWorkingSetGiB", "sizing.field.gpuWorkingSet");
    final NumberField hostWorkingSet = number("hostWorkingSetGiB", "sizing.field.hostWorkingSet");
    final Checkbox cpuIntensive = new Checkbox();
    final Select<String> region = new Select<>();
    final Select<BillingMode> billingMode = select("billingMode", BillingMode.values(), m -> "sizing.billing." + m.name());
    final IntegerField hoursPerMonth = integer("hoursPerMonth", "sizing.field.hoursPerMonth");
    final IntegerField maxCandidates = integer("maxCandidates", "sizing.field.maxCandidates");
    /** The training job (issue 15): tokens in billions, and what to rank by once they are given. */
    final NumberField trainingTokensBillions = number("trainingTokens", "sizing.field.trainingTokens");
    final Select<RankBy> rankBy = select("rankBy", TRAINING_RANKINGS, r -> "sizing.rankBy." + r.name());
    /** The traffic a serving plan must carry (issue 15): requests per second and tokens per request. */
    final NumberField requestsPerSecond = number("traffic.requestsPerSecond", "sizing.field.requestsPerSecond");
    final IntegerField inputTokens = integer("traffic.inputTokens", "sizing.field.inputTokens");
    final IntegerField outputTokens = integer("traffic.outputTokens", "sizing.field.outputTokens");
    /** The latency promised with that traffic (optional): first token and per output token, in ms. */
    final NumberField ttftMs = number("traffic.ttftMs", "sizing.field.ttftMs");
    final NumberField tpotMs = number("traffic.tpotMs", "sizing.field.tpotMs");
    static final RankBy[] TRAINING_RANKINGS = {RankBy.MONTHLY_PRICE, RankBy.JOB_COST, RankBy.TIME_TO_RESULT};
    static final RankBy[] SERVING_RANKINGS = {RankBy.MONTHLY_PRICE, RankBy.COST_PER_MILLION_TOKENS};
    /** The engine-v2 knobs, collapsed, with their defaults shown. */
    final AdvancedSizingFields advanced = new AdvancedSizingFields(new Fields());

    /** Every field of the form in its order; only the visible ones are children (see {@link #attachVisible()}). */
    private final List<Component> ordered;
    private Runnable onChange = () -> { };
    private boolean quiet;

    public SizingForm(List<ModelPreset> presets, List<String> regions) {
        setId("sizing-form");
        setResponsiveSteps(new ResponsiveStep("0", 1), new ResponsiveStep("22em", 2));
        label(workload, "sizing.field.workload");
        usePreset.setId("sizing-model-source");
        usePreset.setLabel(t("sizing.field.model"));
        usePreset.setItems(true, false);
        usePreset.setItemLabelGenerator(b -> t(b ? "sizing.model.preset" : "sizing.model.explicit"));
        preset.setId("sizing-preset");
        preset.setLabel(t("sizing.field.preset"));
        preset.setItems(presets);
        preset.setItemLabelGenerator(ModelPreset::displayName);
        preset.setAllowCustomValue(false);
        pasteConfig.setId("sizing-paste-config");
        pasteConfig.setText(t("sizing.config.paste"));
        pasteConfig.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        byField.put("model", preset);
        byField.put("model.preset", preset);
        label(precision, "sizing.field.precision");
        label(kvCachePrecision, "sizing.field.kvCachePrecision");
        kvCachePrecision.setEmptySelectionAllowed(true);
        // the empty choice says what it means (the weights' precision), so the field never looks blank
        precision.addValueChangeListener(e -> showKvCacheDefault());
        showKvCacheDefault();
        microBatchSize.setHelperText(t("sizing.field.microBatchSizeHelp"));
        gpuCount.setPlaceholder(t("sizing.field.gpuCountAuto"));
        gpusPerNode.setPlaceholder(t("sizing.field.gpusPerNodeAuto"));
        largestLayer.setHelperText(t("sizing.field.largestLayerParametersHelp"));
        hoursPerMonth.setHelperText(t("sizing.field.hoursPerMonthHelp"));
        maxCandidates.setHelperText(t("sizing.field.maxCandidatesHelp"));
        gpuCount.setHelperText(t("sizing.field.gpuCountHelp"));
        label(optimizer, "sizing.field.optimizer");
        label(zeroStage, "sizing.field.zeroStage");
        label(offload, "sizing.field.offload");
        label(recompute, "sizing.field.recompute");
        cacheInRam.setLabel(t("sizing.field.cacheInRam"));
        cacheInRam.setId("sizing-cacheInRam");
        cpuIntensive.setLabel(t("sizing.field.cpuIntensive"));
        cpuIntensive.setId("sizing-cpuIntensive");
        region.setId("sizing-region");
        region.setLabel(t("sizing.field.region"));
        region.setItems(regions);
        byField.put("region", region);
        labelKeys.put("region", "sizing.field.region");
        labelKeys.put("model", "sizing.field.model");
        labelKeys.put("model.preset", "sizing.field.preset");
        labelKeys.put("cacheInRam", "sizing.field.cacheInRam");
        label(billingMode, "sizing.field.billingMode");
        label(rankBy, "sizing.field.rankBy");
        rankBy.setValue(RankBy.JOB_COST); // a job with known tokens is compared by what it costs in all
        trainingTokensBillions.setHelperText(t("sizing.field.trainingTokensHelp"));
        requestsPerSecond.setHelperText(t("sizing.field.trafficHelp"));
        tpotMs.setHelperText(t("sizing.field.sloHelp"));
        ordered = List.of(workload, usePreset, preset, pasteConfig, parameters, layers, hiddenSize, attentionHeads,
                kvHeads, vocabSize, largestLayer, precision, kvCachePrecision, gpuCount, gpusPerNode, microBatchSize,
                sequenceLength, optimizer, zeroStage, offload, recompute, loraRank, trainingTokensBillions,
                requestsPerSecond, inputTokens, outputTokens, ttftMs, tpotMs, rankBy, datasetSize, cacheInRam, workers, gpuWorkingSet,
                hostWorkingSet, cpuIntensive, advanced, region, billingMode, hoursPerMonth, maxCandidates);
        add(ordered.toArray(Component[]::new));
        setColspan(advanced, 2);
        // registered before the recomputing listeners below, so the recomputation sees the reset values
        workload.addValueChangeListener(e -> {
            if ((e.isFromClient() || !quiet) && e.getOldValue() != null && e.getValue() != e.getOldValue()) {
                resetForWorkload(e.getValue());
            }
        });
        List<HasValue<?, ?>> values = new java.util.ArrayList<>(advanced.values());
        for (Component c : ordered) {
            if (c instanceof HasValue<?, ?> v) {
                values.add(v);
            }
        }
        for (HasValue<?, ?> v : values) {
            v.addValueChangeListener(e -> {
                if (e.isFromClient() || !quiet) {
                    updateVisibility();
                    onChange.run();
                }
            });
        }
    }

    /** Field factories for the advanced section: same ids, labels and error mapping as the form's own fields. */
    final class Fields {
        String t(String key) {
            return SizingForm.t(key);
        }

        IntegerField integer(String field, String label) {
            return SizingForm.this.integer(field, label);
        }

        NumberField number(String field, String label) {
            return SizingForm.this.number(field, label);
        }

        <T> Select<T> select(String field, T[] items, java.util.function.Function<T, String> itemLabel, String label) {
            Select<T> s = SizingForm.this.select(field, items, itemLabel);
            SizingForm.this.label(s, label);
            return s;
        }
    }

    /** True when the chosen preset is sized per image (vision and diffusion presets). */
    boolean perImagePreset() {
        ModelPreset p = preset.getValue();
        return Boolean.TRUE.equals(usePreset.getValue()) && p != null && p.perSample() != null;
    }

    public void setOnChange(Runnable onChange) {
        this.onChange = onChange;
    }

    /** Sets values without firing a recomputation per field; recomputes once at the end. */
    void quietly(Runnable change) {
        quiet = true;
        try {
            change.run();
        } finally {
            quiet = false;
        }
        updateVisibility();
        onChange.run();
    }

    /**
     * A workload switched by hand starts from that workload's defaults for the inputs that mean something else in
     * each (issue 42: an inference batch of 50 carried into LoRA asked for 3,003 GiB per GPU): micro-batch size,
     * LoRA rank, training tokens, the serving traffic and its latency objective, and the ranking. The model, precision,
     * sequence length, region and billing stay. Saved runs and what-ifs set the workload quietly and keep their values.
     */
    void resetForWorkload(Workload w) {
        boolean wasQuiet = quiet;
        quiet = true;
        try {
            microBatchSize.setValue(com.gpuquote.sizing.engine.SizingInput.DEFAULT_MICRO_BATCH_SIZE);
            loraRank.setValue(com.gpuquote.sizing.engine.SizingInput.DEFAULT_LORA_RANK);
            trainingTokensBillions.clear();
            requestsPerSecond.clear();
            inputTokens.clear();
            outputTokens.clear();
            ttftMs.clear();
            tpotMs.clear();
            boolean serving = w == Workload.INFERENCE && !perImagePreset();
            rankBy.setItems(serving ? SERVING_RANKINGS : TRAINING_RANKINGS);
            rankBy.setValue(serving ? RankBy.MONTHLY_PRICE : RankBy.JOB_COST);
        } finally {
            quiet = wasQuiet;
        }
    }

    /** The KV-cache choice "same as weights" names the precision it stands for (BF16 under INT8/INT4 weights). */
    private void showKvCacheDefault() {
        Precision weights = precision.getValue();
        String caption = weights == null ? t("sizing.field.sameAsWeights") : com.vaadin.flow.component.UI.getCurrent()
                .getTranslation("sizing.field.sameAsWeightsWith",
                        com.gpuquote.sizing.engine.SizingInput.defaultKvCachePrecision(weights).name());
        kvCachePrecision.setEmptySelectionCaption(caption);
        kvCachePrecision.setPlaceholder(caption);
    }

    /** Shows only the fields the chosen workload uses. */
    void updateVisibility() {
        Workload w = workload.getValue();
        boolean model = w != Workload.GENERAL_COMPUTE;
        boolean training = w != null && w.isTraining();
        boolean explicit = model && Boolean.FALSE.equals(usePreset.getValue());
        usePreset.setVisible(model);
        pasteConfig.setVisible(model);
        preset.setVisible(model && !explicit);
        for (Component c : List.of(parameters, layers, hiddenSize, attentionHeads, kvHeads, vocabSize, largestLayer)) {
            c.setVisible(explicit);
        }
        for (Component c : List.of(precision, microBatchSize)) {
            c.setVisible(model);
        }
        sequenceLength.setVisible(model && !perImagePreset());
        advanced.updateVisibility(w, explicit, perImagePreset());
        kvCachePrecision.setVisible(w == Workload.INFERENCE);
        for (Component c : List.of(optimizer, zeroStage, offload, recompute, datasetSize, cacheInRam, workers,
                trainingTokensBillions)) {
            c.setVisible(training);
        }
        boolean serving = w == Workload.INFERENCE && !perImagePreset();
        for (Component c : List.of(requestsPerSecond, inputTokens, outputTokens, ttftMs, tpotMs)) {
            c.setVisible(serving);
        }
        rankBy.setVisible(training || serving);
        RankBy[] rankings = serving ? SERVING_RANKINGS : TRAINING_RANKINGS;
        if (!java.util.Arrays.asList(rankings).equals(rankBy.getListDataView().getItems().toList())) {
            RankBy kept = rankBy.getValue();
            rankBy.setItems(rankings);
            rankBy.setValue(java.util.Arrays.asList(rankings).contains(kept) ? kept
                    : serving ? RankBy.MONTHLY_PRICE : RankBy.JOB_COST);
        }
        loraRank.setVisible(w == Workload.LORA_FINE_TUNING);
        for (Component c : List.of(gpuWorkingSet, hostWorkingSet, cpuIntensive)) {
            c.setVisible(w == Workload.GENERAL_COMPUTE);
        }
        BillingMode mode = billingMode.getValue();
        hoursPerMonth.setVisible(mode == null || mode == BillingMode.HOURLY || mode == BillingMode.SPOT);
        attachVisible();
    }

    /**
     * Keeps only the visible fields in the page: a hidden Vaadin field still reaches the browser as an empty element
     * that builds its whole shadow DOM, and about half the form's fields are hidden for any one workload (19 of 37
     * for the default inference: ~500 of the view's ~3,000 elements, issue 12). A field that becomes visible is put
     * back at its place; values and listeners stay on the server either way.
     */
    private void attachVisible() {
        getChildren().filter(c -> !c.isVisible()).toList().forEach(this::remove);
        int index = 0;
        for (Component c : ordered) {
            if (!c.isVisible()) {
                continue;
            }
            if (c.getParent().isEmpty()) {
                addComponentAtIndex(index, c);
            }
            index++;
        }
    }

    /** Marks the fields named by the errors; returns the errors that belong to no field. */
    List<FieldError> showErrors(List<FieldError> errors) {
        byField.values().forEach(f -> f.setInvalid(false));
        return errors.stream().filter(e -> {
            HasValidation f = byField.get(e.field());
            if (f == null || !((Component) f).isVisible()) {
                return true;
            }
            f.setErrorMessage(SizingView.errorText(e));
            f.setInvalid(true);
            if (advanced.values().contains(f)) {
                advanced.setOpened(true); // its fields reach the browser when it opens (issue 12)
            }
            return false;
        }).toList();
    }

    /** The label of a request field (JSON path such as {@code model.kvHeads}) in the UI's language. */
    String fieldLabel(String field) {
        String key = labelKeys.get(field);
        return key != null ? t(key) : field;
    }

    private IntegerField integer(String field, String label) {
        IntegerField f = new IntegerField(t(label));
        f.setValueChangeMode(ValueChangeMode.LAZY);
        f.setStepButtonsVisible(false);
        register(field, f);
        labelKeys.put(field, label);
        return f;
    }

    private NumberField number(String field, String label) {
        NumberField f = new NumberField(t(label));
        f.setValueChangeMode(ValueChangeMode.LAZY);
        register(field, f);
        labelKeys.put(field, label);
        return f;
    }

    private <T> Select<T> select(String field, T[] items, java.util.function.Function<T, String> label) {
        Select<T> s = new Select<>();
        s.setItems(items);
        s.setItemLabelGenerator(v -> {
            if (v == null) {
                return "";
            }
            String key = label.apply(v);
            return key.startsWith("sizing.") ? t(key) : key;
        });
        register(field, s);
        return s;
    }

    private void register(String field, Component c) {
        c.setId("sizing-" + field.replace('.', '-'));
        byField.put(field, (HasValidation) c);
    }

    private void label(Select<?> s, String key) {
        s.setLabel(t(key));
        byField.entrySet().stream().filter(e -> e.getValue() == s).findFirst()
                .ifPresent(e -> labelKeys.put(e.getKey(), key));
    }

    private static String t(String key) {
        return com.vaadin.flow.component.UI.getCurrent().getTranslation(key);
    }

    static <V> void set(AbstractField<?, V> f, V v) {
        f.setValue(v);
    }
}
