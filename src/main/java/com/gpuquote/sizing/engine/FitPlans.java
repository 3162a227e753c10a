package com.gpuquote.sizing.engine;

import com.gpuquote.sizing.engine.Suggestion.Change;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What-ifs for an input that fits no priced instance, when no single change makes it fit either
 * (docs/sizing-model.md, "Plans that make a workload fit"). For each way of saving memory (ZeRO stage 1, 2 or 3,
 * selective or full activation recompute, optimizer or optimizer-and-parameter offload, LoRA instead of full
 * training, more GPUs; INT8/INT4 weights and more GPUs for inference) it turns the other knobs as far as needed for
 * the cheapest priced instance to fit; of equally cheap plans it keeps the one with the fewest knobs turned and the
 * mildest settings (lower ZeRO stage, selective before full recompute, optimizer before parameter offload). A plan
 * that is another plan plus changes that buy nothing cheaper is dropped. Every figure comes from re-sizing the changed input
 * with the engine and re-ranking the catalog; nothing is a fixed text.
 */
final class FitPlans {

    private static final String PATTERN = "{0}: {1} GiB per GPU and {2} GiB host RAM per node; {4} × {3} fits for"
            + " {5} {6} per month.";
    /** GPU counts tried for "more GPUs": the given count times these factors. */
    private static final int[] GPU_FACTORS = {2, 4, 8};

    private FitPlans() {
    }

    /** One knob the search may turn: its request field and the values to try, mildest first (current excluded). */
    private record Knob(String field, List<String> values) {
    }

    private record Family(String code, List<Change> changes) {
    }

    static List<Suggestion> plans(SizingInput input, Resolved r, List<CandidateInstance> catalog,
                                  CandidateRanking.Pricing pricing, RatioPolicy policy) {
        List<Knob> knobs = knobs(r);
        List<List<Family>> families = families(r, knobs);
        Map<SizingInput, Suggestion> found = new LinkedHashMap<>();
        for (List<Family> alternatives : families) {
            // alternatives of one family (more GPUs: ×2, ×4, ×8): the first that can be made to fit
            for (Family f : alternatives) {
                Suggestion s = cheapestCompletionThatFits(input, f, knobs, catalog, pricing, policy);
                if (s != null) {
                    found.putIfAbsent(s.input(), s);
                    break;
                }
            }
        }
        List<Suggestion> plans = new ArrayList<>(found.values());
        plans.removeIf(b -> plans.stream().anyMatch(a -> a != b && strictlyIncludes(b.changes(), a.changes())
                && a.monthlyPrice().compareTo(b.monthlyPrice()) <= 0));
        return plans;
    }

    private static List<Knob> knobs(Resolved r) {
        List<Knob> knobs = new ArrayList<>();
        if (r.workload.isTraining()) {
            List<String> zero = new ArrayList<>();
            for (int s = r.zeroStage + 1; s <= 3; s++) {
                zero.add(String.valueOf(s));
            }
            knobs.add(new Knob("zeroStage", zero));
            List<String> recompute = new ArrayList<>();
            for (ActivationRecompute a : ActivationRecompute.values()) {
                if (a.ordinal() > r.recompute.ordinal()) {
                    recompute.add(a.name());
                }
            }
            knobs.add(new Knob("activationRecompute", recompute));
            List<String> offload = new ArrayList<>();
            for (Offload o : Offload.values()) {
                if (o.ordinal() > r.offload.ordinal()) {
                    offload.add(o.name());
                }
            }
            knobs.add(new Knob("offload", offload));
        } else if (r.workload == Workload.INFERENCE) {
            List<String> precision = new ArrayList<>();
            if (r.precision.bytes() > 1) {
                precision.add(Precision.INT8.name());
            }
            if (r.precision != Precision.INT4) {
                precision.add(Precision.INT4.name());
            }
            knobs.add(new Knob("precision", precision));
        }
        return knobs;
    }

    /** Each family with its alternatives; a family's own knob is not turned again by the completion. */
    private static List<List<Family>> families(Resolved r, List<Knob> knobs) {
        List<List<Family>> out = new ArrayList<>();
        for (Knob k : knobs) {
            for (String v : k.values()) {
                List<Change> changes = new ArrayList<>(List.of(new Change(k.field(), v)));
                // offload needs ZeRO: the optimizer with stage 2 (ZeRO-Offload), parameters with stage 3
                if (k.field().equals("offload") && v.equals(Offload.OPTIMIZER.name()) && r.zeroStage < 2) {
                    changes.add(0, new Change("zeroStage", "2"));
                } else if (k.field().equals("offload") && v.equals(Offload.OPTIMIZER_AND_PARAMS.name())
                        && r.zeroStage < 3) {
                    changes.add(0, new Change("zeroStage", "3"));
                }
                out.add(List.of(new Family(code(k.field(), v), changes)));
            }
        }
        if (r.workload == Workload.TRAINING) {
            out.add(List.of(new Family(NoteCodes.LORA, List.of(new Change("workload",
                    Workload.LORA_FINE_TUNING.name())))));
        }
        if (r.gpuCount > 0 && r.workload != Workload.GENERAL_COMPUTE) {
            List<Family> more = new ArrayList<>();
            for (int factor : GPU_FACTORS) {
                long n = (long) r.gpuCount * factor;
                if (n <= SizingEngine.MAX_GPU_COUNT) {
                    more.add(new Family(NoteCodes.MORE_GPUS, List.of(new Change("gpuCount", String.valueOf(n)))));
                }
            }
            out.add(more);
        }
        return out;
    }

    private static String code(String field, String value) {
        return switch (field) {
            case "zeroStage" -> switch (value) {
                case "1" -> NoteCodes.ZERO_1;
                case "2" -> NoteCodes.ZERO_2;
                default -> NoteCodes.ZERO_3;
            };
            case "activationRecompute" -> value.equals(ActivationRecompute.FULL.name()) ? NoteCodes.FULL_RECOMPUTE
                    : NoteCodes.SELECTIVE_RECOMPUTE;
            case "offload" -> value.equals(Offload.OPTIMIZER.name()) ? NoteCodes.OPTIMIZER_OFFLOAD
                    : NoteCodes.PARAM_OFFLOAD;
            case "precision" -> value.equals(Precision.INT8.name()) ? NoteCodes.INT8_SERVING : NoteCodes.INT4_SERVING;
            default -> throw new IllegalArgumentException(field);
        };
    }

    /**
     * The family's changes with the other knobs turned so that the cheapest instance fits; of equally cheap plans the
     * one with the fewest and mildest other changes (the family's changes alone when they are enough).
     */
    private static Suggestion cheapestCompletionThatFits(SizingInput input, Family f, List<Knob> knobs,
                                                      List<CandidateInstance> catalog, CandidateRanking.Pricing pricing,
                                                      RatioPolicy policy) {
        Set<String> fixed = new HashSet<>();
        f.changes().forEach(c -> fixed.add(c.field()));
        List<Knob> free = knobs.stream().filter(k -> !fixed.contains(k.field()) && !k.values().isEmpty()).toList();
        Suggestion best = null;
        for (List<Change> completion : completions(free)) {
            List<Change> changes = new ArrayList<>(f.changes());
            changes.addAll(completion);
            SizingInput changed = apply(input, changes);
            Resolved wr;
            try {
                wr = SizingEngine.resolve(changed, true);
            } catch (SizingValidationException e) {
                continue; // e.g. parameter offload below ZeRO stage 3
            }
            CandidateRanking.Ranking ranking = CandidateRanking.rank(wr, catalog, pricing, policy, 1);
            if (ranking.size > 0 && (best == null || ranking.top[0].cents < best.monthlyPrice().movePointRight(2)
                    .longValueExact())) {
                best = suggestion(f.code(), changes, changed, ranking.top[0], catalog);
            }
        }
        return best;
    }

    /** Every combination of the free knobs (none turned first), fewest knobs turned, then mildest values, first. */
    private static List<List<Change>> completions(List<Knob> free) {
        record Option(List<Change> changes, int turned, int steps) {
        }
        List<Option> options = new ArrayList<>(List.of(new Option(List.of(), 0, 0)));
        for (Knob k : free) {
            List<Option> next = new ArrayList<>();
            for (Option o : options) {
                next.add(o);
                for (int i = 0; i < k.values().size(); i++) {
                    List<Change> changes = new ArrayList<>(o.changes());
                    changes.add(new Change(k.field(), k.values().get(i)));
                    next.add(new Option(changes, o.turned() + 1, o.steps() + i + 1));
                }
            }
            options = next;
        }
        options.sort(Comparator.comparingInt(Option::turned).thenComparingInt(Option::steps));
        return options.stream().map(Option::changes).toList();
    }

    /** The input with the changes made (a new GPU count lets the GPUs per node follow it). */
    static SizingInput apply(SizingInput input, List<Change> changes) {
        SizingInput.Builder b = input.toBuilder();
        for (Change c : changes) {
            switch (c.field()) {
                case "zeroStage" -> b.zeroStage(Integer.valueOf(c.value()));
                case "activationRecompute" -> b.activationRecompute(ActivationRecompute.valueOf(c.value()));
                case "offload" -> b.offload(Offload.valueOf(c.value()));
                case "workload" -> b.workload(Workload.valueOf(c.value()));
                case "gpuCount" -> b.gpuCount(Integer.valueOf(c.value())).gpusPerNode(null);
                case "precision" -> b.precision(Precision.valueOf(c.value()));
                default -> throw new IllegalArgumentException(c.field());
            }
        }
        return b.build();
    }

    private static Suggestion suggestion(String code, List<Change> changes, SizingInput changed,
                                         CandidateRanking.Entry e, List<CandidateInstance> catalog) {
        CandidateInstance c = catalog.get(e.idx);
        BigDecimal price = BigDecimal.valueOf(e.cents, 2);
        Object[] args = {english(changes), e.b.perGpuTotal, e.b.hostTotal, c.code(), e.instances, price, c.currency()};
        return new Suggestion(code, Note.format(PATTERN, args), List.of(args), e.b.perGpuTotal, price, c.code(),
                e.gpuCount, c.currency(), e.b.hostTotal, e.instances, changes, changed, Suggestion.PLAN_MESSAGE_KEY);
    }

    /** The changes in English, joined by " + " (the default text; the UI translates each change). */
    static String english(List<Change> changes) {
        List<String> parts = new ArrayList<>();
        for (Change c : changes) {
            parts.add(switch (c.field() + "." + c.value()) {
                case "activationRecompute.SELECTIVE" -> "selective activation recompute";
                case "activationRecompute.FULL" -> "full activation recompute";
                case "offload.OPTIMIZER" -> "optimizer states offloaded to host memory";
                case "offload.OPTIMIZER_AND_PARAMS" -> "optimizer states and parameters offloaded to host memory";
                case "workload.LORA_FINE_TUNING" -> "LoRA fine-tuning instead of full training";
                case "precision.INT8" -> "INT8-quantized weights";
                case "precision.INT4" -> "INT4-quantized weights";
                default -> c.field().equals("zeroStage") ? "ZeRO stage " + c.value()
                        : c.field().equals("gpuCount") ? c.value() + " GPUs" : c.field() + " " + c.value();
            });
        }
        return String.join(" + ", parts);
    }

    private static boolean strictlyIncludes(List<Change> larger, List<Change> smaller) {
        return larger.size() > smaller.size() && new HashSet<>(larger).containsAll(smaller);
    }
}
