package com.gpuquote.deployment;

import java.util.List;

/** The uploaded file has errors; every one is listed with its line and nothing was stored. */
public class UtilizationImportException extends RuntimeException {

    private final List<LineError> errors;

    public UtilizationImportException(List<LineError> errors) {
        super(errors.size() + " error(s) in the utilisation file; first: line " + errors.get(0).line() + ": "
                + errors.get(0).message());
        this.errors = List.copyOf(errors);
    }

    public List<LineError> errors() {
        return errors;
    }
}
