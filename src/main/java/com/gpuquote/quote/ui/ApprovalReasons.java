package com.gpuquote.quote.ui;

import com.gpuquote.commercial.Money;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.pricing.OptionApproval;
import com.gpuquote.shared.DisplayFormat;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Issue 39 (ADR 3902): why the options of a quote need approval beyond their lines' floor flags (unconfirmed vouchers
 * over the tenant's cap; for tenant admins and approvers also the option's margin under the floor or below cost) and
 * the consultant's written justification of a below-cost option. Nothing when there is nothing to say.
 */
final class ApprovalReasons extends Div {

    private ApprovalReasons(List<String> reasons, String justification) {
        setId("approval-reasons");
        for (String r : reasons) {
            Paragraph p = new Paragraph(r);
            p.addClassName("approval-reason");
            add(p);
        }
        if (justification != null) {
            Span label = new Span(getTranslation("quote.belowCost.justification.label"));
            label.getStyle().set("font-weight", "600");
            Paragraph text = new Paragraph(justification);
            text.setId("below-cost-justification");
            text.getStyle().set("white-space", "pre-wrap");
            add(label, text);
        }
    }

    static Optional<ApprovalReasons> of(QuoteDetails quote) {
        List<String> reasons = new ArrayList<>();
        ApprovalReasons probe = new ApprovalReasons(List.of(), null); // for getTranslation in the UI's locale
        for (int i = 0; i < quote.optionApprovals().size() && i < quote.options().size(); i++) {
            OptionApproval a = quote.optionApprovals().get(i);
            String option = probe.getTranslation("quote.option", quote.options().get(i).label());
            if (a.vouchersOverCap()) {
                reasons.add(probe.getTranslation("quote.approvalReason.vouchersOverCap", option,
                        DisplayFormat.money(a.unconfirmedVoucherTotal(), Money.CURRENCY),
                        a.voucherCapPercent().stripTrailingZeros().toPlainString()));
            }
            if (a.belowCost()) {
                reasons.add(probe.getTranslation("quote.approvalReason.belowCost", option));
            } else if (a.marginBelowFloor()) {
                reasons.add(probe.getTranslation("quote.approvalReason.marginBelowFloor", option));
            }
        }
        String justification = quote.belowCostJustification();
        if (reasons.isEmpty() && justification == null) {
            return Optional.empty();
        }
        return Optional.of(new ApprovalReasons(reasons, justification));
    }

    /** Some option is below cost (the approver must confirm it a second time). */
    static boolean anyBelowCost(QuoteDetails quote) {
        return quote.optionApprovals().stream().anyMatch(OptionApproval::belowCost);
    }
}
