package com.gpuquote.quote.pricing;

import com.gpuquote.quote.OptionView;
import com.gpuquote.quote.domain.QuoteOption;

/**
 * Internal pricing result of one option (carries cost via {@link OptionMargin}). Hand out
 * {@link #consultantView()} to consultants/customers and {@link #adminView()} to tenant admins.
 */
public record PricedOption(QuoteOption source, OptionView view, OptionMargin margin) {

    public OptionView consultantView() {
        return view;
    }

    public AdminOptionView adminView() {
        return new AdminOptionView(view, margin);
    }

    public boolean anyBelowFloor() {
        return view.anyBelowFloor();
    }
}
