package com.gpuquote.deployment;

import java.time.Instant;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Parsed samples of one file, kept in primitive columns so a million GPU samples cost a few dozen MB, not a
 * million objects. A percentage that the file does not have is {@code NaN}.
 */
public final class UtilizationSamples {

    private final UtilizationFormat format;
    /** Node names; a sample keeps the index of its node. Index 0 is the upload's node ('' when none was named). */
    private final java.util.List<String> nodes = new java.util.ArrayList<>();
    private final java.util.Map<String, Short> nodeIndex = new java.util.HashMap<>();
    // GPU samples
    private short[] gpuNode = new short[64];
    private int gpuSize;
    private long[] gpuAt = new long[64];
    private short[] gpu = new short[64];
    private int[] usedMib = new int[64];
    private int[] totalMib = new int[64];
    private float[] utilPct = new float[64];
    private float[] smPct = new float[64];
    private float[] grPct = new float[64];
    private float[] dramPct = new float[64];
    /** The GPU name the file gives (nvidia-smi name column, DCGM modelName label), by node × 1024 + index. */
    private final java.util.Map<Integer, String> gpuNames = new java.util.LinkedHashMap<>();
    // host samples
    private int hostSize;
    private long[] hostAt = new long[16];
    private short[] hostNode = new short[16];
    private long[] memTotalKib = new long[16];
    private long[] memAvailableKib = new long[16];

    UtilizationSamples(UtilizationFormat format, String defaultNode) {
        this.format = format;
        node(defaultNode);
    }

    UtilizationSamples(UtilizationFormat format) {
        this(format, "");
    }

    /** The index of a node name, added when new. */
    short node(String name) {
        Short i = nodeIndex.get(name);
        if (i == null) {
            i = (short) nodes.size();
            nodes.add(name);
            nodeIndex.put(name, i);
        }
        return i;
    }

    public UtilizationFormat format() {
        return format;
    }

    void addGpu(long atMillis, int gpuIndex, int used, int total, float util, float sm, float gr, float dram) {
        addGpu(atMillis, (short) 0, gpuIndex, used, total, util, sm, gr, dram);
    }

    void addGpu(long atMillis, short node, int gpuIndex, int used, int total, float util, float sm, float gr,
                float dram) {
        if (gpuSize == gpuAt.length) {
            int n = gpuSize * 2;
            gpuAt = Arrays.copyOf(gpuAt, n);
            gpuNode = Arrays.copyOf(gpuNode, n);
            gpu = Arrays.copyOf(gpu, n);
            usedMib = Arrays.copyOf(usedMib, n);
            totalMib = Arrays.copyOf(totalMib, n);
            utilPct = Arrays.copyOf(utilPct, n);
            smPct = Arrays.copyOf(smPct, n);
            grPct = Arrays.copyOf(grPct, n);
            dramPct = Arrays.copyOf(dramPct, n);
        }
        int i = gpuSize++;
        gpuAt[i] = atMillis;
        gpuNode[i] = node;
        gpu[i] = (short) gpuIndex;
        usedMib[i] = used;
        totalMib[i] = total;
        utilPct[i] = util;
        smPct[i] = sm;
        grPct[i] = gr;
        dramPct[i] = dram;
    }

    /** Notes the name a GPU has in the file (the first seen; blank or a placeholder such as [N/A] is none). */
    void gpuName(short node, int gpuIndex, @Nullable String name) {
        if (name == null || name.isBlank() || name.startsWith("[") || gpuIndex < 0) {
            return;
        }
        gpuNames.putIfAbsent(node * 1024 + gpuIndex, name.strip());
    }

    /**
     * The hardware the file shows: the GPU names it gives, its distinct GPUs (node and index) and each GPU's memory
     * total (the largest the GPU reports, in MiB). Nothing of GPUs for a host memory file.
     */
    public FileHardware hardware() {
        java.util.Map<Integer, Integer> totals = new java.util.HashMap<>();
        for (int i = 0; i < gpuSize; i++) {
            totals.merge(gpuNode[i] * 1024 + gpu[i], totalMib[i], Math::max);
        }
        return new FileHardware(new java.util.TreeSet<>(gpuNames.values()), totals.size(),
                new java.util.TreeSet<>(totals.values()));
    }

    /**
     * What a file says about the GPUs it was recorded on. {@code names} is empty when the file gives none (an
     * nvidia-smi query without the name column, DCGM without modelName); {@code gpus} is 0 and
     * {@code memoryTotalsMib} empty for a file without GPU samples.
     */
    public record FileHardware(java.util.SortedSet<String> names, int gpus, java.util.SortedSet<Integer> memoryTotalsMib) {
    }

    void addHost(long atMillis, long total, long available) {
        if (hostSize == hostAt.length) {
            int n = hostSize * 2;
            hostAt = Arrays.copyOf(hostAt, n);
            hostNode = Arrays.copyOf(hostNode, n);
            memTotalKib = Arrays.copyOf(memTotalKib, n);
            memAvailableKib = Arrays.copyOf(memAvailableKib, n);
        }
        int i = hostSize++;
        hostAt[i] = atMillis;
        hostNode[i] = 0;
        memTotalKib[i] = total;
        memAvailableKib[i] = available;
    }

    public int gpuCount() {
        return gpuSize;
    }

    public int hostCount() {
        return hostSize;
    }

    public int size() {
        return gpuSize + hostSize;
    }

    public long gpuAt(int i) { return gpuAt[i]; }
    public String gpuNode(int i) { return nodes.get(gpuNode[i]); }
    public String hostNode(int i) { return nodes.get(hostNode[i]); }
    public int gpu(int i) { return gpu[i]; }
    public int usedMib(int i) { return usedMib[i]; }
    public int totalMib(int i) { return totalMib[i]; }
    public float utilPct(int i) { return utilPct[i]; }
    public float smPct(int i) { return smPct[i]; }
    public float grPct(int i) { return grPct[i]; }
    public float dramPct(int i) { return dramPct[i]; }
    public long hostAt(int i) { return hostAt[i]; }
    public long memTotalKib(int i) { return memTotalKib[i]; }
    public long memAvailableKib(int i) { return memAvailableKib[i]; }

    /** Distinct GPUs (node and index). */
    public int distinctGpus() {
        java.util.BitSet seen = new java.util.BitSet();
        int n = 0;
        for (int i = 0; i < gpuSize; i++) {
            int key = gpuNode[i] * 1024 + gpu[i];
            if (!seen.get(key)) {
                seen.set(key);
                n++;
            }
        }
        return n;
    }

    /** The first sample's instant (null when empty). */
    public @Nullable Instant from() {
        long min = Long.MAX_VALUE;
        for (int i = 0; i < gpuSize; i++) {
            min = Math.min(min, gpuAt[i]);
        }
        for (int i = 0; i < hostSize; i++) {
            min = Math.min(min, hostAt[i]);
        }
        return min == Long.MAX_VALUE ? null : Instant.ofEpochMilli(min);
    }

    /** The last sample's instant (null when empty). */
    public @Nullable Instant to() {
        long max = Long.MIN_VALUE;
        for (int i = 0; i < gpuSize; i++) {
            max = Math.max(max, gpuAt[i]);
        }
        for (int i = 0; i < hostSize; i++) {
            max = Math.max(max, hostAt[i]);
        }
        return max == Long.MIN_VALUE ? null : Instant.ofEpochMilli(max);
    }
}
