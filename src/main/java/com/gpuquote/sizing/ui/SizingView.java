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
    private final SizingResults shown;
    final Paragraph band;
    final Div notes;
    final BreakdownChart vram;
    final BreakdownChart ram;
    final MemoryTermsPanel terms;
    final ConcurrencyPanel concurrency;
    final CandidatesGrid candidates;
    final JobChart jobChart;
    final Paragraph excluded;
    final H4 candidatesHeading;
    final Button toCandidates;
    final WhatIfPanel whatIfs;
    private final RunSaveBar saveBar;
    final TextField runName;
    final Button save;
    private final List<CandidateAction> candidateActions;
    /** Actions on the whole recommendation (quotes: good / better / best), over the candidates. */
    private final List<RunAction> runActions;
    final HorizontalLayout runActionBar = new HorizontalLayout();
    private Project project;
    /** The customer chosen without a project yet: prices follow its agreement. */
    private Customer customer;
    private RecommendationRequest lastRequest;
    RecommendationReport report;

    public SizingView(SizingService sizing, ProjectService projects, CustomerService customers, CatalogService catalog,
                      ObjectMapper json, ObjectProvider<CandidateAction> candidateActions,
                      SizingRunService sizingRuns, ObjectProvider<RunAction> runActions) {
        this.sizing = sizing;
        this.projects = projects;
        this.sizingRuns = sizingRuns;
        this.customers = customers;
        this.json = json;
        this.candidateActions = candidateActions.orderedStream().toList();
        this.runActions = runActions.orderedStream().toList();
        List<String> regions = new ArrayList<>();
        for (Provider p : Provider.values()) {
            regions.addAll(catalog.regions(p));
        }
        form = new SizingForm(sizing.presets(), regions);
        shown = new SizingResults(w -> SizingInputs.apply(form, w.input() != null ? w.input()
                : Recommender.applyWhatIf(lastRequest.input(), w.code())));
        band = shown.band;
        notes = shown.notes;
        vram = shown.vram;
        ram = shown.ram;
        terms = shown.terms;
        concurrency = shown.concurrency;
        candidates = shown.candidates;
        jobChart = shown.jobChart;
        excluded = shown.excluded;
        candidatesHeading = shown.candidatesHeading;
        toCandidates = shown.toCandidates;
        whatIfs = shown.whatIfs;
        saveBar = new RunSaveBar(sizingRuns, json);
        runName = saveBar.runName;
        save = saveBar.save;
        setWidthFull();
        errors.setId("sizing-errors");
        errors.addClassName("sizing-errors");
        errors.getStyle().set("color", "var(--lumo-error-text-color)").set("white-space", "pre-line");
        save.addClickListener(e -> saveToProject());
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
        add(left, shown.column, shown.wide);
        runActionBar.setId("sizing-run-actions");
        runActionBar.setVisible(false);
        shown.wide.addComponentAtIndex(1, runActionBar);
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
        saveBar.forget();
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
        if (run == null || !reopen(run)) {
            recompute();
        }
    }

    /** Puts a saved run's input into the form; the run counts as saved when the form gives back the same input. */
    private boolean reopen(SizingRun run) {
        RunSaveBar.SavedInput saved = saveBar.read(run);
        if (saved == null) {
            return false;
        }
        saveBar.reopened(run);
        // recomputes
        SizingInputs.apply(form, saved.input(), saved.region(), saved.billingMode(), saved.hoursPerMonth(),
                saved.maxCandidates(), saved.traffic(), saved.rankBy(), saved.trainingTokens());
        if (RunSaveBar.same(lastRequest, saved)) {
            saveBar.holds(run.id(), lastRequest);
        }
        return true;
    }

    /** Save bar and per-candidate actions for the project; without one, each candidate offers to choose it. */
    private void showProject() {
        saveBar.setVisible(project != null);
        candidates.setActions(candidateActions.isEmpty() ? null : project != null ? this::actions : this::chooseProject);
        showRunActions();
    }

    /** The actions on the whole recommendation, for the project's run holding the report shown. */
    private void showRunActions() {
        runActionBar.removeAll();
        boolean shownForProject = project != null && report != null && !report.candidates().isEmpty()
                && lastRequest != null && !runActions.isEmpty();
        runActionBar.setVisible(shownForProject);
        if (shownForProject) {
            RecommendationRequest request = lastRequest;
            RecommendationReport result = report;
            Project forProject = project;
            RunAction.SizedRun run = new RunAction.SizedRun(result, () -> saveBar.runFor(forProject, request, result));
            runActions.forEach(a -> runActionBar.add(a.render(forProject, run)));
        }
    }

    /**
     * The consultant picked (or created) a project in the view, or cleared it (null): the inputs stay, prices follow
     * the project's customer, and the address names the project so a reload keeps it.
     */
    private void useProject(Project chosen) {
        project = chosen;
        saveBar.forget();
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
                () -> saveBar.runFor(project, request, result));
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
            shown.column.setVisible(false);
            save.setEnabled(false);
            runActionBar.setVisible(false);
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
        shown.column.setVisible(true);
        save.setEnabled(true);
        saveBar.follow(form);
        shown.render(r, request, project != null ? project.customerName() : customer != null ? customer.name() : null);
        showRunActions();
    }

    private void saveToProject() {
        if (project == null || lastRequest == null) {
            return;
        }
        Notifications.attempt(() -> {
            saveBar.save(project, lastRequest, report);
            Notifications.success(getTranslation("sizing.saved", project.name()));
        });
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
