package com.gpuquote.deployment;

import com.gpuquote.shared.I18n;

import java.util.Locale;

/**
 * One way an uploaded utilisation file's GPUs differ from the deployment's hardware: {@code field} is
 * {@code gpuModel}, {@code gpuCount} or {@code memoryTotal}; {@code expected} what the deployment's instance type has
 * (the catalog's GPU model code, the GPUs of all its instances, the memory per GPU in MiB), {@code found} what the
 * file shows (its GPU names, its distinct GPUs, its GPUs' memory totals in MiB).
 */
public record HardwareDifference(String field, String expected, String found) {

    public static final String GPU_MODEL = "gpuModel";
    public static final String GPU_COUNT = "gpuCount";
    public static final String MEMORY_TOTAL = "memoryTotal";

    /** The difference in words (bundle key {@code deployment.hardware.<field>}). */
    public String message(Locale locale) {
        return I18n.get(locale, "deployment.hardware." + field, expected, found);
    }
}
