package com.gpuquote.sizing;

/**
 * A stored sizing hand-over that {@link SizingHandoverCodec} cannot read (issue 14, ADR 1406 decision 4): not JSON,
 * not an object, a version this reader does not know, or a field of the wrong type. {@link #field()} names the field
 * as a JSON path ({@code performance.trainingHours}; {@code $} for the document itself).
 */
public class UnreadableHandoverException extends RuntimeException {

    private final String field;

    public UnreadableHandoverException(String field, String problem, Throwable cause) {
        super("sizing hand-over unreadable at " + field + ": " + problem, cause);
        this.field = field;
    }

    public UnreadableHandoverException(String field, String problem) {
        super("sizing hand-over unreadable at " + field + ": " + problem);
        this.field = field;
    }

    /** The field that cannot be read, as a JSON path; {@code $} when the document as a whole is the problem. */
    public String field() {
        return field;
    }
}
