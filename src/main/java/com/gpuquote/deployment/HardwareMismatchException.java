package com.gpuquote.deployment;

import java.util.List;

/**
 * The uploaded file was recorded on other GPUs than the deployment's (model, count or memory); nothing was stored.
 * Sending it again with the hardware confirmed stores it and records the differences.
 */
public class HardwareMismatchException extends RuntimeException {

    private final List<HardwareDifference> differences;

    public HardwareMismatchException(List<HardwareDifference> differences) {
        super("the file's GPUs differ from the deployment's: " + differences);
        this.differences = List.copyOf(differences);
    }

    public List<HardwareDifference> differences() {
        return differences;
    }
}
