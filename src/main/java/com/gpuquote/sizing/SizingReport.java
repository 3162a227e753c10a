package com.gpuquote.sizing;

import com.gpuquote.shared.I18n;
import com.gpuquote.sizing.engine.Note;
import com.gpuquote.sizing.engine.SizingResult;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A sizing result as the API answers it (and as a project's sizing run stores it): GiB (2^30 bytes) rounded
 * half-up to 3 decimals, notes translated into the caller's language.
 */
public record SizingReport(
        PerGpu perGpu,
        Host host,
        int nodes,
        int gpuCount,
        int gpusPerNode,
        Band ratioBand,
        BigDecimal recommendedHostRamGiB,
        BigDecimal vramPerNodeGiB,
        long trainableParameters,
        List<Message> notes,
        long activeParameters,
        Serving serving,
        @Nullable List<Term> terms,
        @Nullable String dominantTerm,
        @Nullable BigDecimal hostRamNeededGiB,
        @Nullable BigDecimal hostRamPolicyMinimumGiB) {

    /** The memory classes of current GPUs (GB as sold, equal to GiB, ADR 0101) the concurrency table is shown for. */
    public static final int[] MEMORY_CLASSES_GIB = {16, 24, 32, 40, 48, 80, 96, 141};

    public record PerGpu(BigDecimal weightsGiB, BigDecimal gradientsGiB, BigDecimal optimizerStatesGiB,
                         BigDecimal activationsGiB, BigDecimal kvCacheGiB, BigDecimal buffersGiB,
                         BigDecimal overheadGiB, BigDecimal workingSetGiB, BigDecimal totalGiB,
                         BigDecimal logitsGiB, BigDecimal recomputeGiB, BigDecimal frameworkGiB,
                         @Nullable BigDecimal zeroBucketsGiB, @Nullable BigDecimal zeroStepGiB) {
    }

    /**
     * One per-GPU memory term, largest first: its key (as in {@code perGpu}, without "GiB"), its GiB and its share of
     * the per-GPU total in percent (one decimal).
     */
    public record Term(String term, BigDecimal gib, BigDecimal sharePercent) {
    }

    public record Host(BigDecimal offloadGiB, BigDecimal modelLoadingGiB, BigDecimal datasetCacheGiB,
                       BigDecimal dataloaderGiB, BigDecimal osReserveGiB, BigDecimal workingSetGiB,
                       BigDecimal totalGiB, BigDecimal checkpointCacheGiB, BigDecimal pinnedBuffersGiB,
                       BigDecimal swapSpaceGiB, BigDecimal kvCpuOffloadGiB) {
    }

    /**
     * Inference only (null otherwise): the serving engine, its gpu_memory_utilization, KV-cache bytes per token on
     * one GPU and the maximum concurrent sequences of the requested context per GPU memory class.
     */
    public record Serving(String engine, BigDecimal gpuMemoryUtilization, long kvCacheBytesPerTokenPerGpu,
                          BigDecimal nonKvCacheGiB, List<Concurrency> maxConcurrentSequences) {
    }

    /** Maximum concurrent sequences (2 decimals, as vLLM prints it) on a GPU of {@code vramGiB}. */
    public record Concurrency(int vramGiB, BigDecimal sequences) {
    }

    public record Band(BigDecimal min, BigDecimal max) {
    }

    /** A note or warning: stable code, text in the caller's language. */
    public record Message(String code, String message) {
    }

    public static SizingReport of(SizingResult r, Locale locale) {
        SizingResult.PerGpu g = r.perGpu();
        SizingResult.Host h = r.host();
        return new SizingReport(
                new PerGpu(gib(g.weightsGiB()), gib(g.gradientsGiB()), gib(g.optimizerStatesGiB()),
                        gib(g.activationsGiB()), gib(g.kvCacheGiB()), gib(g.buffersGiB()), gib(g.overheadGiB()),
                        gib(g.workingSetGiB()), gib(g.totalGiB()), gib(g.logitsGiB()), gib(g.recomputeGiB()),
                        gib(g.frameworkGiB()), gib(g.zeroBucketsGiB()), gib(g.zeroStepGiB())),
                new Host(gib(h.offloadGiB()), gib(h.modelLoadingGiB()), gib(h.datasetCacheGiB()),
                        gib(h.dataloaderGiB()), gib(h.osReserveGiB()), gib(h.workingSetGiB()), gib(h.totalGiB()),
                        gib(h.checkpointCacheGiB()), gib(h.pinnedBuffersGiB()), gib(h.swapSpaceGiB()),
                        gib(h.kvCpuOffloadGiB())),
                r.nodes(), r.gpuCount(), r.gpusPerNode(),
                new Band(SizingPolicy.norm(BigDecimal.valueOf(r.ratioBand().min())),
                        SizingPolicy.norm(BigDecimal.valueOf(r.ratioBand().max()))),
                gib(r.recommendedHostRamGiB()), gib(r.vramPerNodeGiB()), r.trainableParameters(),
                messages(r.notes(), locale), r.activeParameters(), serving(r.serving()), terms(g),
                dominant(g), gib(h.totalGiB()), gib(r.ratioBand().min() * r.vramPerNodeGiB()));
    }

    /** The non-zero per-GPU terms, largest first, with their share of the total. */
    static List<Term> terms(SizingResult.PerGpu g) {
        double[] v = {g.weightsGiB(), g.gradientsGiB(), g.optimizerStatesGiB(), g.activationsGiB(), g.recomputeGiB(),
                g.logitsGiB(), g.kvCacheGiB(), g.buffersGiB(), g.zeroBucketsGiB(), g.zeroStepGiB(), g.frameworkGiB(),
                g.overheadGiB(), g.workingSetGiB()};
        List<Term> terms = new ArrayList<>(v.length);
        for (int i = 0; i < v.length; i++) {
            if (v[i] > 0) {
                double share = g.totalGiB() > 0 ? 100 * v[i] / g.totalGiB() : 0;
                terms.add(new Term(TERM_KEYS[i], gib(v[i]), BigDecimal.valueOf(share).setScale(1, RoundingMode.HALF_UP)));
            }
        }
        terms.sort(Comparator.comparing(Term::gib).reversed());
        return List.copyOf(terms);
    }

    static @Nullable String dominant(SizingResult.PerGpu g) {
        List<Term> t = terms(g);
        return t.isEmpty() ? null : t.get(0).term();
    }

    /** Keys of the per-GPU terms, in the order of {@link #terms}: the perGpu field names without "GiB". */
    public static final String[] TERM_KEYS = {"weights", "gradients", "optimizerStates", "activations", "recompute",
            "logits", "kvCache", "buffers", "zeroBuckets", "zeroStep", "framework", "overhead", "workingSet"};

    static @Nullable Serving serving(SizingResult.Serving s) {
        if (s == null) {
            return null;
        }
        List<Concurrency> rows = new ArrayList<>(MEMORY_CLASSES_GIB.length);
        for (int vram : MEMORY_CLASSES_GIB) {
            rows.add(new Concurrency(vram, BigDecimal.valueOf(s.maxConcurrentSequences(vram))
                    .setScale(2, RoundingMode.HALF_UP)));
        }
        return new Serving(s.engine().name(), BigDecimal.valueOf(s.gpuMemoryUtilization()),
                Math.round(s.kvBytesPerTokenPerGpu()), gib(s.nonKvCacheGiB()), List.copyOf(rows));
    }

    /** GiB rounded half-up to 3 decimals. */
    public static BigDecimal gib(double v) {
        return BigDecimal.valueOf(v).setScale(3, RoundingMode.HALF_UP);
    }

    public static List<Message> messages(List<Note> notes, Locale locale) {
        return notes.stream().map(n -> new Message(n.code(), text(n, locale))).toList();
    }

    /** The note in the language, or its English default when the bundle has no key for it. */
    public static String text(Note n, Locale locale) {
        return text(n.messageKey(), n.message(), n.args(), locale);
    }

    /** A bundle pattern with the engine's args, or the English default when the bundle has no such key. */
    public static String text(String key, String english, List<Object> args, Locale locale) {
        return I18n.has(key) ? I18n.get(locale, key, args.toArray()) : english;
    }
}
