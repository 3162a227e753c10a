package com.gpuquote.deployment;

import com.gpuquote.shared.Roles;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.catalog.Provider;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.sizing.SizingRun;
import com.gpuquote.deployment.UsageFigures.GpuFigures;
import com.gpuquote.deployment.UsageFigures.HostFigures;
import com.gpuquote.deployment.internal.AnalysisRepository;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.commercial.BillingTerms;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.sizing.CandidatePricing;
import com.gpuquote.sizing.RecommendationRequest;
import com.gpuquote.sizing.SizingPolicy;
import com.gpuquote.sizing.SizingPolicyService;
import com.gpuquote.sizing.SizingRunService;
import com.gpuquote.sizing.SizingService;
import com.gpuquote.sizing.engine.CandidateInstance;
import com.gpuquote.sizing.engine.NoteCodes;
import com.gpuquote.sizing.engine.RankedCandidate;
import com.gpuquote.sizing.engine.Recommendation;
import com.gpuquote.sizing.engine.Recommender;
import com.gpuquote.sizing.engine.SizingEngine;
import com.gpuquote.sizing.engine.SizingInput;
import com.gpuquote.sizing.engine.Suggestion;
import com.gpuquote.sizing.engine.Workload;
import com.gpuquote.tenancy.TenantId;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Monitoring-based right-sizing (docs/sizing-model.md, "Right-sizing from observed use"): the figures of a window,
 * verdicts against the tenant's thresholds, and for each verdict a recommendation computed by the sizing service's
 * recommender over the catalog with the customer's prices in force ({@link CandidatePricing}, negotiated when the
 * customer has an agreement), and an upgrade quote made of a verdict.
 */
@Service
@PreAuthorize(Roles.IS_TENANT_STAFF)
public class RightSizingService {

    /**
     * A proposed type must hold the observed peak plus this much (our policy: the peak of a short window understates
     * the next month's, and a workload at the ceiling was likely held back by it).
     */
    public static final double HEADROOM = 1.25;
    /** A recompute what-if is advice only when it lowers the per-GPU need by more than this (0.1 GiB, as shown). */
    static final double MIN_RECOMPUTE_SAVING_GIB = 0.1;
    public static final String SM_ACTIVE = "SM_ACTIVE";
    public static final String GPU_UTIL = "GPU_UTIL";

    private final DeploymentService deployments;
    private final AnalysisRepository analysis;
    private final ProjectService projects;
    private final CatalogService catalog;
    private final CandidatePricing pricing;
    private final SizingService sizing;
    private final SizingPolicyService policies;
    private final SizingRunService runs;
    private final ThresholdService thresholds;
    private final QuoteDrafting quotes;
    private final CustomerService customers;
    private final AuditLog audit;
    private final ObjectMapper json;
    private final Clock clock;

    RightSizingService(DeploymentService deployments, AnalysisRepository analysis, ProjectService projects,
                       CatalogService catalog, CandidatePricing pricing, SizingService sizing,
                       SizingPolicyService policies, SizingRunService runs, ThresholdService thresholds,
                       QuoteDrafting quotes, CustomerService customers, AuditLog audit, ObjectMapper json,
                       Clock clock) {
        this.customers = customers;
        this.deployments = deployments;
        this.analysis = analysis;
        this.projects = projects;
        this.catalog = catalog;
        this.pricing = pricing;
        this.sizing = sizing;
        this.policies = policies;
        this.runs = runs;
        this.thresholds = thresholds;
        this.quotes = quotes;
        this.audit = audit;
        this.json = json;
        this.clock = clock;
    }

    /** The last {@code days} days up to now. */
    @Transactional(readOnly = true)
    public DeploymentAnalysis analyse(DeploymentId id, int days) {
        return analyse(id, AnalysisWindow.lastDays(days, clock.instant()));
    }

    @Transactional(readOnly = true)
    public DeploymentAnalysis analyse(DeploymentId id, AnalysisWindow window) {
        Deployment d = deployments.get(id);
        Project project = projects.get(d.projectId());
        InstanceType type = instanceType(d.instanceType());
        TenantId tenant = tenant();
        GpuFigures gpu = analysis.gpu(tenant, id, window.from(), window.to());
        List<GpuFigures> perGpu = analysis.perGpu(tenant, id, window.from(), window.to());
        HostFigures host = analysis.host(tenant, id, window.from(), window.to());
        String metric = gpu.smActivePctP95() != null ? SM_ACTIVE : gpu.utilizationPctP95() != null ? GPU_UTIL : null;
        Thresholds th = thresholds.current();
        DeploymentAnalysis.ObservedRatio ratio = null;
        if (gpu.vramUsedGiBP95() != null && gpu.vramUsedGiBP95() > 0 && host.ramUsedGiBP95() != null) {
            SizingPolicy.Band band = policies.current().bands().get(d.workload());
            double r = host.ramUsedGiBP95() / (gpu.vramUsedGiBP95() * type.gpuCount());
            ratio = new DeploymentAnalysis.ObservedRatio(r, band.min().doubleValue(), band.max().doubleValue(),
                    band.toRatioBand().status(r).name());
        }
        Optional<Offer> current = offer(type, d.region(), d.billingMode(), d.count(),
                BillingTerms.DEFAULT_HOURS_PER_MONTH, project.customerId());
        Context c = new Context(d, project, type, gpu, host, metric, th, current.orElse(null), window);
        List<Verdict> verdicts = gpu.samples() == 0 ? List.of() : verdicts(c);
        return new DeploymentAnalysis(d, window, type.gpuModel().code(), type.gpuCount(),
                type.vramPerGpuGiB().doubleValue(), type.ramGiB().doubleValue(), gpu, perGpu, host, metric, ratio, th,
                current.map(Offer::monthly).orElse(null), current.map(Offer::currency).orElse(null), verdicts,
                deployments.hardwareMismatches(id, window.from(), window.to()));
    }

    /** What the charts draw: about 300 time buckets of the window and the VRAM-use histogram. */
    @Transactional(readOnly = true)
    public UsageSeries series(DeploymentId id, AnalysisWindow window) {
        Deployment d = deployments.get(id);
        long seconds = Math.max(60, Duration.between(window.from(), window.to()).toSeconds() / 300);
        Duration bucket = Duration.ofSeconds((seconds + 59) / 60 * 60);
        return new UsageSeries(analysis.series(tenant(), d.id(), window.from(), window.to(), bucket),
                analysis.vramHistogram(tenant(), d.id(), window.from(), window.to()));
    }

    /** The verdict codes of a deployment in the last {@code days} days, from the figures alone (no pricing). */
    @Transactional(readOnly = true)
    public List<VerdictCode> verdictCodes(DeploymentId id, int days) {
        AnalysisWindow w = AnalysisWindow.lastDays(days, clock.instant());
        GpuFigures gpu = analysis.gpu(tenant(), id, w.from(), w.to());
        if (gpu.samples() == 0) {
            return List.of();
        }
        HostFigures host = analysis.host(tenant(), id, w.from(), w.to());
        return classify(gpu, host, thresholds.current());
    }

    /** A deployment whose last week needs attention (home card). */
    public record Attention(Deployment deployment, String projectName, String customerName, List<VerdictCode> codes) {
    }

    /** The tenant's most recent deployments (at most {@code scan}) whose last 7 days have a verdict other than OK. */
    @Transactional(readOnly = true)
    public List<Attention> needingAttention(int scan) {
        List<Attention> out = new ArrayList<>();
        for (Deployment d : deployments.recent(scan)) {
            List<VerdictCode> codes = verdictCodes(d.id(), 7);
            if (codes.stream().anyMatch(code -> code != VerdictCode.OK)) {
                Project p = projects.get(d.projectId());
                out.add(new Attention(d, p.name(), p.customerName(), codes));
            }
        }
        return out;
    }

    /**
     * A new DRAFT quote on the deployment's project made of the verdict's proposals (one option each, at most four),
     * priced by the quote service through the customer's agreement. 409 when the window has no such verdict with a
     * proposal.
     */
    @Transactional
    public QuoteDetails upgradeQuote(DeploymentId id, VerdictCode code, int days) {
        if (code == null) {
            throw InvalidInputException.of("verdict", "required", "verdict is required");
        }
        DeploymentAnalysis a = analyse(id, days);
        Locale locale = I18n.fromTag(customers.get(projects.get(a.deployment().projectId()).customerId()).language());
        List<QuoteInput.Option> options = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        String[] names = {"A", "B", "C", "D"};
        for (Verdict v : a.verdicts()) {
            String key = v.instanceType() + "|" + v.billingMode() + "|" + v.instances() + "|" + v.hoursPerMonth();
            if (v.code() != code || !v.quotable() || seen.contains(key) || options.size() == names.length) {
                continue;
            }
            seen.add(key);
            int term = v.billingMode() == BillingMode.YEARLY ? 12 : 1;
            Integer hours = v.billingMode() == BillingMode.HOURLY || v.billingMode() == BillingMode.SPOT
                    ? v.hoursPerMonth() : null;
            options.add(new QuoteInput.Option(names[options.size()], List.of(new QuoteInput.Line(null,
                    v.instanceType(), a.deployment().region(), v.billingMode(), v.instances(), term, hours, null, null)),
                    List.of(), optionTitle(v, locale), optionSummary(a, v, locale)));
        }
        if (options.isEmpty()) {
            throw new ConflictException("deployment.error.noProposal",
                    "the deployment has no " + code + " verdict with a proposal in the last " + days + " days");
        }
        QuoteDetails quote = quotes.create(new NewQuote(a.deployment().projectId(), null, options));
        audit.record(tenant(), "UPGRADE_QUOTE_CREATED", "deployment", id,
                Map.of("verdict", code.name(), "quote", quote.number() + " v" + quote.version()));
        return quote;
    }

    /** The most characters of an option title (QuoteInput.Option). */
    static final int MAX_TITLE = 60;

    /** An upgrade option's title: the verdict and the proposal ("显存不足 → 1 × ecs.gni3cl.11xlarge"). */
    static String optionTitle(Verdict v, Locale locale) {
        String title = I18n.get(locale, "deployment.upgrade.title", I18n.get(locale, "deployment.verdict." + v.code()),
                v.instances(), v.instanceType());
        return title.length() <= MAX_TITLE ? title : title.substring(0, MAX_TITLE - 1) + "…";
    }

    /**
     * Why the option is there, as an option added from a sizing run says what it was sized for: the window measured,
     * the verdict's figures (p95, peak, the headroom the proposal holds) and the proposed hardware, in the customer's
     * language (bundle keys {@code deployment.upgrade.summary.<code>} and {@code deployment.upgrade.proposal}).
     */
    String optionSummary(DeploymentAnalysis a, Verdict v, Locale locale) {
        GpuFigures g = a.gpu();
        HostFigures h = a.host();
        String from = BusinessCalendar.dayOf(a.window().from()).toString();
        String to = BusinessCalendar.dayOf(a.window().to().minusMillis(1)).toString();
        int headroom = (int) Math.round((HEADROOM - 1) * 100);
        Double vramNeed = g.vramUsedGiBMax() == null ? null : Math.max(g.vramUsedGiBMax(), 0.5) * HEADROOM;
        Double ramNeed = h.samples() > 0 && h.ramUsedGiBMax() != null ? h.ramUsedGiBMax() * HEADROOM : null;
        Double activity = SM_ACTIVE.equals(a.activityMetric()) ? g.smActivePctP95()
                : GPU_UTIL.equals(a.activityMetric()) ? g.utilizationPctP95() : null;
        Object[] figures = switch (v.code()) {
            case VRAM_SHORT -> new Object[] {from, to, pct(g.vramUsedPctP95()), pct(g.vramUsedPctMax()),
                    gib(g.vramUsedGiBMax()), headroom, gib(vramNeed)};
            case RAM_SHORT -> new Object[] {from, to, pct(h.ramUsedPctP95()), gib(h.ramUsedGiBMax()), headroom,
                    gib(ramNeed)};
            case OVERSIZED -> new Object[] {from, to, pct(g.vramUsedPctP95()), gib(g.vramUsedGiBMax()),
                    pct(h.ramUsedPctP95()), gib(h.ramUsedGiBMax()), headroom, gib(vramNeed), gib(ramNeed)};
            case UNDERUSED -> new Object[] {from, to, I18n.get(locale, metricKey(a.activityMetric())), pct(activity),
                    pct(g.vramUsedPctP95()), pct(g.vramUsedPctMax())};
            case OK -> new Object[] {from, to};
        };
        InstanceType t = instanceType(v.instanceType());
        String proposal = I18n.get(locale, "deployment.upgrade.proposal", v.instances(), v.instanceType(),
                t.gpuCount(), t.gpuModel().code(), gib(t.vramPerGpuGiB().doubleValue()), gib(t.ramGiB().doubleValue()));
        return I18n.get(locale, "deployment.upgrade.summary." + v.code(), figures) + " " + proposal;
    }

    private static String metricKey(@Nullable String metric) {
        return "deployment.metric." + (metric == null ? "NONE" : metric);
    }

    // ================================================================================================ verdicts

    private record Context(Deployment d, Project project, InstanceType type, GpuFigures gpu, HostFigures host,
                           String metric, Thresholds th, Offer current, AnalysisWindow window) {
        int gpus() {
            return d.count() * type.gpuCount();
        }

        Double activity() {
            return SM_ACTIVE.equals(metric) ? gpu.smActivePctP95() : GPU_UTIL.equals(metric) ? gpu.utilizationPctP95() : null;
        }

        Double ramP95() {
            return host.samples() > 0 ? host.ramUsedPctP95() : null;
        }
    }

    /** A priced proposal: {@code instances} × type billed {@code mode} at {@code monthly}. */
    record Offer(String instanceType, BillingMode mode, int instances, int hours, BigDecimal monthly, String currency) {
    }

    /** Which verdicts the figures trigger (in this order); OK when none. */
    static List<VerdictCode> classify(GpuFigures gpu, HostFigures host, Thresholds th) {
        List<VerdictCode> codes = new ArrayList<>();
        double vram = gpu.vramUsedPctP95();
        Double ram = host.samples() > 0 ? host.ramUsedPctP95() : null;
        Double activity = gpu.smActivePctP95() != null ? gpu.smActivePctP95() : gpu.utilizationPctP95();
        if (vram > th.vramShortPct().doubleValue()) {
            codes.add(VerdictCode.VRAM_SHORT);
        }
        if (ram != null && ram > th.ramShortPct().doubleValue()) {
            codes.add(VerdictCode.RAM_SHORT);
        }
        if (ram != null && vram < th.oversizedPct().doubleValue() && ram < th.oversizedPct().doubleValue()) {
            codes.add(VerdictCode.OVERSIZED);
        }
        if (activity != null && activity < th.underusedPct().doubleValue()) {
            codes.add(VerdictCode.UNDERUSED);
        }
        if (codes.isEmpty()) {
            codes.add(VerdictCode.OK);
        }
        return codes;
    }

    private List<Verdict> verdicts(Context c) {
        List<Verdict> out = new ArrayList<>();
        for (VerdictCode code : classify(c.gpu(), c.host(), c.th())) {
            switch (code) {
                case VRAM_SHORT -> vramShort(c, out);
                case RAM_SHORT -> ramShort(c, out);
                case OVERSIZED -> oversized(c, out);
                case UNDERUSED -> underused(c, out);
                case OK -> out.add(verdict(c, VerdictCode.OK, "NONE", null, pct(c.gpu().vramUsedPctP95()),
                        pct(c.ramP95()), pct(c.activity()), metricText(c.metric())));
            }
        }
        return out;
    }

    /** Per GPU: the observed peak with headroom. */
    private static double vramNeed(Context c) {
        return Math.max(c.gpu().vramUsedGiBMax(), 0.5) * HEADROOM;
    }

    /** Per node: the observed host peak with headroom (null without host samples: RAM is then not checked). */
    private static Double hostNeed(Context c) {
        return c.host().samples() > 0 ? c.host().ramUsedGiBMax() * HEADROOM : null;
    }

    private void vramShort(Context c, List<Verdict> out) {
        double need = vramNeed(c);
        Optional<RankedCandidate> fit = recommend(c, need, hostNeed(c), c.d().billingMode()).stream()
                .flatMap(r -> r.candidates().stream())
                .filter(x -> x.vramPerGpuGiB() > c.type().vramPerGpuGiB().doubleValue())
                .findFirst();
        if (fit.isPresent()) {
            RankedCandidate f = fit.get();
            out.add(verdict(c, VerdictCode.VRAM_SHORT, "UPGRADE", offer(f, c), pct(c.gpu().vramUsedPctP95()),
                    pct(c.gpu().vramUsedPctMax()), gib(need), f.instanceType(), gib(f.vramPerGpuGiB()), f.instances()));
        } else {
            out.add(verdict(c, VerdictCode.VRAM_SHORT, "NONE", null, pct(c.gpu().vramUsedPctP95()), gib(need)));
        }
        recompute(c).ifPresent(out::add);
    }

    /**
     * The engine's activation-recompute what-if on the project's latest saved training sizing (if any): the
     * cheapest fit with selective (else full) recompute, and the engine's estimate of VRAM per GPU with it.
     */
    private Optional<Verdict> recompute(Context c) {
        for (SizingRun run : runs.list(c.project().id())) {
            SizingInput input;
            try {
                input = json.readValue(run.inputJson(), SizingInput.class);
            } catch (Exception e) {
                continue; // a run saved in an older shape: not usable for a what-if
            }
            if (input.workload() == null || !input.workload().isTraining()) {
                continue;
            }
            Recommendation r;
            try {
                r = sizing.recommend(new RecommendationRequest(input, c.d().region(), c.d().billingMode(),
                        BigDecimal.valueOf(BillingTerms.DEFAULT_HOURS_PER_MONTH), 10, c.project().customerId(), null));
            } catch (InvalidInputException e) {
                continue;
            }
            double need = r.sizing().perGpu().totalGiB();
            // selective recompute first (it costs less compute), but only a what-if that lowers the need: with
            // memory-efficient attention selective recompute saves nothing, and then full recompute is the advice
            Optional<Suggestion> s = r.suggestions().stream()
                    .filter(x -> x.code().equals(NoteCodes.SELECTIVE_RECOMPUTE) || x.code().equals(NoteCodes.FULL_RECOMPUTE))
                    .filter(x -> x.perGpuTotalGiB() < need - MIN_RECOMPUTE_SAVING_GIB)
                    .min(Comparator.comparing(x -> x.code().equals(NoteCodes.SELECTIVE_RECOMPUTE) ? 0 : 1));
            if (s.isEmpty()) {
                return Optional.empty();
            }
            Suggestion sg = s.get();
            int gpi = catalogGpus(sg.instanceType());
            int instances = Math.max(1, (sg.gpuCount() + gpi - 1) / gpi);
            Offer o = new Offer(sg.instanceType(), c.d().billingMode(), instances,
                    BillingTerms.DEFAULT_HOURS_PER_MONTH, sg.monthlyPrice(), sg.currency());
            return Optional.of(verdict(c, VerdictCode.VRAM_SHORT, "RECOMPUTE", o,
                    new Verdict.Text("deployment.recompute." + sg.code()), run.name(),
                    gib(r.sizing().perGpu().totalGiB()), gib(sg.perGpuTotalGiB()), sg.instanceType(), instances));
        }
        return Optional.empty();
    }

    private void ramShort(Context c, List<Verdict> out) {
        double need = hostNeed(c);
        Optional<Recommendation> rec = recommend(c, Math.max(c.gpu().vramUsedGiBMax(), 0.5) * HEADROOM, need,
                c.d().billingMode());
        Optional<RankedCandidate> fit = rec.stream().flatMap(r -> r.candidates().stream())
                .filter(x -> x.ramGiB() > c.type().ramGiB().doubleValue())
                .findFirst();
        if (fit.isPresent()) {
            RankedCandidate f = fit.get();
            out.add(verdict(c, VerdictCode.RAM_SHORT, "LARGER_RAM", offer(f, c), pct(c.ramP95()),
                    gib(c.host().ramUsedGiBMax()), gib(need), f.instanceType(), gib(f.ramGiB()), f.instances()));
        } else {
            out.add(verdict(c, VerdictCode.RAM_SHORT, "NONE", null, pct(c.ramP95()), gib(need)));
        }
        rec.stream().flatMap(r -> r.suggestions().stream())
                .filter(s -> s.code().equals(NoteCodes.DISTRIBUTED_WORKING_SET))
                .findFirst()
                .ifPresent(s -> {
                    int gpi = catalogGpus(s.instanceType());
                    Offer o = new Offer(s.instanceType(), c.d().billingMode(), Math.max(1, (s.gpuCount() + gpi - 1) / gpi),
                            BillingTerms.DEFAULT_HOURS_PER_MONTH, s.monthlyPrice(), s.currency());
                    out.add(verdict(c, VerdictCode.RAM_SHORT, "DISTRIBUTED", o, gib((Double) s.args().get(4)),
                            gib((Double) s.args().get(5)), s.instanceType(), o.instances()));
                });
    }

    private void oversized(Context c, List<Verdict> out) {
        double need = vramNeed(c);
        Double host = hostNeed(c);
        Optional<RankedCandidate> cheaper = recommend(c, need, host, c.d().billingMode()).stream()
                .flatMap(r -> r.candidates().stream())
                .filter(x -> c.current() == null || x.monthlyPrice().compareTo(c.current().monthly()) < 0)
                .findFirst();
        if (cheaper.isPresent()) {
            RankedCandidate f = cheaper.get();
            out.add(verdict(c, VerdictCode.OVERSIZED, "SMALLER", offer(f, c), pct(c.gpu().vramUsedPctP95()),
                    pct(c.ramP95()), gib(need), gib(host), f.instanceType(), f.instances()));
        } else {
            out.add(verdict(c, VerdictCode.OVERSIZED, "NONE", null, pct(c.gpu().vramUsedPctP95()), pct(c.ramP95())));
        }
    }

    private void underused(Context c, List<Verdict> out) {
        boolean sm = SM_ACTIVE.equals(c.metric());
        Double busy = analysis.busyFraction(tenant(), c.d().id(), c.window().from(), c.window().to(), sm,
                c.th().underusedPct().doubleValue());
        int hours = (int) Math.max(1, Math.ceil((busy == null ? 0 : busy) * BillingTerms.DEFAULT_HOURS_PER_MONTH));
        boolean any = false;
        for (BillingMode mode : List.of(BillingMode.HOURLY, BillingMode.SPOT)) {
            Optional<Offer> o = offer(c.type(), c.d().region(), mode, c.d().count(), hours, c.project().customerId());
            if (o.isEmpty() || (c.current() != null && o.get().monthly().compareTo(c.current().monthly()) >= 0)) {
                continue;
            }
            any = true;
            out.add(verdict(c, VerdictCode.UNDERUSED, mode == BillingMode.SPOT ? "SPOT" : "PAY_AS_YOU_GO", o.get(),
                    metricText(c.metric()), pct(c.activity()), pct(busy == null ? 0 : busy * 100), hours,
                    c.type().code(), c.d().count()));
        }
        if (!any) {
            out.add(verdict(c, VerdictCode.UNDERUSED, "NONE", null, metricText(c.metric()), pct(c.activity())));
        }
    }

    /**
     * A verdict; the message arguments are {@code args}, then for a proposal its monthly price, currency, saving and
     * monthly effect (−saving), else today's monthly price and currency (each null when unknown).
     */
    private Verdict verdict(Context c, VerdictCode code, String kind, Offer offer, Object... args) {
        List<Object> all = new ArrayList<>(java.util.Arrays.asList(args));
        BigDecimal saving = null;
        if (offer != null) {
            if (c.current() != null && c.current().currency().equals(offer.currency())) {
                saving = c.current().monthly().subtract(offer.monthly());
            }
            all.add(offer.monthly());
            all.add(offer.currency());
            all.add(saving);
            all.add(saving == null ? null : saving.negate());
        } else {
            all.add(c.current() == null ? null : c.current().monthly());
            all.add(c.current() == null ? null : c.current().currency());
        }
        String metric = code == VerdictCode.UNDERUSED || code == VerdictCode.OK ? c.metric() : null;
        return offer == null
                ? new Verdict(code, kind, all, null, null, null, null, null, null,
                c.current() == null ? null : c.current().currency(), metric)
                : new Verdict(code, kind, all, offer.instanceType(), offer.mode(), offer.instances(), offer.hours(),
                offer.monthly(), saving, offer.currency(), metric);
    }

    private Offer offer(RankedCandidate f, Context c) {
        return new Offer(f.instanceType(), c.d().billingMode(), f.instances(), BillingTerms.DEFAULT_HOURS_PER_MONTH,
                f.monthlyPrice(), f.currency());
    }

    /**
     * The recommender's ranking for an observed need expressed as GENERAL_COMPUTE working sets (the engine adds its
     * 1 GiB per-GPU overhead and 8 GiB OS reserve, so they are taken off here), for the deployment's GPU count,
     * region and billing mode at the customer's prices. Empty when the engine refuses the input.
     */
    private Optional<Recommendation> recommend(Context c, double vramPerGpu, Double hostPerNode, BillingMode mode) {
        SizingInput input = SizingInput.builder(Workload.GENERAL_COMPUTE)
                .gpuCount(c.gpus())
                .gpuWorkingSetGiB(Math.max(vramPerGpu - SizingEngine.GENERAL_COMPUTE_OVERHEAD_GIB, 0.1))
                .hostWorkingSetGiB(hostPerNode == null ? 0.1 : Math.max(hostPerNode - SizingEngine.OS_RESERVE_GIB, 0.1))
                .build();
        try {
            return Optional.of(sizing.recommend(new RecommendationRequest(input, c.d().region(), mode,
                    BigDecimal.valueOf(BillingTerms.DEFAULT_HOURS_PER_MONTH), 50, c.project().customerId(), null)));
        } catch (InvalidInputException e) {
            return Optional.empty();
        }
    }

    /** The customer's monthly price in force for {@code instances} × type (HOURLY/SPOT at {@code hours} a month). */
    private Optional<Offer> offer(InstanceType t, String region, BillingMode mode, int instances, int hours,
                                  CustomerId customer) {
        List<CandidatePricing.Priced> priced = pricing.price(new CandidatePricing.Request(List.of(t), region, mode,
                customer, clock.instant(), instances * t.gpuCount(), null));
        if (priced.isEmpty()) {
            return Optional.empty();
        }
        CandidatePricing.Priced p = priced.get(0);
        CandidateInstance ci = new CandidateInstance(t.code(), t.gpuModel().code(), t.gpuCount(),
                t.vramPerGpuGiB().doubleValue(), t.vcpu(), t.ramGiB().doubleValue(),
                com.gpuquote.commercial.BillingMode.valueOf(mode.name()), p.unitPrice(), p.currency());
        BigDecimal monthly = Recommender.monthlyPrice(ci, BigDecimal.valueOf(hours), instances);
        return Optional.of(new Offer(t.code(), mode, instances, hours, monthly, p.currency()));
    }

    private InstanceType instanceType(String code) {
        for (Provider p : Provider.values()) {
            Optional<InstanceType> t = catalog.instanceType(p, code);
            if (t.isPresent()) {
                return t.get();
            }
        }
        throw new ConflictException("deployment.error.unknownType", "instance type " + code + " is not in the catalog");
    }

    private int catalogGpus(String code) {
        return instanceType(code).gpuCount();
    }

    private static Verdict.Text metricText(String metric) {
        return new Verdict.Text("deployment.metric." + (metric == null ? "NONE" : metric));
    }

    static BigDecimal pct(Double v) {
        return v == null ? null : BigDecimal.valueOf(v).setScale(1, RoundingMode.HALF_UP);
    }

    static BigDecimal gib(Double v) {
        return v == null ? null : BigDecimal.valueOf(v).setScale(1, RoundingMode.HALF_UP);
    }

    private static TenantId tenant() {
        return CurrentUser.require().requireTenant();
    }
}
