package com.gpuquote.quote.domain;

import com.gpuquote.security.UserId;

/** The quote's author tried to approve their own quote. */
public class SelfApprovalException extends ApprovalDeniedException {

    private final UserId userId;

    public SelfApprovalException(UserId userId) {
        super("The author of a quote cannot approve it: " + userId);
        this.userId = userId;
    }

    public UserId userId() {
        return userId;
    }
}
