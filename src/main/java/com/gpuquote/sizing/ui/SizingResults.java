package com.gpuquote.sizing.ui;

import com.gpuquote.sizing.RecommendationReport;
import com.gpuquote.sizing.RecommendationRequest;
import com.gpuquote.sizing.SizingReport;
import com.gpuquote.sizing.engine.RankBy;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * What the sizing view shows for a report: the results column beside the form (VRAM/RAM breakdowns, ratio band,
 * notes, what-ifs, concurrency, memory terms) and, in {@link #wide}, the candidates across the whole width with the
 * job chart and what was left out. The heading over the candidates names the ranking the engine used.
 */
final class SizingResults {

    final VerticalLayout column = new VerticalLayout();
    final Div wide;
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
    final Button toCandidates = new Button();
    final WhatIfPanel whatIfs;

    SizingResults(Consumer<RecommendationReport.WhatIf> onWhatIf) {
        whatIfs = new WhatIfPanel(onWhatIf);
        band.setId("sizing-band");
        notes.setId("sizing-notes");
        column.setId("sizing-results");
        column.addClassName("sizing-results");
        candidates.addClassName("sizing-candidates");
        candidatesHeading.setId("sizing-candidates-heading");
        Span resultsUnit = new Span(t("sizing.gib"));
        resultsUnit.addClassName("sizing-unit");
        excluded.setId("sizing-excluded");
        excluded.addClassName("sizing-excluded");
        toCandidates.setId("sizing-to-candidates");
        toCandidates.setIcon(VaadinIcon.ARROW_DOWN.create());
        toCandidates.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        toCandidates.addClickListener(e -> candidatesHeading.scrollIntoView());
        column.add(resultsUnit, vram, ram, band, toCandidates, notes, whatIfs, concurrency, terms);
        // the candidates take the whole width below both columns, so the columns a consultant decides by fit a
        // 1,280 px screen (issue 12); the rest of each candidate is in its row's details
        wide = new Div(candidatesHeading, candidates, jobChart, excluded);
        wide.setId("sizing-candidates-section");
        wide.addClassName("sizing-wide");
    }

    /** Shows the report computed for {@code request}; {@code customerName} when priced for a customer. */
    void render(RecommendationReport r, @Nullable RecommendationRequest request, @Nullable String customerName) {
        SizingReport s = r.sizing();
        RecommendationReport.Candidate best = r.candidates().isEmpty() ? null : r.candidates().get(0);
        vram.show(t("sizing.chart.vram", s.perGpu().totalGiB().toPlainString(), s.gpuCount()),
                BreakdownSegments.perGpu(s), best == null ? null : best.vramPerGpuGiB());
        ram.show(t("sizing.chart.ram", s.host().totalGiB().toPlainString(), s.nodes()),
                BreakdownSegments.host(s), best == null ? null : best.ramGiB());
        band.setText(t("sizing.band", s.ratioBand().min().toPlainString(),
                s.ratioBand().max().toPlainString(), s.recommendedHostRamGiB().toPlainString()));
        notes.removeAll();
        s.notes().forEach(n -> notes.add(new Paragraph(n.message())));
        terms.show(s);
        concurrency.show(r, request == null ? null : request.input().sequenceLength());
        candidates.show(r.candidates());
        jobChart.show(r.candidates());
        candidatesHeading.setText(heading(r, request == null ? null : request.rankBy(), customerName));
        candidates.setVisible(!r.candidates().isEmpty());
        toCandidates.setText(t("sizing.toCandidates", r.candidates().size()));
        toCandidates.setVisible(!r.candidates().isEmpty());
        // runs saved before issue 15 have no excluded counts
        List<RecommendationReport.ExcludedCount> left = r.excluded() == null ? List.of() : r.excluded();
        excluded.setText(left.isEmpty() ? "" : t("sizing.excluded.title") + ": " + left.stream()
                .map(RecommendationReport.ExcludedCount::label).collect(Collectors.joining(" · ")));
        excluded.setVisible(!left.isEmpty());
        whatIfs.show(r.suggestions(), r.candidates().isEmpty());
        if (r.candidates().isEmpty()) {
            notes.add(new Paragraph(t("sizing.candidates.none")));
        }
    }

    /**
     * What the candidates are ordered by: the ranking the request asked for (the engine ranks by monthly price when
     * it asks for none), and the customer's negotiated price only where one applies to them (issue 42: the heading
     * kept "by monthly list price" after ranking by cost per token).
     */
    static String heading(RecommendationReport r, @Nullable RankBy rankBy, @Nullable String customerName) {
        boolean negotiated = customerName != null && r.candidates().stream().anyMatch(CandidatesGrid::negotiated);
        if (rankBy == null || rankBy == RankBy.MONTHLY_PRICE) {
            if (customerName == null) {
                return t("sizing.candidates");
            }
            return t(negotiated ? "sizing.candidates.negotiated" : "sizing.candidates.listForCustomer", customerName);
        }
        String ranking = t("sizing.candidates.rank." + rankBy.name());
        if (customerName == null) {
            return t("sizing.candidates.ranked", ranking);
        }
        return t(negotiated ? "sizing.candidates.rankedNegotiated" : "sizing.candidates.rankedList", ranking,
                customerName);
    }

    private static String t(String key, Object... arguments) {
        return UI.getCurrent().getTranslation(key, arguments);
    }
}
