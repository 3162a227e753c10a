package com.gpuquote.sizing.ui;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.customer.Project;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.sizing.RecommendationReport;
import com.gpuquote.sizing.RecommendationRequest;
import com.gpuquote.sizing.SizingRun;
import com.gpuquote.sizing.SizingRunService;
import com.gpuquote.sizing.engine.ModelPreset;
import com.gpuquote.sizing.engine.RankBy;
import com.gpuquote.sizing.engine.ServingTraffic;
import com.gpuquote.sizing.engine.SizingInput;
import com.gpuquote.sizing.engine.Workload;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.textfield.TextField;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;
import java.util.UUID;

/**
 * Saving the shown sizing to the project: the run's name and the save button, which run of the project holds the
 * input shown (saved or reopened), and reading a saved run's input back. The name is the consultant's once they type
 * it; until then it is an automatic one that follows the model and workload (issue 42: it stayed "…在线推理" after
 * switching to LoRA).
 */
final class RunSaveBar extends HorizontalLayout {

    /**
     * A saved run's input as the form takes it, with what was asked beside the sizing input: the serving traffic and
     * its SLO, the ranking and the training tokens (issue 40: a reopened serving run kept its model but lost the
     * traffic, so "Add to quote" sold the plan's instances instead of those the traffic needs). Runs saved before
     * have none of the three.
     */
    record SavedInput(SizingInput input, @Nullable String region, @Nullable BillingMode billingMode,
                      @Nullable Integer hoursPerMonth, @Nullable Integer maxCandidates,
                      @Nullable ServingTraffic traffic, @Nullable RankBy rankBy, @Nullable Double trainingTokens) {
    }

    final TextField runName = new TextField();
    final Button save = new Button();
    private final SizingRunService sizingRuns;
    private final ObjectMapper json;
    /** True while the name is the automatic one (the consultant has not typed one, no saved run was reopened). */
    private boolean automaticName = true;
    /** The project's sizing run that holds {@link #savedFor} (the request last saved or reopened), if any. */
    private @Nullable UUID savedRunId;
    private @Nullable RecommendationRequest savedFor;

    RunSaveBar(SizingRunService sizingRuns, ObjectMapper json) {
        this.sizingRuns = sizingRuns;
        this.json = json;
        runName.setId("sizing-run-name");
        runName.setLabel(t("sizing.save.name"));
        runName.addValueChangeListener(e -> {
            if (e.isFromClient()) {
                automaticName = e.getValue() == null || e.getValue().isBlank();
            }
        });
        save.setId("sizing-save");
        save.setText(t("sizing.save"));
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        setAlignItems(FlexComponent.Alignment.BASELINE);
        setVisible(false);
        add(runName, save);
    }

    /** Nothing of the project is saved yet (a project chosen or cleared): the name becomes automatic again. */
    void forget() {
        savedRunId = null;
        savedFor = null;
        automaticName = true;
    }

    /** The reopened run's name is kept as if typed. */
    void reopened(SizingRun run) {
        runName.setValue(run.name());
        automaticName = false;
    }

    /** The run reopened holds the request the form gave back. */
    void holds(UUID runId, RecommendationRequest request) {
        savedRunId = runId;
        savedFor = request;
    }

    /** Keeps an automatic name in step with the form's model and workload. */
    void follow(SizingForm form) {
        if (!automaticName) {
            return;
        }
        Workload w = form.workload.getValue();
        String workload = w == null ? "" : t("sizing.workload." + w.name());
        ModelPreset preset = form.preset.getValue();
        String model = w == Workload.GENERAL_COMPUTE ? null
                : Boolean.TRUE.equals(form.usePreset.getValue()) ? (preset == null ? null : preset.displayName())
                : form.parameters.getValue() == null ? null
                : t("sizing.save.autoModel", String.format(UI.getCurrent().getLocale(), "%.1f",
                        form.parameters.getValue() / 1e9));
        runName.setValue(model == null ? workload : t("sizing.save.autoName", model, workload));
    }

    /** The id of the project's run holding {@code request} (the one shown): the saved one, or a new one saved now. */
    UUID runFor(Project project, RecommendationRequest request, RecommendationReport result) {
        if (savedRunId != null && request.equals(savedFor)) {
            return savedRunId;
        }
        return save(project, request, result).id();
    }

    /** Saves the input (with region and billing mode) and result as a run of the project. */
    SizingRun save(Project project, RecommendationRequest request, RecommendationReport result) {
        ObjectNode input = json.valueToTree(request.input());
        input.put("region", request.region());
        input.put("billingMode", request.billingMode() == null ? null : request.billingMode().name());
        if (request.hoursPerMonth() != null) {
            input.put("hoursPerMonth", request.hoursPerMonth());
        }
        if (request.maxCandidates() != null) {
            input.put("maxCandidates", request.maxCandidates());
        }
        if (request.traffic() != null) {
            input.set("traffic", json.valueToTree(request.traffic()));
        }
        if (request.rankBy() != null) {
            input.put("rankBy", request.rankBy().name());
        }
        if (request.trainingTokens() != null) {
            input.put("trainingTokens", request.trainingTokens());
        }
        String name = runName.getValue() == null || runName.getValue().isBlank() ? project.name() : runName.getValue();
        SizingRun run;
        try {
            run = sizingRuns.save(project.id(), name, json.writeValueAsString(input), json.writeValueAsString(result));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        savedRunId = run.id();
        savedFor = request;
        return run;
    }

    /** A saved run's input, or null (and the consultant told) when it cannot be read. */
    @Nullable SavedInput read(SizingRun run) {
        try {
            ObjectNode tree = (ObjectNode) json.readTree(run.inputJson());
            String region = tree.path("region").isTextual() ? tree.get("region").asText() : null;
            BillingMode mode = tree.path("billingMode").isTextual()
                    ? BillingMode.valueOf(tree.get("billingMode").asText()) : null;
            BigDecimal savedHours = tree.path("hoursPerMonth").isNumber() ? tree.get("hoursPerMonth").decimalValue()
                    : null;
            // quote lines bill whole hours (ADR 1402): a run saved through the API with 720.5 h is re-priced at
            // whole hours, and the consultant is told, instead of the fraction being cut silently on the way to a quote
            Integer hours = savedHours == null ? null : savedHours.setScale(0, RoundingMode.HALF_UP).intValueExact();
            if (savedHours != null && savedHours.stripTrailingZeros().scale() > 0) {
                Notifications.success(t("sizing.run.wholeHours", savedHours.toPlainString(), hours));
            }
            Integer max = tree.path("maxCandidates").isInt() ? tree.get("maxCandidates").intValue() : null;
            ServingTraffic traffic = tree.path("traffic").isObject()
                    ? json.treeToValue(tree.get("traffic"), ServingTraffic.class) : null;
            RankBy rankBy = tree.path("rankBy").isTextual() ? RankBy.valueOf(tree.get("rankBy").asText()) : null;
            Double tokens = tree.path("trainingTokens").isNumber() ? tree.get("trainingTokens").doubleValue() : null;
            for (String asked : new String[]{"region", "billingMode", "hoursPerMonth", "maxCandidates", "traffic",
                    "rankBy", "trainingTokens"}) {
                tree.remove(asked);
            }
            return new SavedInput(json.treeToValue(tree, SizingInput.class), region, mode, hours, max, traffic, rankBy,
                    tokens);
        } catch (JsonProcessingException | RuntimeException e) {
            Notifications.error(t("sizing.run.unreadable"));
            return null;
        }
    }

    /** True when {@code shown} is what the saved input gives. */
    static boolean same(@Nullable RecommendationRequest shown, SavedInput saved) {
        return shown != null && shown.input().equals(saved.input()) && Objects.equals(shown.region(), saved.region())
                && shown.billingMode() == saved.billingMode() && Objects.equals(shown.traffic(), saved.traffic())
                && sameTokens(shown.trainingTokens(), saved.trainingTokens());
    }

    /** Training tokens read back through the form's billions (a float division and product): equal within a token. */
    private static boolean sameTokens(@Nullable Double a, @Nullable Double b) {
        return a == null ? b == null : b != null && Math.abs(a - b) < 1;
    }

    private static String t(String key, Object... arguments) {
        return UI.getCurrent().getTranslation(key, arguments);
    }
}
