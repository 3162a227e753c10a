package com.gpuquote.sizing;

import com.gpuquote.commercial.Money;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.InstanceStatus;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.catalog.InstanceTypeFilter;
import com.gpuquote.catalog.Provider;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.Role;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.security.UserId;
import com.gpuquote.sizing.engine.CandidateInstance;
import com.gpuquote.sizing.engine.Precision;
import com.gpuquote.sizing.engine.RatioPolicy;
import com.gpuquote.sizing.engine.Recommendation;
import com.gpuquote.sizing.engine.Recommender;
import com.gpuquote.sizing.engine.ServingPlanner;
import com.gpuquote.sizing.engine.SizingInput;
import com.gpuquote.sizing.engine.Workload;
import com.gpuquote.tenancy.TenantContext;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * Issue 12: the first sizing view after a start paid for its first recommendation (the catalog query's first run,
 * the engine, ranking and serving planner code run interpreted, the notes' message bundles in both languages loaded)
 * on the user's request. Once the application is ready, one low-priority background thread
 * runs the view's default recommendation (Llama 3 8B inference, BF16, 4,096 tokens, hourly) a few times over the
 * ACTIVE catalog and formats it in zh-CN and English, then ends.
 * <p>
 * Tenant isolation: it runs in {@link TenantContext.Scope#NONE} (no tenant row is visible through row-level security)
 * as a built-in consultant of no tenant, and never asks for prices (the price service refuses a user without a
 * tenant); the engine ranks the global catalog at a made-up price of 1 CNY per hour that never leaves this class. Nothing it computes is kept: the only state it leaves
 * behind is the JVM's (loaded classes, compiled code) and the database's. Off with
 * {@code gpuquote.sizing.warm-up=false}.
 */
@Component
class SizingWarmUp {

    private static final Logger log = LoggerFactory.getLogger(SizingWarmUp.class);
    /** Enough runs for the hot ranking loops to reach the JIT's first tier; bounded, a few hundred ms of CPU. */
    static final int RUNS = 3;
    private static final GpuQuoteUser WARM_UP = new GpuQuoteUser(new UserId(new UUID(0, 1)), null, null, null, null,
            "sizing-warm-up", "Sizing warm-up", Set.of(Role.CONSULTANT), true, null, null);
    private static final BigDecimal MADE_UP_PRICE = BigDecimal.ONE;

    /**
     * What one warm-up saw: the region, its ACTIVE catalog types, the candidates ranked, and the zh-CN report of the
     * ranking (made-up prices: it goes to the {@link SizingWarmUpStep}s only, never to a user).
     */
    record Result(@Nullable String region, int catalogTypes, int rankedCandidates,
                  @Nullable RecommendationReport report) {
        @Override
        public String toString() {
            return "Result[region=" + region + ", catalogTypes=" + catalogTypes + ", rankedCandidates="
                    + rankedCandidates + "]";
        }
    }

    private final CatalogService catalog;
    private final TransactionTemplate readOnly;
    private final boolean enabled;
    private final List<SizingWarmUpStep> steps;

    SizingWarmUp(CatalogService catalog, PlatformTransactionManager txm,
                 @org.springframework.beans.factory.annotation.Value("${gpuquote.sizing.warm-up:true}") boolean enabled,
                 List<SizingWarmUpStep> steps) {
        this.catalog = catalog;
        this.readOnly = new TransactionTemplate(txm);
        this.readOnly.setReadOnly(true);
        this.enabled = enabled;
        this.steps = List.copyOf(steps);
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        if (!enabled) {
            return;
        }
        Thread t = new Thread(() -> {
            try {
                long start = System.nanoTime();
                Result r = null;
                for (int i = 0; i < RUNS; i++) {
                    r = warmUp();
                }
                List<String> steps = r != null && r.report() != null ? runSteps(r.report()) : List.of();
                // one line at the very end: FirstLoadBench waits for it before its first load
                log.info("Sizing warm-up: {} in {} ms, steps {}", r, TimeUnit.NANOSECONDS.toMillis(System.nanoTime()
                        - start), steps);
            } catch (RuntimeException e) {
                log.warn("Sizing warm-up failed (the first sizing view will be slower): {}", e.toString());
            }
        }, "sizing-warm-up");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /**
     * The features' own warm-ups (the sizing view), each with the default recommendation's report, as the same
     * tenant-less warm-up user and outside any transaction; one failing step is logged and does not stop the others.
     */
    List<String> runSteps(RecommendationReport report) {
        List<String> outcomes = new ArrayList<>();
        for (SizingWarmUpStep step : steps) {
            long start = System.nanoTime();
            try {
                String done = SystemAuthentication.asUser(WARM_UP,
                        () -> TenantContext.runAs(TenantContext.Scope.NONE, () -> step.warmUp(report)));
                outcomes.add(step.getClass().getSimpleName() + ": " + done + " in "
                        + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms");
            } catch (RuntimeException e) {
                log.warn("Sizing warm-up step {} failed (that part stays cold)", step.getClass().getSimpleName(), e);
                outcomes.add(step.getClass().getSimpleName() + " failed: " + e);
            }
        }
        return outcomes;
    }

    /** One run of the sizing view's default recommendation, outside any tenant (see the class comment). */
    Result warmUp() {
        return SystemAuthentication.asUser(WARM_UP, () -> TenantContext.runAs(TenantContext.Scope.NONE,
                () -> readOnly.execute(s -> recommendDefault())));
    }

    private Result recommendDefault() {
        List<String> regions = new ArrayList<>();
        for (Provider p : Provider.values()) {
            regions.addAll(catalog.regions(p));
        }
        if (regions.isEmpty()) {
            return new Result(null, 0, 0, null);
        }
        String region = regions.get(0); // the view's default region
        List<InstanceType> types = catalog.instanceTypes(
                InstanceTypeFilter.ALL.withRegion(region).withStatus(InstanceStatus.ACTIVE));
        List<CandidateInstance> candidates = new ArrayList<>(types.size());
        for (InstanceType t : types) {
            candidates.add(SizingService.candidate(t, BillingMode.HOURLY, MADE_UP_PRICE, Money.CURRENCY, MADE_UP_PRICE));
        }
        SizingInput input = SizingInput.builder(Workload.INFERENCE)
                .preset("llama-3-8b")
                .precision(Precision.BF16).sequenceLength(4096).microBatchSize(1).build();
        Recommendation ranked = Recommender.recommend(input, candidates, Recommender.DEFAULT_HOURS_PER_MONTH,
                Recommender.DEFAULT_MAX_CANDIDATES, RatioPolicy.defaults());
        ServingPlanner.plan(input, ranked.candidates(), candidates, null, null, Recommender.DEFAULT_HOURS_PER_MONTH,
                Recommender.DEFAULT_MAX_CANDIDATES);
        RecommendationReport zh = RecommendationReport.of(ranked, Locale.SIMPLIFIED_CHINESE);
        RecommendationReport.of(ranked, Locale.ENGLISH);
        return new Result(region, types.size(), ranked.candidates().size(), zh);
    }
}
