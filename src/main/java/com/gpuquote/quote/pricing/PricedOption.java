package com.gpuquote.quote.pricing;

import com.gpuquote.quote.OptionView;
import com.gpuquote.quote.domain.QuoteOption;

/**
 * Internal pricing result of one option (carries cost via {@link OptionMargin}). Hand out
 * {@link #consultantView()} to consultants/customers and {@link #adminView()} to tenant admins. {@code approval}
 * (issue 39): the option's voucher cap and option-level floor and below-cost checks ({@link OptionApproval#NONE} in
 * snapshots taken before).
 */
public record PricedOption(QuoteOption source, OptionView view, OptionMargin margin, OptionApproval approval) {

    public PricedOption {
        approval = approval == null ? OptionApproval.NONE : approval;
    }

    public PricedOption(QuoteOption source, OptionView view, OptionMargin margin) {
        this(source, view, margin, OptionApproval.NONE);
    }

    public OptionView consultantView() {
        return view;
    }

    public AdminOptionView adminView() {
        return new AdminOptionView(view, margin);
    }

    public boolean anyBelowFloor() {
        return view.anyBelowFloor();
    }

    /** A line below floor, the unconfirmed vouchers over the tenant's cap or the option's margin under the floor. */
    public boolean needsApproval() {
        return anyBelowFloor() || approval.needsApproval();
    }

    /** The option's margin is negative (the approver's margin, {@link OptionApproval#belowCost()}). */
    public boolean belowCost() {
        return approval.belowCost() || (margin.complete() && margin.marginAmount() != null
                && margin.marginAmount().signum() < 0);
    }
}
