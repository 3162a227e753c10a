package com.gpuquote.quote;

/** What tenant admins see: the consultant view plus the margin. */
public record AdminOptionView(OptionView option, OptionMargin margin) {
}
