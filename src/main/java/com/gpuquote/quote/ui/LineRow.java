package com.gpuquote.quote.ui;

import com.gpuquote.quote.pricing.LineMargin;
import com.gpuquote.quote.LineView;
import com.gpuquote.quote.QuoteInput;

/**
 * One instance line in the editor: the input being edited plus, once priced, its consultant-safe view and (tenant
 * admins only) its margin.
 */
final class LineRow {
    QuoteInput.Line input;
    LineView priced;
    LineMargin margin;

    LineRow(QuoteInput.Line input, LineView priced, LineMargin margin) {
        this.input = input;
        this.priced = priced;
        this.margin = margin;
    }
}
