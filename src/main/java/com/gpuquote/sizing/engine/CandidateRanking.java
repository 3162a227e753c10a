package com.gpuquote.sizing.engine;

import com.gpuquote.commercial.BillingMode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Evaluates priced instance types for one resolved input and keeps the best few (docs/sizing-model.md,
 * "Recommendations"): each distinct (GPU count, GPUs per node) pair is sized once and candidates are compared without
 * allocating per candidate.
 */
final class CandidateRanking {

    private static final long UNSET = Long.MIN_VALUE;
    /** At equal price and code: hourly before spot before monthly before yearly (shortest commitment first). */
    private static final List<BillingMode> TIE_BREAK =
            List.of(BillingMode.HOURLY, BillingMode.SPOT, BillingMode.MONTHLY, BillingMode.YEARLY);

    /**
     * A pipeline across instances ranks as if it cost this much more: never above a single-instance plan within 10 %
     * of its price (our policy: stage hops and bubbles cost throughput and operations the price does not show).
     */
    static final double PIPELINE_DEMOTION = 1.10;

    private CandidateRanking() {
    }

    static long demoted(long cents) {
        return (long) Math.ceil(cents * PIPELINE_DEMOTION);
    }

    /** One evaluated candidate at the GPU count where it first fits. */
    static final class Entry {
        int idx;
        int gpuCount;
        int instances;
        long cents;
        /** The price the order compares: {@link #cents}, raised by {@link #PIPELINE_DEMOTION} for a pipeline across instances. */
        long rankCents;
        int group; // 0: WITHIN/ABOVE band, 1: BELOW band
        double ratio;
        RatioStatus status;
        Breakdown b;
        // the plan (issue 15)
        int tp = 1;
        int pp = 1;
        int dp = 1;
        int replicas = 1;
        int perReplica = 1;
        /** The sizing of one replica when the plan is replicas of one instance (else null: {@link #b} as computed). */
        Breakdown replicaB;
        /** GPUs the plan runs on (every GPU billed unless the plan says otherwise). */
        int gpusUsed;
        /** Inference pipeline stages on different instances. */
        boolean pipelineAcross;

        void set(Entry o) {
            rankCents = o.rankCents;
            gpusUsed = o.gpusUsed;
            pipelineAcross = o.pipelineAcross;
            replicaB = o.replicaB;
            tp = o.tp;
            pp = o.pp;
            dp = o.dp;
            replicas = o.replicas;
            perReplica = o.perReplica;
            idx = o.idx;
            gpuCount = o.gpuCount;
            instances = o.instances;
            cents = o.cents;
            group = o.group;
            ratio = o.ratio;
            status = o.status;
            b = o.b;
        }
    }

    static final class Ranking {
        final Entry[] top;
        int size;
        /** Cheapest candidate whose VRAM fits but whose RAM is short (null if none). */
        Entry cheapestRamShort;
        /** Candidates left out, by {@link ExclusionReason} ordinal. */
        final int[] excluded = new int[ExclusionReason.values().length];
        /** Per catalog index: left out because of the precision (for the precision what-if). */
        boolean[] precisionExcluded;

        Ranking(int k) {
            top = new Entry[k];
        }
    }

    /** Exact monthly prices in cents, cached per candidate for one instance. */
    static final class Pricing {
        private final List<CandidateInstance> catalog;
        private final BigDecimal hours;
        private final long[] oneInstanceCents;

        Pricing(List<CandidateInstance> catalog, BigDecimal hours) {
            this.catalog = catalog;
            this.hours = hours;
            this.oneInstanceCents = new long[catalog.size()];
            Arrays.fill(oneInstanceCents, UNSET);
        }

        long cents(int idx, int instances) {
            if (instances == 1) {
                long c = oneInstanceCents[idx];
                if (c == UNSET) {
                    c = Recommender.monthlyPrice(catalog.get(idx), hours, 1).movePointRight(2).longValueExact();
                    oneInstanceCents[idx] = c;
                }
                return c;
            }
            return Recommender.monthlyPrice(catalog.get(idx), hours, instances).movePointRight(2).longValueExact();
        }
    }
    /** Orders by band group, then price (demoted for pipelines across instances), then code, billing mode and GPU count. */
    static int compare(Entry a, Entry b, List<CandidateInstance> catalog) {
        if (a.group != b.group) {
            return Integer.compare(a.group, b.group);
        }
        if (a.rankCents != b.rankCents) {
            return Long.compare(a.rankCents, b.rankCents);
        }
        if (a.pipelineAcross != b.pipelineAcross) {
            return a.pipelineAcross ? 1 : -1;
        }
        if (a.cents != b.cents) {
            return Long.compare(a.cents, b.cents);
        }
        if (a.instances != b.instances) {
            return Integer.compare(a.instances, b.instances); // at equal price, fewer instances first
        }
        CandidateInstance ca = catalog.get(a.idx);
        CandidateInstance cb = catalog.get(b.idx);
        int c = ca.code().compareTo(cb.code());
        if (c != 0) {
            return c;
        }
        c = Integer.compare(TIE_BREAK.indexOf(ca.billingMode()), TIE_BREAK.indexOf(cb.billingMode()));
        return c != 0 ? c : Integer.compare(a.gpuCount, b.gpuCount);
    }

    static Ranking rank(Resolved r, List<CandidateInstance> catalog, Pricing pricing, RatioPolicy policy, int k) {
        return rank(r, catalog, pricing, policy, k, null);
    }

    /** As above, over the candidates whose index is true in {@code only} (null: all). */
    static Ranking rank(Resolved r, List<CandidateInstance> catalog, Pricing pricing, RatioPolicy policy, int k,
                        boolean[] only) {
        Ranking ranking = new Ranking(k);
        ranking.precisionExcluded = new boolean[catalog.size()];
        boolean givenCount = r.gpuCount > 0;
        int[] counts = r.gpuCount > 0 ? new int[] {r.gpuCount} : Recommender.AUTO_GPU_COUNTS;
        int maxGpi = 1;
        for (CandidateInstance c : catalog) {
            maxGpi = Math.max(maxGpi, c.gpuCount());
        }
        Breakdown[][] cache = new Breakdown[counts.length][];
        RatioBand band = policy.bandFor(r.workload, r.cpuIntensive);
        double usable = ParallelPlans.usableFraction(r, policy);
        Entry scratch = new Entry();
        Entry ramShort = null;
        Entry[] top = ranking.top;
        List<Entry> pipelinesWithoutRdma = new ArrayList<>(0);
        boolean singleInstanceFit = false;

        for (int idx = 0, size = catalog.size(); idx < size; idx++) {
            CandidateInstance c = catalog.get(idx);
            int gpi = c.gpuCount();
            if (gpi < 1 || !(c.vramPerGpuGiB() > 0) || c.unitPrice() == null || c.billingMode() == null) {
                continue; // not a usable catalog row
            }
            if (only != null && !only[idx]) {
                continue;
            }
            if (!ParallelPlans.supportsPrecision(r, c)) {
                ranking.precisionExcluded[idx] = true;
                ranking.excluded[ExclusionReason.PRECISION_UNSUPPORTED.ordinal()]++;
                continue; // BF16 before Ampere, FP8 before Ada/Hopper
            }
            double usableVram = usable * c.vramPerGpuGiB();
            boolean fit = false;
            boolean ramShortSeen = false;
            boolean vramFitSeen = false;
            ExclusionReason planReason = null;
            for (int ci = 0; ci < counts.length; ci++) {
                int n = counts[ci];
                int g = Math.min(n, gpi);
                Breakdown[] row = cache[ci];
                if (row == null) {
                    row = new Breakdown[Math.min(n, maxGpi) + 1];
                    cache[ci] = row;
                }
                Breakdown b = row[g];
                if (b == null) {
                    b = new Breakdown();
                    SizingEngine.compute(r, n, g, b);
                    row[g] = b;
                }
                if (b.perGpuTotal > usableVram) {
                    continue;
                }
                vramFitSeen = true;
                ExclusionReason rule = ParallelPlans.plan(r, c, n, gpi, givenCount, usable, scratch);
                if (rule != null) {
                    if (planReason == null) {
                        planReason = rule;
                    }
                    continue;
                }
                int instances = (n + gpi - 1) / gpi; // replicas smaller than an instance share it
                if (scratch.replicaB != null) {
                    b = scratch.replicaB;
                }
                if (b.hostTotal > c.ramGiB()) {
                    if (!ramShortSeen) {
                        ramShortSeen = true;
                        scratch.idx = idx;
                        scratch.gpuCount = scratch.gpusUsed;
                        scratch.instances = instances;
                        scratch.cents = pricing.cents(idx, instances);
                        scratch.rankCents = scratch.cents;
                        scratch.group = 0;
                        scratch.b = b;
                        if (ramShort == null || compare(scratch, ramShort, catalog) < 0) {
                            if (ramShort == null) {
                                ramShort = new Entry();
                            }
                            ramShort.set(scratch);
                        }
                    }
                    continue;
                }
                double ratio = c.ramGiB() / (c.nominalVramPerGpuGiB() * gpi);
                RatioStatus status = band.status(ratio);
                scratch.idx = idx;
                scratch.gpuCount = scratch.gpusUsed;
                scratch.instances = instances;
                scratch.cents = pricing.cents(idx, instances);
                scratch.rankCents = scratch.pipelineAcross ? demoted(scratch.cents) : scratch.cents;
                scratch.group = status == RatioStatus.BELOW ? 1 : 0;
                scratch.ratio = ratio;
                scratch.status = status;
                scratch.b = b;
                fit = true;
                break; // price never falls as N grows, so the first fit is the cheapest for this type
            }
            if (fit && scratch.pipelineAcross && c.hasGpuFacts() && !c.rdma()) {
                Entry later = new Entry();
                later.set(scratch);
                pipelinesWithoutRdma.add(later); // offered only when no single instance holds the model
            } else if (fit) {
                singleInstanceFit |= scratch.instances == 1;
                insert(ranking, scratch, catalog);
            } else {
                ExclusionReason reason = planReason != null ? planReason
                        : vramFitSeen ? ExclusionReason.HOST_RAM_INSUFFICIENT : ExclusionReason.VRAM_INSUFFICIENT;
                ranking.excluded[reason.ordinal()]++;
            }
        }
        for (Entry e : pipelinesWithoutRdma) {
            if (singleInstanceFit) {
                ranking.excluded[ExclusionReason.PIPELINE_WITHOUT_RDMA.ordinal()]++;
            } else {
                insert(ranking, e, catalog);
            }
        }
        ranking.cheapestRamShort = ramShort;
        return ranking;
    }
    static void insert(Ranking ranking, Entry e, List<CandidateInstance> catalog) {
        Entry[] top = ranking.top;
        int size = ranking.size;
        if (size == top.length && compare(e, top[size - 1], catalog) >= 0) {
            return;
        }
        Entry slot;
        if (size < top.length) {
            slot = new Entry();
            ranking.size = ++size;
        } else {
            slot = top[size - 1];
        }
        int pos = size - 1;
        while (pos > 0 && compare(e, top[pos - 1], catalog) < 0) {
            top[pos] = top[pos - 1];
            pos--;
        }
        slot.set(e);
        top[pos] = slot;
    }
}
