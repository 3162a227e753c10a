package com.gpuquote.quote.domain;

import java.util.UUID;

/** The quote's author tried to approve their own quote. */
public class SelfApprovalException extends ApprovalDeniedException {

    private final UUID userId;

    public SelfApprovalException(UUID userId) {
        super("The author of a quote cannot approve it: " + userId);
        this.userId = userId;
    }

    public UUID userId() {
        return userId;
    }
}
