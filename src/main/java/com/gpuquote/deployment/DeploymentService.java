package com.gpuquote.deployment;

import com.gpuquote.shared.Roles;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.catalog.Provider;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.deployment.internal.DeploymentRepository;
import com.gpuquote.deployment.internal.HardwareMismatchRepository;
import com.gpuquote.deployment.internal.SampleRepository;
import com.gpuquote.portal.OrderSummary;
import com.gpuquote.portal.PortalOrders;
import com.gpuquote.quote.LineView;
import com.gpuquote.quote.OptionView;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.SizingRef;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.Validation;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.sizing.SizingHandover;
import com.gpuquote.sizing.SizingHandoverCodec;
import com.gpuquote.sizing.SizingRunService;
import com.gpuquote.sizing.UnreadableHandoverException;
import com.gpuquote.sizing.engine.Workload;
import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.tenancy.TenantId;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Deployments of the signed-in tenant's projects and their utilisation imports. Another tenant's deployment,
 * project or quote answers 404.
 */
@Service
@PreAuthorize(Roles.IS_TENANT_STAFF)
public class DeploymentService {

    /** The largest file one import accepts ({@link UtilizationUpload#MAX_BYTES}, 100 MiB). */
    public static final int MAX_FILE_BYTES = (int) UtilizationUpload.MAX_BYTES;
    /** The most samples one import stores. */
    public static final int MAX_SAMPLES = 2_000_000;
    public static final int MAX_COUNT = 1000;

    private final DeploymentRepository deployments;
    private final SampleRepository samples;
    private final ProjectService projects;
    private final CatalogService catalog;
    private final PortalOrders portal;
    private final QuoteQueries quotes;
    private final AuditLog audit;
    private final SizingRunService sizingRuns;
    private final HardwareMismatchRepository mismatches;
    private final Clock clock;

    DeploymentService(DeploymentRepository deployments, SampleRepository samples, ProjectService projects,
                      CatalogService catalog, PortalOrders portal, QuoteQueries quotes, AuditLog audit,
                      SizingRunService sizingRuns, HardwareMismatchRepository mismatches, Clock clock) {
        this.mismatches = mismatches;
        this.sizingRuns = sizingRuns;
        this.deployments = deployments;
        this.samples = samples;
        this.projects = projects;
        this.catalog = catalog;
        this.portal = portal;
        this.quotes = quotes;
        this.audit = audit;
        this.clock = clock;
    }

    @Transactional
    public Deployment create(NewDeployment d) {
        Validation v = new Validation();
        v.check(d.projectId() != null, "projectId", "required", "projectId is required");
        Optional<InstanceType> type = Optional.empty();
        if (d.instanceType() == null || d.instanceType().isBlank()) {
            v.add("instanceType", "required", "instanceType is required");
        } else {
            type = instanceType(d.instanceType().trim());
            v.check(type.isPresent(), "instanceType", "unknown", "unknown instance type '" + d.instanceType() + "'");
        }
        if (d.region() == null || d.region().isBlank()) {
            v.add("region", "required", "region is required");
        } else if (type.isPresent() && !type.get().regions().contains(d.region().trim())) {
            v.add("region", "notOffered", d.instanceType().trim() + " is not offered in region '" + d.region() + "'");
        }
        v.check(d.billingMode() != null, "billingMode", "required", "billingMode is required");
        if (d.count() == null) {
            v.add("count", "required", "count is required");
        } else {
            v.check(d.count() >= 1 && d.count() <= MAX_COUNT, "count", "range", "count must be between 1 and " + MAX_COUNT);
        }
        LocalDate today = BusinessCalendar.today(clock);
        if (d.since() == null) {
            v.add("since", "required", "since is required");
        } else {
            v.check(!d.since().isAfter(today), "since", "future", "since must not be after today (" + today + ")");
            v.check(!d.since().isBefore(today.minusYears(10)), "since", "range", "since is more than 10 years ago");
        }
        v.throwIfInvalid();
        Project project = projects.get(d.projectId()); // another tenant's project: 404
        Deployment created = new Deployment(DeploymentId.random(), project.id(), d.instanceType().trim(),
                d.region().trim(), d.billingMode(), d.count(), d.since(),
                d.workload() == null ? Workload.TRAINING : d.workload(), null, clock.instant());
        deployments.insert(tenant(), created, CurrentUser.require().userId().value());
        audit.record(tenant(), "DEPLOYMENT_CREATED", "deployment", created.id(), auditValues(created));
        return created;
    }

    /**
     * One deployment per line of the accepted option of an accepted quote (from its order, as the customer accepted
     * it), since the day of acceptance. 404 for an unknown or another tenant's quote; 409 when the quote is not
     * accepted or its deployments were already created. The workload of each comes from its lines' sizing
     * ({@link #workloadOf}); a line without one is {@link Workload#TRAINING}.
     */
    @Transactional
    public List<Deployment> createFromOrder(QuoteId quoteId) {
        return createFromOrder(quoteId, null);
    }

    /**
     * As {@link #createFromOrder(QuoteId)}; {@code chosen} (the consultant's choice, may be null) is the workload of
     * deployments whose lines carry no sizing that names one. The rule, first that applies, per deployment (the first
     * of its lines that names one):
     * <ol>
     *   <li>the workload of the line's saved sizing run (its input: training, LoRA, inference, general compute);</li>
     *   <li>the line's sizing hand-over: a serving estimate (throughput, first token, cost per million output
     *       tokens) is {@link Workload#INFERENCE}, a training estimate (hours, job cost) {@link Workload#TRAINING};</li>
     *   <li>{@code chosen};</li>
     *   <li>{@link Workload#TRAINING} (what every deployment from an order was before the rule).</li>
     * </ol>
     */
    @Transactional
    public List<Deployment> createFromOrder(QuoteId quoteId, @Nullable Workload chosen) {
        QuoteDetails quote = quotes.get(quoteId); // 404 for another tenant's quote
        OrderSummary order = portal.order(quoteId).orElseThrow(() -> new ConflictException(
                "deployment.error.notAccepted", "quote " + quote.number() + " v" + quote.version() + " is not accepted"));
        if (deployments.existsForQuote(tenant(), quoteId.value())) {
            throw new ConflictException("deployment.error.alreadyFromOrder",
                    "deployments of quote " + quote.number() + " v" + quote.version() + " were already created");
        }
        LocalDate since = BusinessCalendar.dayOf(order.acceptedAt());
        Map<String, Workload> sized = sizedWorkloads(quote);
        Workload fallback = chosen == null ? Workload.TRAINING : chosen;
        // one deployment per instance type, region and billing mode (quantities of equal lines add up)
        Map<String, Deployment> byKey = new LinkedHashMap<>();
        for (OrderSummary.Item item : order.items()) {
            String key = key(item.instanceType(), item.region(), item.billingMode());
            Deployment before = byKey.get(key);
            int count = item.quantity() + (before == null ? 0 : before.count());
            byKey.put(key, new Deployment(before == null ? DeploymentId.random() : before.id(), quote.projectId(),
                    item.instanceType(), item.region(), item.billingMode(), Math.min(count, MAX_COUNT), since,
                    sized.getOrDefault(key, fallback), quoteId.value(), clock.instant()));
        }
        List<Deployment> created = new ArrayList<>(byKey.values());
        for (Deployment d : created) {
            deployments.insert(tenant(), d, CurrentUser.require().userId().value());
            Map<String, Object> values = auditValues(d);
            values.put("quote", quote.number() + " v" + quote.version());
            values.put("workload", d.workload().name());
            audit.record(tenant(), "DEPLOYMENT_CREATED", "deployment", d.id(), values);
        }
        return created;
    }

    @Transactional(readOnly = true)
    public Deployment get(DeploymentId id) {
        return deployments.find(tenant(), id).orElseThrow(() -> new NotFoundException("deployment", id));
    }

    /** A project's deployments, newest first. */
    @Transactional(readOnly = true)
    public List<Deployment> forProject(ProjectId projectId) {
        projects.get(projectId); // 404 for another tenant's project
        return deployments.forProject(tenant(), projectId);
    }

    /**
     * The most {@link #recent} answers at once: the list is a "latest first" overview that is read in full, not paged.
     */
    public static final int MAX_RECENT = 500;

    /** The tenant's most recent deployments (at most {@code limit}, and at most {@value #MAX_RECENT}). */
    @Transactional(readOnly = true)
    public List<Deployment> recent(int limit) {
        return deployments.all(tenant(), Math.max(1, Math.min(limit, MAX_RECENT)));
    }

    /**
     * Imports a utilisation file (format detected from the content). Every error is reported with its line and
     * nothing is stored; samples already stored count as duplicates. Date-times without a zone are in
     * {@code zone} (null: China time).
     */
    @Transactional
    public ImportResult importUtilization(DeploymentId id, byte[] content, @Nullable ZoneId zone) {
        return importUtilization(id, content, zone, null);
    }

    /**
     * As {@link #importUtilization(DeploymentId, byte[], ZoneId)}, for the samples of one node of a multi-instance
     * deployment: {@code host} names it (null or blank: the unnamed node); one line of at most 253 characters
     * without spaces or control characters, else 400 naming {@code host}.
     */
    @Transactional
    public ImportResult importUtilization(DeploymentId id, byte[] content, @Nullable ZoneId zone,
                                          @Nullable String host) {
        return importUtilization(id, UtilizationUpload.of(content), zone, host);
    }

    /** As {@link #importUtilization(DeploymentId, UtilizationUpload, ZoneId, String, boolean)}, not confirmed. */
    @Transactional
    public ImportResult importUtilization(DeploymentId id, UtilizationUpload upload, @Nullable ZoneId zone,
                                          @Nullable String host) {
        return importUtilization(id, upload, zone, host, false);
    }

    /**
     * Imports an uploaded file (spooled to a temporary file: read as a stream of lines, never whole in memory). Larger
     * than {@link UtilizationUpload#MAX_BYTES}: {@link UtilizationUpload.TooLarge}, nothing stored. The caller closes
     * the upload. The file's GPUs are checked against the deployment's ({@link HardwareCheck}: model, count, memory
     * total): a difference is {@link HardwareMismatchException} with nothing stored, unless {@code confirmHardware},
     * which stores the samples and records the differences (shown with the analysis; audited
     * {@code UTILIZATION_HARDWARE_CONFIRMED}).
     */
    @Transactional
    public ImportResult importUtilization(DeploymentId id, UtilizationUpload upload, @Nullable ZoneId zone,
                                          @Nullable String host, boolean confirmHardware) {
        String node = host == null ? "" : host.strip();
        if (!UtilizationParser.validNode(node)) {
            throw com.gpuquote.shared.InvalidInputException.of("host", "invalid",
                    "host must be a host name of at most 253 characters without spaces");
        }
        Deployment d = get(id);
        if (upload.size() > UtilizationUpload.MAX_BYTES) {
            throw new UtilizationUpload.TooLarge(UtilizationUpload.MAX_BYTES);
        }
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        UtilizationSamples parsed = new UtilizationParser(zone == null ? BusinessCalendar.ZONE : zone, now, MAX_SAMPLES,
                node).parse(upload);
        List<HardwareDifference> differences = instanceType(d.instanceType())
                .map(type -> HardwareCheck.compare(parsed.hardware(), type, d.count())).orElse(List.of());
        if (!differences.isEmpty() && !confirmHardware) {
            throw new HardwareMismatchException(differences);
        }
        int imported = samples.insertGpu(tenant(), d.id(), parsed) + samples.insertHost(tenant(), d.id(), parsed);
        ImportResult result = new ImportResult(parsed.format(), imported, parsed.size() - imported,
                parsed.distinctGpus(), parsed.from(), parsed.to(), differences);
        if (!differences.isEmpty()) {
            mismatches.insert(tenant(), d.id(), new HardwareMismatch(parsed.from(), parsed.to(), differences,
                    clock.instant()), CurrentUser.require().userId().value());
            Map<String, Object> values = new LinkedHashMap<>();
            for (HardwareDifference diff : differences) {
                values.put(diff.field(), "expected " + diff.expected() + ", found " + diff.found());
            }
            values.put("from", String.valueOf(parsed.from()));
            values.put("to", String.valueOf(parsed.to()));
            audit.record(tenant(), "UTILIZATION_HARDWARE_CONFIRMED", "deployment", d.id(), values);
        }
        audit.record(tenant(), "UTILIZATION_IMPORTED", "deployment", d.id(), Map.of("format", result.format().name(),
                "imported", imported, "duplicates", result.duplicates(), "from", String.valueOf(result.from()),
                "to", String.valueOf(result.to()), "host", node));
        return result;
    }

    /**
     * The workload the sizing of the accepted option's lines names, by instance type, region and billing mode (the
     * first line that names one); lines without sizing are absent. The accepted option is the one of the acceptance,
     * else (an order without it) every option's lines.
     */
    private Map<String, Workload> sizedWorkloads(QuoteDetails quote) {
        java.util.UUID accepted = portal.acceptance(quote.id()).map(com.gpuquote.portal.Acceptance::optionId)
                .orElse(null);
        Map<String, Workload> byKey = new LinkedHashMap<>();
        for (OptionView option : quote.options()) {
            if (accepted != null && !option.id().value().equals(accepted)) {
                continue;
            }
            for (LineView line : option.lines()) {
                SizingRef ref = quote.lineSizing().get(line.id());
                Workload w = ref == null ? null : workloadOf(ref);
                if (w != null) {
                    byKey.putIfAbsent(key(line.instanceType(), line.region(), line.billingMode()), w);
                }
            }
        }
        return byKey;
    }

    /** The workload a line's sizing names (rules 1 and 2 of {@link #createFromOrder(QuoteId, Workload)}), or null. */
    @Nullable Workload workloadOf(SizingRef ref) {
        if (ref.sizingRunId() != null) {
            try {
                JsonNode w = SizingHandoverCodec.tree(sizingRuns.get(ref.sizingRunId()).inputJson()).path("workload");
                if (w.isTextual()) {
                    return Workload.valueOf(w.asText());
                }
            } catch (NotFoundException | UnreadableHandoverException | IllegalArgumentException e) {
                // the run is gone or its input unreadable: the hand-over decides
            }
        }
        try {
            SizingHandover.Performance p = SizingHandoverCodec.read(ref.candidateJson())
                    .map(SizingHandover::performance).orElse(null);
            if (p == null) {
                return null;
            }
            if (p.outputTokensPerSecond() != null || p.timeToFirstTokenMs() != null
                    || p.costPerMillionOutputTokens() != null) {
                return Workload.INFERENCE;
            }
            if (p.trainingHours() != null || p.jobCost() != null) {
                return Workload.TRAINING;
            }
        } catch (UnreadableHandoverException e) {
            // a hand-over this reader cannot read names no workload
        }
        return null;
    }

    private static String key(String instanceType, String region, com.gpuquote.commercial.BillingMode mode) {
        return instanceType + "|" + region + "|" + mode;
    }

    /** The confirmed hardware mismatches of the deployment's imports whose samples fall in [from, to). */
    @Transactional(readOnly = true)
    public List<HardwareMismatch> hardwareMismatches(DeploymentId id, Instant from, Instant to) {
        Deployment d = get(id);
        return mismatches.overlapping(tenant(), d.id(), from, to);
    }

    private Optional<InstanceType> instanceType(String code) {
        for (Provider p : Provider.values()) {
            Optional<InstanceType> t = catalog.instanceType(p, code);
            if (t.isPresent()) {
                return t;
            }
        }
        return Optional.empty();
    }

    private static Map<String, Object> auditValues(Deployment d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("project", d.projectId().value().toString());
        m.put("instanceType", d.instanceType());
        m.put("region", d.region());
        m.put("billingMode", d.billingMode().name());
        m.put("count", d.count());
        m.put("since", d.since().toString());
        return m;
    }

    private static TenantId tenant() {
        return CurrentUser.require().requireTenant();
    }
}
