package com.gpuquote.quote.pricing;

import com.gpuquote.quote.OptionView;

/** What tenant admins see: the consultant view plus the margin. */
public record AdminOptionView(OptionView option, OptionMargin margin) {
}
