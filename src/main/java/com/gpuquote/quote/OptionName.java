package com.gpuquote.quote;

/** A quote has one to four options, named in order. */
public enum OptionName {
    A, B, C, D;

    public static final int MAX_OPTIONS = 4;

    public static OptionName at(int index) {
        return values()[index];
    }
}
