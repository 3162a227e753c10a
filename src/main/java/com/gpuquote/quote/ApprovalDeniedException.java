package com.gpuquote.quote;

/** The user may not approve this quote (not a tenant admin). */
public class ApprovalDeniedException extends RuntimeException {

    public ApprovalDeniedException(String message) {
        super(message);
    }
}
