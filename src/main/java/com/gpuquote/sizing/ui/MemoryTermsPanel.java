package com.gpuquote.sizing.ui;

import com.gpuquote.sizing.SizingReport;
import com.vaadin.flow.component.details.Details;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;

import java.util.List;

/**
 * Every non-zero memory term of a sizing result with its GiB and a one-line explanation; the formula opens on demand
 * (a collapsed {@link Details} per term, its content created when first opened, so a closed formula is not sent to
 * the browser). Per GPU first, then per node (host RAM).
 */
final class MemoryTermsPanel extends Div {

    private final Paragraph active = new Paragraph();
    private final Paragraph dominant = new Paragraph();
    private final Paragraph hostNeed = new Paragraph();
    private final Div perGpu = new Div();
    private final Div host = new Div();

    MemoryTermsPanel() {
        setId("sizing-terms");
        setWidthFull();
        active.setId("sizing-active-parameters");
        dominant.setId("sizing-dominant-term");
        hostNeed.setId("sizing-host-need");
        add(new H4(getTranslation("sizing.terms.title")), active, dominant,
                new Span(getTranslation("sizing.terms.perGpu")), perGpu, new Span(getTranslation("sizing.terms.host")),
                host, hostNeed);
    }

    void show(SizingReport s) {
        fill(perGpu, BreakdownSegments.perGpuTerms(s));
        fill(host, BreakdownSegments.hostTerms(s));
        // runs saved before the term list was added have none
        boolean hasTerms = s.terms() != null && !s.terms().isEmpty();
        dominant.setVisible(hasTerms);
        if (hasTerms) {
            SizingReport.Term top = s.terms().get(0);
            dominant.setText(getTranslation("sizing.terms.dominant", getTranslation("sizing.term." + uiKey(top.term())),
                    top.gib().toPlainString(), top.sharePercent().toPlainString()));
        }
        boolean hasNeed = s.hostRamNeededGiB() != null && s.hostRamPolicyMinimumGiB() != null;
        hostNeed.setVisible(hasNeed);
        if (hasNeed) {
            hostNeed.setText(getTranslation("sizing.terms.hostNeed", s.hostRamNeededGiB().toPlainString(),
                    s.hostRamPolicyMinimumGiB().toPlainString(), s.ratioBand().min().toPlainString(),
                    s.recommendedHostRamGiB().toPlainString()));
        }
        boolean moe = s.notes().stream().anyMatch(n -> "MOE_ALL_EXPERTS_RESIDENT".equals(n.code()));
        active.setVisible(moe);
        if (moe) {
            active.setText(getTranslation("sizing.activeParameters", String.format("%,d", s.activeParameters())));
        }
    }

    private void fill(Div target, List<BreakdownSegments.Term> terms) {
        target.removeAll();
        for (BreakdownSegments.Term t : terms) {
            if (t.gib() == null || t.gib().signum() <= 0) {
                continue;
            }
            Details row = new Details();
            row.addClassName("sizing-term");
            row.getElement().setAttribute("data-term", t.key());
            row.setSummaryText(getTranslation("sizing.term." + t.key()) + ": " + t.gib().toPlainString() + " GiB — "
                    + getTranslation("sizing.help." + t.key()));
            // the formula is built when the row is first opened, not sent with the collapsed row (ADR 1202)
            String key = t.key();
            row.addOpenedChangeListener(e -> {
                if (e.isOpened() && row.getContent().findAny().isEmpty()) {
                    row.add(formula(key));
                }
            });
            target.add(row);
        }
    }

    /** The REST term key as the bundles name it (the optimizer term is "optimizer" there). */
    private static String uiKey(String term) {
        return "optimizerStates".equals(term) ? "optimizer" : term;
    }

    private Span formula(String key) {
        Span formula = new Span(getTranslation("sizing.terms.formula") + ": " + getTranslation("sizing.formula." + key));
        formula.addClassName("sizing-term-formula");
        formula.getStyle().set("font-family", "var(--lumo-font-family-monospace, monospace)")
                .set("font-size", "var(--lumo-font-size-s)");
        return formula;
    }
}
