package com.gpuquote.deployment.ui;

import com.gpuquote.deployment.DeploymentAnalysis;
import com.gpuquote.deployment.DeploymentId;
import com.gpuquote.deployment.RightSizingService;
import com.gpuquote.deployment.UsageFigures;
import com.gpuquote.deployment.Verdict;
import com.gpuquote.deployment.VerdictCode;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.shared.DisplayFormat;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.IntSupplier;

/** The window's figures and the verdicts, each with its proposal and "create upgrade quote". */
class AnalysisPanel extends VerticalLayout {

    final Div figures = new Div();
    final Div verdicts = new Div();
    private final RightSizingService rightSizing;
    private final DeploymentId deployment;
    private final IntSupplier days;

    AnalysisPanel(RightSizingService rightSizing, DeploymentId deployment, IntSupplier days) {
        this.rightSizing = rightSizing;
        this.deployment = deployment;
        this.days = days;
        setPadding(false);
        setId("deployment-analysis");
        figures.setId("deployment-figures");
        figures.addClassName("home-tiles");
        verdicts.setId("deployment-verdicts");
        add(new H3(getTranslation("deployment.figures")), figures, new H3(getTranslation("deployment.verdicts")), verdicts);
    }

    void show(DeploymentAnalysis a) {
        figures.removeAll();
        verdicts.removeAll();
        if (!a.hasData()) {
            Paragraph none = new Paragraph(getTranslation("deployment.view.noData"));
            none.setId("deployment-no-data");
            figures.add(none);
            return;
        }
        UsageFigures.GpuFigures g = a.gpu();
        figures.add(tile("vram-p50", "deployment.figure.vramP50", pct(g.vramUsedPctP50())),
                tile("vram-p95", "deployment.figure.vramP95", pct(g.vramUsedPctP95())),
                tile("vram-max", "deployment.figure.vramMax", pct(g.vramUsedPctMax())),
                tile("util-p95", "deployment.figure.utilP95", pct(g.utilizationPctP95())),
                tile("sm-p95", "deployment.figure.smP95", pct(g.smActivePctP95())),
                tile("ram-p95", "deployment.figure.ramP95", pct(a.host().ramUsedPctP95())));
        Paragraph detail = new Paragraph(getTranslation("deployment.figure.detail", g.samples(), g.gpus(),
                a.host().samples(), num(g.vramUsedGiBMax()), num(g.vramTotalGiB()), num(a.host().ramUsedGiBMax()),
                num(a.host().ramTotalGiB())));
        detail.setId("deployment-figure-detail");
        figures.add(detail);
        if (a.ratio() != null) {
            Paragraph ratio = new Paragraph(getTranslation("deployment.figure.ratio", num(a.ratio().ramToVram()),
                    num(a.ratio().bandMin()), num(a.ratio().bandMax()), getTranslation("deployment.ratio." + a.ratio().status())));
            ratio.setId("deployment-ratio");
            figures.add(ratio);
        }
        for (com.gpuquote.deployment.HardwareMismatch m : a.hardwareMismatches()) {
            Paragraph warning = new Paragraph(getTranslation("deployment.analysis.hardwareMismatch",
                    com.gpuquote.shared.ui.Formats.chinaDateTime(m.samplesFrom()),
                    com.gpuquote.shared.ui.Formats.chinaDateTime(m.samplesTo()),
                    String.join(getTranslation("deployment.hardware.separator"),
                            m.differences().stream().map(d -> d.message(getLocale())).toList())));
            warning.addClassName("deployment-hardware-mismatch");
            warning.getElement().getThemeList().add("badge error");
            figures.add(warning);
        }
        Set<VerdictCode> quotable = new LinkedHashSet<>();
        for (Verdict v : a.verdicts()) {
            Div card = new Div();
            card.addClassName("home-card");
            card.addClassName("verdict");
            card.getElement().setAttribute("data-code", v.code().name());
            Span code = new Span(getTranslation("deployment.verdict." + v.code().name()));
            code.getElement().getThemeList().add("badge" + (v.code() == VerdictCode.OK ? " success" : " error"));
            Paragraph message = new Paragraph(v.message(getLocale()));
            message.addClassName("verdict-message");
            card.add(code, message);
            if (v.monthlyPrice() != null && v.monthlySaving() != null) {
                card.add(new Paragraph(getTranslation("deployment.verdict.effect",
                        DisplayFormat.money(v.monthlyPrice(), v.currency()), signed(v.monthlySaving().negate()), v.currency())));
            }
            verdicts.add(card);
            if (v.quotable()) {
                quotable.add(v.code());
            }
        }
        for (VerdictCode code : quotable) {
            Button quote = new Button(getTranslation("deployment.upgradeQuote", getTranslation("deployment.verdict." + code.name())),
                    VaadinIcon.FILE_ADD.create());
            quote.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
            quote.setId("upgrade-quote-" + code.name());
            quote.addClickListener(e -> createQuote(code));
            verdicts.add(quote);
        }
    }

    void createQuote(VerdictCode code) {
        QuoteDetails[] created = new QuoteDetails[1];
        if (Notifications.attempt(() -> created[0] = rightSizing.upgradeQuote(deployment, code, days.getAsInt()))) {
            Notifications.success(getTranslation("deployment.upgradeQuote.done", created[0].number()));
            UI.getCurrent().navigate("quotes/" + created[0].id().value());
        }
    }

    private Div tile(String id, String labelKey, String value) {
        Span number = new Span(value);
        number.addClassName("home-tile-count");
        Span label = new Span(getTranslation(labelKey));
        label.addClassName("home-tile-label");
        Div tile = new Div(number, label);
        tile.addClassName("home-tile");
        tile.setId("figure-" + id);
        return tile;
    }

    private static String pct(Double v) {
        return v == null ? "–" : BigDecimal.valueOf(v).setScale(1, RoundingMode.HALF_UP).toPlainString() + " %";
    }

    private static String num(Double v) {
        return v == null ? "–" : BigDecimal.valueOf(v).setScale(1, RoundingMode.HALF_UP).toPlainString();
    }

    private static String signed(BigDecimal v) {
        return (v.signum() > 0 ? "+" : "") + DisplayFormat.amount(v);
    }
}
