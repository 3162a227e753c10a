package com.gpuquote.shared;

/** The request clashes with the current state (a concurrent change, a duplicate, an illegal state change). */
public class ConflictException extends RuntimeException {
    private final String messageKey;

    public ConflictException(String messageKey, String message) {
        super(message);
        this.messageKey = messageKey;
    }

    public String messageKey() {
        return messageKey;
    }
}
