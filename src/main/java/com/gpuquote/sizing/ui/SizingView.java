package com.gpuquote.sizing.ui;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.Provider;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.sizing.RecommendationReport;
import com.gpuquote.sizing.RecommendationRequest;
import com.gpuquote.sizing.SizingReport;
import com.gpuquote.sizing.SizingService;
import com.gpuquote.sizing.engine.Recommender;
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

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Sizing and recommendations: the form on the left, the VRAM/RAM breakdowns, ratio band, candidates and what-ifs on
 * the right; every change recomputes without a reload. {@code sizing?project=<id>} prices for the project's
 * customer and can save the run to the project.
 */
@Route("sizing")
@RolesAllowed({"CONSULTANT", "TENANT_ADMIN"})
@Menu(order = 200, title = "sizing.nav", icon = "vaadin:calc")
public class SizingView extends HorizontalLayout implements BeforeEnterObserver, HasDynamicTitle {

    private final SizingService sizing;
    private final ProjectService projects;
    private final ObjectMapper json;
    final SizingForm form;
    final Div errors = new Div();
    final Paragraph band = new Paragraph();
    final Div notes = new Div();
    final BreakdownChart vram = new BreakdownChart("sizing-vram-chart");
    final BreakdownChart ram = new BreakdownChart("sizing-ram-chart");
    final CandidatesGrid candidates = new CandidatesGrid();
    final WhatIfPanel whatIfs;
    final TextField runName = new TextField();
    final Button save = new Button();
    private final VerticalLayout results = new VerticalLayout();
    private final HorizontalLayout saveBar = new HorizontalLayout(runName, save);
    private Project project;
    private RecommendationRequest lastRequest;
    RecommendationReport report;

    public SizingView(SizingService sizing, ProjectService projects, CatalogService catalog, ObjectMapper json) {
        this.sizing = sizing;
        this.projects = projects;
        this.json = json;
        List<String> regions = new ArrayList<>();
        for (Provider p : Provider.values()) {
            regions.addAll(catalog.regions(p));
        }
        form = new SizingForm(sizing.presets(), regions);
        whatIfs = new WhatIfPanel(w -> SizingInputs.apply(form, Recommender.applyWhatIf(lastRequest.input(), w.code())));
        setSizeFull();
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
        VerticalLayout left = new VerticalLayout(new H2(getTranslation("sizing.title")), unit, errors, form, saveBar);
        left.setWidth("32em");
        left.getStyle().set("flex-shrink", "0");
        results.add(vram, ram, band, notes, new H4(getTranslation("sizing.candidates")), candidates, whatIfs);
        results.setWidthFull();
        add(left, results);
        SizingInputs.defaults(form, regions);
        form.updateVisibility();
        form.setOnChange(this::recompute);
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        List<String> ids = event.getLocation().getQueryParameters().getParameters().getOrDefault("project", List.of());
        project = null;
        if (!ids.isEmpty()) {
            try {
                project = projects.get(new ProjectId(UUID.fromString(ids.get(0))));
            } catch (RuntimeException e) {
                Notifications.error(getTranslation("shared.error.notFound"));
            }
        }
        saveBar.setVisible(project != null);
        if (project != null) {
            runName.setValue(project.name());
        }
        recompute();
    }

    void recompute() {
        RecommendationRequest request = SizingInputs.request(form, project == null ? null : project.customerId());
        try {
            report = RecommendationReport.of(sizing.recommend(request), getLocale());
            lastRequest = request;
        } catch (InvalidInputException e) {
            List<FieldError> other = form.showErrors(e.errors());
            errors.setText(getTranslation("sizing.errors") + (other.isEmpty() ? "" : "\n" + other.stream()
                    .map(f -> f.field() + ": " + errorText(f)).collect(Collectors.joining("\n"))));
            errors.setVisible(true);
            results.setVisible(false);
            save.setEnabled(false);
            return;
        }
        form.showErrors(List.of());
        errors.setVisible(false);
        results.setVisible(true);
        save.setEnabled(true);
        render(report);
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
        candidates.show(r.candidates());
        candidates.setVisible(!r.candidates().isEmpty());
        whatIfs.show(r.suggestions(), best == null ? null : best.currency());
        if (r.candidates().isEmpty()) {
            notes.add(new Paragraph(getTranslation("sizing.candidates.none")));
        }
    }

    private void saveToProject() {
        if (project == null || lastRequest == null) {
            return;
        }
        Notifications.attempt(() -> {
            ObjectNode input = json.valueToTree(lastRequest.input());
            input.put("region", lastRequest.region());
            input.put("billingMode", lastRequest.billingMode() == null ? null : lastRequest.billingMode().name());
            try {
                projects.saveSizingRun(project.id(), runName.getValue(), json.writeValueAsString(input),
                        json.writeValueAsString(report));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
            Notifications.success(getTranslation("sizing.saved", project.name()));
        });
    }

    static String errorText(FieldError e) {
        String key = "sizing.validation." + e.code();
        return I18n.has(key) ? UI.getCurrent().getTranslation(key) : e.message();
    }

    @Override
    public String getPageTitle() {
        return getTranslation("sizing.nav") + " | GpuQuote";
    }
}
