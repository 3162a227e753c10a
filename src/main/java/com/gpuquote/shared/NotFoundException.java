package com.gpuquote.shared;

/** The thing does not exist, or belongs to another tenant: both answer the same (404), so ids leak nothing. */
public class NotFoundException extends RuntimeException {
    public NotFoundException(String what, Object id) {
        super(what + " " + id + " not found");
    }
}
