package com.gpuquote.quote.ui;

import com.gpuquote.pricing.agreement.AgreementRuleText;
import com.gpuquote.quote.pricing.LineMargin;
import com.gpuquote.quote.LineView;
import com.gpuquote.quote.pricing.WaterfallStep;
import com.gpuquote.shared.I18n;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Paragraph;

import java.util.Locale;

/**
 * The price waterfall of one line: each step, what applied, the unit price after it. Tenant admins also get the
 * cost and floor unit price ({@code margin} non-null; the floor net of the option's rebate, and the rebate over the
 * line's term); consultants only the below-floor flag. Vouchers are option-level steps, shown in the option totals.
 */
class WaterfallDialog extends Dialog {

    final Grid<WaterfallStep> steps;

    WaterfallDialog(LineView line, LineMargin margin) {
        setHeaderTitle(getTranslation("quote.line.waterfall") + " · " + line.instanceType());
        setId("waterfall-dialog");
        steps = new Grid<>(WaterfallStep.class, false);
        steps.addThemeVariants(GridVariant.LUMO_COMPACT);
        steps.setAllRowsVisible(true);
        steps.setWidth("40rem");
        steps.setId("waterfall-steps");
        steps.addColumn(s -> getTranslation("quote.step." + s.step().name())).setHeader(getTranslation("quote.waterfall.step"))
                .setKey("step");
        steps.addColumn(s -> detail(s, getLocale()))
                .setHeader(getTranslation("quote.waterfall.detail")).setKey("detail").setFlexGrow(2);
        steps.addColumn(s -> Format.unit(s.unitPrice())).setHeader(getTranslation("quote.waterfall.unitPrice"))
                .setKey("unitPrice");
        steps.setItems(line.waterfall());
        add(steps);
        if (line.belowFloor()) {
            Paragraph flag = new Paragraph(getTranslation("quote.line.belowFloor"));
            flag.addClassName("below-floor");
            add(flag);
        }
        if (margin != null) {
            Paragraph cost = new Paragraph(getTranslation("shared.label", getTranslation("quote.waterfall.cost")) + Format.unit(margin.costUnitPrice())
                    + "  " + getTranslation("shared.label", getTranslation("quote.waterfall.floor")) + Format.unit(margin.floorUnitPrice())
                    + "  " + getTranslation("shared.label", getTranslation("quote.line.margin")) + Format.amount(margin.marginAmount())
                    + " (" + Format.percent(margin.marginPercent()) + ")");
            cost.setId("waterfall-margin");
            add(cost);
            if (margin.rebateTermAmount() != null && margin.rebateTermAmount().signum() > 0) {
                // issue 16: admin-only 返点 over the line's term; the floor above is already net of it
                Paragraph rebate = new Paragraph(getTranslation("shared.label", getTranslation("quote.totals.rebate"))
                        + Format.amount(margin.rebateTermAmount()));
                rebate.setId("waterfall-rebate");
                add(rebate);
            }
        }
        getFooter().add(new Button(getTranslation("shared.close"), e -> close()));
    }

    /** What a step did, in the user's language: the agreement rule applied, the manual percent, or "not applied". */
    static String detail(WaterfallStep s, Locale locale) {
        if (s.isNone()) {
            return I18n.get(locale, "quote.step.none");
        }
        if (s.appliedRule() != null) {
            return AgreementRuleText.of(s.appliedRule(), locale);
        }
        return switch (s.step()) {
            case LIST -> I18n.get(locale, "quote.waterfall.detail.LIST");
            case MANUAL -> I18n.get(locale, "quote.waterfall.detail.MANUAL", AgreementRuleText.percent(s.percent()));
            case CONTRACT -> I18n.get(locale, "quote.waterfall.detail.CONTRACT",
                    com.gpuquote.shared.DisplayFormat.unitPrice(s.unitPrice()));
            default -> s.detail();
        };
    }
}
