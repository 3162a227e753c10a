package com.gpuquote.sizing.ui;

import com.gpuquote.shared.Roles;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.Provider;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.sizing.SizingRun;
import com.gpuquote.sizing.SizingRunService;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.sizing.RecommendationReport;
import com.gpuquote.sizing.RecommendationRequest;
import com.gpuquote.sizing.SizingReport;
import com.gpuquote.sizing.SizingService;
import com.gpuquote.sizing.engine.Recommender;
import com.gpuquote.sizing.engine.SizingInput;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;
import org.springframework.beans.factory.ObjectProvider;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Sizing and recommendations: the form on the left, the VRAM/RAM breakdowns, ratio band, candidates and what-ifs on
 * the right; every change recomputes without a reload. {@code sizing?project=<id>} prices for the project's
 * customer and can save the run to the project; {@code &run=<id>} reopens a saved run of the project. With a project,
 * each candidate row carries the {@link CandidateAction}s other features contribute (quotes: "Add to quote"); they
 * save the run to the project first when the shown input is not saved yet, so what they make can refer to it.
 */
@Route("sizing")
@RolesAllowed({Roles.CONSULTANT, Roles.TENANT_ADMIN})
@Menu(order = 200, title = "sizing.nav", icon = "vaadin:calc")
public class SizingView extends HorizontalLayout implements BeforeEnterObserver, HasDynamicTitle {

    private final SizingService sizing;
    private final ProjectService projects;
    private final SizingRunService sizingRuns;
    private final CustomerService customers;
    private final ObjectMapper json;
    final ProjectPicker picker;
    final SizingForm form;
    final Div errors = new Div();
    final Paragraph band = new Paragraph();
    final Div notes = new Div();
    final BreakdownChart vram = new BreakdownChart("sizing-vram-chart");
    final BreakdownChart ram = new BreakdownChart("sizing-ram-chart");
    final MemoryTermsPanel terms = new MemoryTermsPanel();
    final ConcurrencyPanel concurrency = new ConcurrencyPanel();
    final CandidatesGrid candidates = new CandidatesGrid();
    final JobChart jobChart = new JobChart();
    /** Priced candidates left out, counted by reason (issue 15). */
    final Paragraph excluded = new Paragraph();
    final H4 candidatesHeading = new H4();
    /** Beside the form: how many plans there are, and a way down to them (they take the full width below). */
    final com.vaadin.flow.component.button.Button toCandidates = new com.vaadin.flow.component.button.Button();
    final WhatIfPanel whatIfs;
    final TextField runName = new TextField();
    final Button save = new Button();
    private final VerticalLayout results = new VerticalLayout();
    private final HorizontalLayout saveBar = new HorizontalLayout(runName, save);
    private final List<CandidateAction> candidateActions;
    private Project project;
    /** The customer chosen without a project yet: prices follow its agreement. */
    private Customer customer;
    private RecommendationRequest lastRequest;
    RecommendationReport report;
    /** The project's sizing run that holds {@link #savedFor} (the request last saved or reopened), if any. */
    private java.util.UUID savedRunId;
    private RecommendationRequest savedFor;

    public SizingView(SizingService sizing, ProjectService projects, CustomerService customers, CatalogService catalog,
                      ObjectMapper json, ObjectProvider<CandidateAction> candidateActions,
                      SizingRunService sizingRuns) {
        this.sizing = sizing;
        this.projects = projects;
        this.sizingRuns = sizingRuns;
        this.customers = customers;
        this.json = json;
        this.candidateActions = candidateActions.orderedStream().toList();
        List<String> regions = new ArrayList<>();
        for (Provider p : Provider.values()) {
            regions.addAll(catalog.regions(p));
        }
        form = new SizingForm(sizing.presets(), regions);
        whatIfs = new WhatIfPanel(w -> SizingInputs.apply(form, w.input() != null ? w.input()
                : Recommender.applyWhatIf(lastRequest.input(), w.code())));
        setWidthFull();
        errors.setId("sizing-errors");
        errors.addClassName("sizing-errors");
        errors.getStyle().set("color", "var(--lumo-error-text-color)").set("white-space", "pre-line");
        band.setId("sizing-band");
        notes.setId("sizing-notes");
        runName.setId("sizing-run-name");
        runName.setLabel(getTranslation("sizing.save.name"));
        save.setId("sizing-save");
        save.setText(getTranslation("sizing.save"));
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        save.addClickListener(e -> saveToProject());
        saveBar.setAlignItems(Alignment.BASELINE);
        saveBar.setVisible(false);
        Span unit = new Span(getTranslation("sizing.gib"));
        unit.getStyle().set("color", "var(--lumo-secondary-text-color)");
        picker = new ProjectPicker("sizing", customers, projects);
        picker.onCustomer(c -> {
            customer = c;
            useProject(null);
        });
        picker.onProject(this::useProject);
        VerticalLayout left = new VerticalLayout(new H2(getTranslation("sizing.title")), picker, unit, errors, form,
                saveBar);
        // two columns that share the width (the results may shrink below their content; the grid scrolls inside),
        // one column under 1200px: see .sizing-view in the theme's styles.css
        addClassName("sizing-view");
        left.setId("sizing-input-column");
        left.addClassName("sizing-input-column");
        results.setId("sizing-results");
        results.addClassName("sizing-results");
        candidates.addClassName("sizing-candidates");
        candidatesHeading.setId("sizing-candidates-heading");
        Span resultsUnit = new Span(getTranslation("sizing.gib"));
        resultsUnit.addClassName("sizing-unit");
        excluded.setId("sizing-excluded");
        excluded.addClassName("sizing-excluded");
        toCandidates.setId("sizing-to-candidates");
        toCandidates.setIcon(com.vaadin.flow.component.icon.VaadinIcon.ARROW_DOWN.create());
        toCandidates.addThemeVariants(com.vaadin.flow.component.button.ButtonVariant.LUMO_TERTIARY);
        toCandidates.addClickListener(e -> candidatesHeading.scrollIntoView());
        results.add(resultsUnit, vram, ram, band, toCandidates, notes, whatIfs, concurrency, terms);
        // the candidates take the whole width below both columns, so the columns a consultant decides by fit a
        // 1,280 px screen (issue 12); the rest of each candidate is in its row's details
        com.vaadin.flow.component.html.Div wide = new com.vaadin.flow.component.html.Div(candidatesHeading, candidates,
                jobChart, excluded);
        wide.setId("sizing-candidates-section");
        wide.addClassName("sizing-wide");
        add(left, results, wide);
        SizingInputs.defaults(form, regions);
        form.updateVisibility();
        form.setOnChange(this::recompute);
        form.pasteConfig.addClickListener(e -> pasteConfig().open());
    }

    /** The dialog that reads a pasted config.json through the service and fills the model figures in. */
    PasteConfigDialog pasteConfig() {
        return new PasteConfigDialog(sizing, json, m -> {
            SizingInputs.applyModel(form, m);
            Notifications.success(getTranslation("sizing.config.read", m.parameters() == null ? null
                    : String.format(getLocale(), "%.1f", m.parameters() / 1e9)));
        });
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        var parameters = event.getLocation().getQueryParameters().getParameters();
        List<String> ids = parameters.getOrDefault("project", List.of());
        List<String> runs = parameters.getOrDefault("run", List.of());
        project = null;
        savedRunId = null;
        savedFor = null;
        SizingRun run = null;
        if (!ids.isEmpty()) {
            try {
                project = projects.get(new ProjectId(UUID.fromString(ids.get(0))));
                if (!runs.isEmpty()) {
                    run = sizingRuns.get(new com.gpuquote.sizing.SizingRunId(UUID.fromString(runs.get(0))));
                    if (!run.projectId().equals(project.id())) {
                        run = null;
                        Notifications.error(getTranslation("shared.error.notFound"));
                    }
                }
            } catch (RuntimeException e) {
                Notifications.error(getTranslation("shared.error.notFound"));
            }
        }
        customer = null;
        if (project != null) {
            try {
                picker.show(customers.get(project.customerId()), project);
            } catch (RuntimeException e) {
                picker.show(null, null);
            }
        } else {
            picker.show(null, null);
        }
        showProject();
        if (project != null) {
            runName.setValue(run != null ? run.name() : project.name());
        }
        if (run == null || !reopen(run)) {
            recompute();
        }
    }

    /** Puts a saved run's input into the form; the run counts as saved when the form gives back the same input. */
    private boolean reopen(SizingRun run) {
        SizingInput input;
        String region;
        BillingMode mode;
        Integer hours;
        Integer max;
        try {
            ObjectNode tree = (ObjectNode) json.readTree(run.inputJson());
            region = tree.path("region").isTextual() ? tree.get("region").asText() : null;
            mode = tree.path("billingMode").isTextual() ? BillingMode.valueOf(tree.get("billingMode").asText()) : null;
            java.math.BigDecimal savedHours = tree.path("hoursPerMonth").isNumber() ? tree.get("hoursPerMonth").decimalValue() : null;
            // quote lines bill whole hours (ADR 1402): a run saved through the API with 720.5 h is re-priced at
            // whole hours, and the consultant is told, instead of the fraction being cut silently on the way to a quote
            hours = savedHours == null ? null : savedHours.setScale(0, java.math.RoundingMode.HALF_UP).intValueExact();
            if (savedHours != null && savedHours.stripTrailingZeros().scale() > 0) {
                Notifications.success(getTranslation("sizing.run.wholeHours", savedHours.toPlainString(), hours));
            }
            max = tree.path("maxCandidates").isInt() ? tree.get("maxCandidates").intValue() : null;
            tree.remove("region");
            tree.remove("billingMode");
            tree.remove("hoursPerMonth");
            tree.remove("maxCandidates");
            input = json.treeToValue(tree, SizingInput.class);
        } catch (com.fasterxml.jackson.core.JsonProcessingException | RuntimeException e) {
            Notifications.error(getTranslation("sizing.run.unreadable"));
            return false;
        }
        SizingInputs.apply(form, input, region, mode, hours, max); // recomputes
        if (lastRequest != null && lastRequest.input().equals(input) && java.util.Objects.equals(lastRequest.region(), region)
                && lastRequest.billingMode() == mode) {
            savedRunId = run.id();
            savedFor = lastRequest;
        }
        return true;
    }

    /** Save bar and per-candidate actions for the project; without one, each candidate offers to choose it. */
    private void showProject() {
        saveBar.setVisible(project != null);
        candidates.setActions(candidateActions.isEmpty() ? null : project != null ? this::actions : this::chooseProject);
    }

    /**
     * The consultant picked (or created) a project in the view, or cleared it (null): the inputs stay, prices follow
     * the project's customer, and the address names the project so a reload keeps it.
     */
    private void useProject(Project chosen) {
        project = chosen;
        savedRunId = null;
        savedFor = null;
        if (chosen != null) {
            runName.setValue(chosen.name());
        }
        showProject();
        getUI().ifPresent(ui -> ui.getPage().getHistory().replaceState(null,
                chosen == null ? "sizing" : "sizing?project=" + chosen.id()));
        recompute();
    }

    /** "Add to quote…" without a project: choose it, then carry on with the same candidate as the project's view. */
    private Component chooseProject(RecommendationReport.Candidate candidate, int index) {
        Button choose = new Button(getTranslation("sizing.project.addToQuote"),
                com.vaadin.flow.component.icon.VaadinIcon.PLUS.create());
        choose.setId("candidate-choose-project-" + index);
        choose.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_PRIMARY);
        choose.addClickListener(e -> new ChooseProjectDialog(customers, projects, chosen -> {
            try {
                picker.show(customers.get(chosen.customerId()), chosen);
            } catch (RuntimeException ex) {
                Notifications.error(getTranslation("shared.error.notFound"));
                return;
            }
            customer = null;
            useProject(chosen);
            // the customer's prices may reorder the candidates: continue with the same instance type and count
            List<RecommendationReport.Candidate> now = report == null ? List.of() : report.candidates();
            for (int i = 0; i < now.size(); i++) {
                RecommendationReport.Candidate c = now.get(i);
                if (c.instanceType().equals(candidate.instanceType()) && c.instances() == candidate.instances()) {
                    candidateActions.get(0).perform(project, sized(c), i);
                    return;
                }
            }
            Notifications.error(getTranslation("sizing.project.candidateGone", candidate.instanceType()));
        }).open());
        return choose;
    }

    private Component actions(RecommendationReport.Candidate candidate, int index) {
        var sized = sized(candidate);
        HorizontalLayout cell = new HorizontalLayout();
        cell.setSpacing(false);
        candidateActions.forEach(a -> cell.add(a.render(project, sized, index)));
        return cell;
    }

    /** The candidate with what priced it (the request shown), for the actions of other features. */
    private CandidateAction.SizedCandidate sized(RecommendationReport.Candidate candidate) {
        RecommendationRequest request = lastRequest;
        RecommendationReport result = report;
        String candidateJson = com.gpuquote.sizing.SizingHandoverCodec.toJson(candidate);
        return new CandidateAction.SizedCandidate(candidate, request.region(), request.billingMode(),
                request.hoursPerMonth() == null ? null : request.hoursPerMonth().intValueExact(), candidateJson,
                () -> runFor(request, result));
    }

    /** The id of the project's run holding {@code request} (the one shown): the saved one, or a new one saved now. */
    private java.util.UUID runFor(RecommendationRequest request, RecommendationReport result) {
        if (savedRunId != null && request.equals(savedFor)) {
            return savedRunId;
        }
        return saveRun(request, result).id();
    }

    void recompute() {
        RecommendationRequest request = SizingInputs.request(form, project != null ? project.customerId()
                : customer != null ? customer.id() : null);
        RecommendationReport recommended;
        try {
            recommended = RecommendationReport.of(sizing.recommend(request), getLocale());
        } catch (InvalidInputException e) {
            form.showErrors(e.errors());
            // every bad field by its label (a marked field may be scrolled out of sight; some have no field)
            errors.setText(getTranslation("sizing.errors") + "\n" + e.errors().stream()
                    .map(f -> form.fieldLabel(f.field()) + ": " + errorText(f)).distinct()
                    .collect(Collectors.joining("\n")));
            errors.setVisible(true);
            results.setVisible(false);
            save.setEnabled(false);
            return;
        }
        show(request, recommended);
    }

    /**
     * The start-up warm-up's path ({@link SizingViewWarmUp}): a report computed outside any tenant, shown for the form's
     * input the way every recomputation shows its own (a method, not field access: Spring hands the warm-up a proxy).
     */
    void showForWarmUp(RecommendationReport r) {
        show(SizingInputs.request(form, null), r);
    }

    private void show(RecommendationRequest request, RecommendationReport r) {
        report = r;
        lastRequest = request;
        form.showErrors(List.of());
        errors.setVisible(false);
        results.setVisible(true);
        save.setEnabled(true);
        render(r);
    }

    private void render(RecommendationReport r) {
        SizingReport s = r.sizing();
        RecommendationReport.Candidate best = r.candidates().isEmpty() ? null : r.candidates().get(0);
        vram.show(getTranslation("sizing.chart.vram", s.perGpu().totalGiB().toPlainString(), s.gpuCount()),
                BreakdownSegments.perGpu(s), best == null ? null : best.vramPerGpuGiB());
        ram.show(getTranslation("sizing.chart.ram", s.host().totalGiB().toPlainString(), s.nodes()),
                BreakdownSegments.host(s), best == null ? null : best.ramGiB());
        band.setText(getTranslation("sizing.band", s.ratioBand().min().toPlainString(),
                s.ratioBand().max().toPlainString(), s.recommendedHostRamGiB().toPlainString()));
        notes.removeAll();
        s.notes().forEach(n -> notes.add(new Paragraph(n.message())));
        terms.show(s);
        concurrency.show(r, lastRequest == null ? null : lastRequest.input().sequenceLength());
        candidates.show(r.candidates());
        jobChart.show(r.candidates());
        candidatesHeading.setText(heading(r));
        candidates.setVisible(!r.candidates().isEmpty());
        toCandidates.setText(getTranslation("sizing.toCandidates", r.candidates().size()));
        toCandidates.setVisible(!r.candidates().isEmpty());
        // runs saved before issue 15 have no excluded counts
        List<RecommendationReport.ExcludedCount> left = r.excluded() == null ? List.of() : r.excluded();
        excluded.setText(left.isEmpty() ? "" : getTranslation("sizing.excluded.title") + ": " + left.stream()
                .map(RecommendationReport.ExcludedCount::label).collect(java.util.stream.Collectors.joining(" · ")));
        excluded.setVisible(!left.isEmpty());
        whatIfs.show(r.suggestions(), r.candidates().isEmpty());
        if (r.candidates().isEmpty()) {
            notes.add(new Paragraph(getTranslation("sizing.candidates.none")));
        }
    }

    /** What the candidates are ordered by: the customer's negotiated price only where one applies to them. */
    private String heading(RecommendationReport r) {
        String customerName = project != null ? project.customerName() : customer != null ? customer.name() : null;
        if (customerName == null) {
            return getTranslation("sizing.candidates");
        }
        boolean negotiated = r.candidates().stream().anyMatch(CandidatesGrid::negotiated);
        return getTranslation(negotiated ? "sizing.candidates.negotiated" : "sizing.candidates.listForCustomer",
                customerName);
    }

    private void saveToProject() {
        if (project == null || lastRequest == null) {
            return;
        }
        Notifications.attempt(() -> {
            saveRun(lastRequest, report);
            Notifications.success(getTranslation("sizing.saved", project.name()));
        });
    }

    /** Saves the input (with region and billing mode) and result as a run of the project. */
    private SizingRun saveRun(RecommendationRequest request, RecommendationReport result) {
        ObjectNode input = json.valueToTree(request.input());
        input.put("region", request.region());
        input.put("billingMode", request.billingMode() == null ? null : request.billingMode().name());
        if (request.hoursPerMonth() != null) {
            input.put("hoursPerMonth", request.hoursPerMonth());
        }
        if (request.maxCandidates() != null) {
            input.put("maxCandidates", request.maxCandidates());
        }
        String name = runName.getValue() == null || runName.getValue().isBlank() ? project.name() : runName.getValue();
        SizingRun run;
        try {
            run = sizingRuns.save(project.id(), name, json.writeValueAsString(input), json.writeValueAsString(result));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        savedRunId = run.id();
        savedFor = request;
        return run;
    }

    static String errorText(FieldError e) {
        String key = "sizing.validation." + e.code();
        // {0} is the field as the request names it
        return I18n.has(key) ? UI.getCurrent().getTranslation(key, e.field()) : e.message();
    }

    @Override
    public String getPageTitle() {
        return getTranslation("sizing.nav") + " | GpuQuote";
    }
}
