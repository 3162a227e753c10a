package com.gpuquote.pricing.agreement;

import java.util.List;

/** An agreement failed validation; carries every field error at once. */
public class InvalidAgreementException extends RuntimeException {

    private final List<AgreementError> errors;

    public InvalidAgreementException(List<AgreementError> errors) {
        super("Invalid agreement: " + errors);
        this.errors = List.copyOf(errors);
    }

    public List<AgreementError> errors() {
        return errors;
    }
}
