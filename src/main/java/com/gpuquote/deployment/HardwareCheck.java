package com.gpuquote.deployment;

import com.gpuquote.catalog.InstanceType;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Compares what a utilisation file shows about its GPUs with the deployment's hardware (issue 42). Each check runs
 * only when the file has the figure (a host memory file has none; an nvidia-smi query without the name column gives
 * no model):
 * <ul>
 *   <li>GPU model: every name in the file names the catalog model. Names are compared normalised: upper case, without
 *       the vendor and brand words (NVIDIA, Tesla, GeForce, Quadro), split at anything not a letter or digit; the
 *       catalog code's first part ({@code A100} of {@code A100-SXM4-40GB}, {@code RTX4090} of
 *       {@code RTX4090-PCIE-24GB}) must be one of the name's parts or two neighbouring parts joined ("RTX 4090"), so
 *       {@code NVIDIA A100-SXM4-40GB} is an A100-SXM4-40GB, and an A10 is not an A100. The memory size tells the
 *       variants of a model apart.</li>
 *   <li>GPU count: the file's distinct GPUs (each node's distinct indexes, added up) may be at most the deployment's
 *       (GPUs per instance × instances): a file of one node of several is fine, more GPUs than the deployment has is
 *       not.</li>
 *   <li>Memory total: each GPU's memory.total within {@value #MEMORY_TOLERANCE_PCT} % of the catalog's memory per GPU,
 *       nominal or driver-reported (nvidia-smi reports MiB slightly under the nominal size, GDDR cards more: an A10 is
 *       24 GiB nominal, 23,028 MiB reported; DCGM's used + free leaves out the driver's reserve).</li>
 * </ul>
 */
public final class HardwareCheck {

    /** Our policy: how far a GPU's reported memory total may be from the catalog's, in percent. */
    public static final int MEMORY_TOLERANCE_PCT = 5;

    private static final java.util.regex.Pattern BRAND = java.util.regex.Pattern.compile("\\b(NVIDIA|TESLA|GEFORCE|QUADRO)\\b");

    private HardwareCheck() {
    }

    /** The differences between the file's hardware and {@code instances} × {@code type}; empty when it matches. */
    public static List<HardwareDifference> compare(UtilizationSamples.FileHardware file, InstanceType type, int instances) {
        List<HardwareDifference> out = new ArrayList<>();
        if (file.gpus() == 0) {
            return out; // host memory only: nothing of GPUs to compare
        }
        String model = type.gpuModel().code();
        SortedSet<String> others = new TreeSet<>();
        for (String name : file.names()) {
            if (!sameModel(name, model)) {
                others.add(name);
            }
        }
        if (!others.isEmpty()) {
            out.add(new HardwareDifference(HardwareDifference.GPU_MODEL, model, String.join(", ", others)));
        }
        int expected = type.gpuCount() * instances;
        if (file.gpus() > expected) {
            out.add(new HardwareDifference(HardwareDifference.GPU_COUNT, String.valueOf(expected),
                    String.valueOf(file.gpus())));
        }
        BigDecimal nominal = type.gpuModel().vramGiB();
        BigDecimal driver = type.gpuModel().usableVramGiB();
        SortedSet<Integer> off = new TreeSet<>();
        for (int mib : file.memoryTotalsMib()) {
            if (!within(mib, nominal) && !within(mib, driver)) {
                off.add(mib);
            }
        }
        if (!off.isEmpty()) {
            out.add(new HardwareDifference(HardwareDifference.MEMORY_TOTAL, mib(nominal) + " MiB",
                    off.stream().map(m -> m + " MiB").collect(Collectors.joining(", "))));
        }
        return out;
    }

    /** Whether a GPU name from a file names the catalog model {@code code} (see the class comment). */
    static boolean sameModel(String name, String code) {
        String base = code.toUpperCase(Locale.ROOT).split("-")[0].replaceAll("[^A-Z0-9]", "");
        String[] parts = BRAND.matcher(name.toUpperCase(Locale.ROOT)).replaceAll(" ").split("[^A-Z0-9]+");
        List<String> p = new ArrayList<>();
        for (String part : parts) {
            if (!part.isEmpty()) {
                p.add(part);
            }
        }
        for (int i = 0; i < p.size(); i++) {
            if (p.get(i).equals(base) || i + 1 < p.size() && (p.get(i) + p.get(i + 1)).equals(base)) {
                return true;
            }
        }
        return false;
    }

    private static boolean within(int mib, BigDecimal gib) {
        double expected = gib.doubleValue() * 1024;
        return Math.abs(mib - expected) <= expected * MEMORY_TOLERANCE_PCT / 100.0;
    }

    private static long mib(BigDecimal gib) {
        return Math.round(gib.doubleValue() * 1024);
    }
}
