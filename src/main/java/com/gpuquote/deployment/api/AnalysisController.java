package com.gpuquote.deployment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.gpuquote.deployment.AnalysisWindow;
import com.gpuquote.deployment.DeploymentAnalysis;
import com.gpuquote.deployment.HardwareDifference;
import com.gpuquote.deployment.DeploymentId;
import com.gpuquote.deployment.RightSizingService;
import com.gpuquote.deployment.Thresholds;
import com.gpuquote.deployment.ThresholdService;
import com.gpuquote.deployment.UsageFigures;
import com.gpuquote.deployment.Verdict;
import com.gpuquote.deployment.VerdictCode;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.api.QuoteJson;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.time.BusinessCalendar;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/** Right-sizing over REST: a deployment's analysis and verdicts, the upgrade quote, the tenant's thresholds. */
@RestController
@Tag(name = "Deployments")
class AnalysisController {

    record WindowJson(Instant from, Instant to) {
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    record GpuJson(Integer gpu, int samples, int gpus, BigDecimal vramUsedPctP50, BigDecimal vramUsedPctP95,
                   BigDecimal vramUsedPctMax, BigDecimal utilizationPctP95, BigDecimal smActivePctP95,
                   BigDecimal grActivePctP95, BigDecimal dramActivePctP95, BigDecimal vramUsedGiBP95,
                   BigDecimal vramUsedGiBMax, BigDecimal vramPerGpuGiB, String node) {
        /** {@code node}: the host the GPU is in (null for all GPUs together and for the unnamed node). */
        static GpuJson of(UsageFigures.GpuFigures g) {
            return new GpuJson(g.gpu() < 0 ? null : g.gpu(), g.samples(), g.gpus(), d(g.vramUsedPctP50()),
                    d(g.vramUsedPctP95()), d(g.vramUsedPctMax()), d(g.utilizationPctP95()), d(g.smActivePctP95()),
                    d(g.grActivePctP95()), d(g.dramActivePctP95()), d(g.vramUsedGiBP95()), d(g.vramUsedGiBMax()),
                    d(g.vramTotalGiB()), g.node() == null || g.node().isEmpty() ? null : g.node());
        }
    }

    record HostJson(int samples, BigDecimal ramUsedPctP95, BigDecimal ramUsedGiBP95, BigDecimal ramUsedGiBMax,
                    BigDecimal ramGiB) {
    }

    record RatioJson(BigDecimal ramToVram, BigDecimal bandMin, BigDecimal bandMax, String status) {
    }

    record CurrentJson(String instanceType, String gpuModel, int gpusPerInstance, BigDecimal vramPerGpuGiB,
                       BigDecimal ramGiB, int count, String billingMode, String region, String monthlyPrice,
                       String currency) {
    }

    record ThresholdsJson(BigDecimal vramShortPct, BigDecimal ramShortPct, BigDecimal oversizedPct,
                          BigDecimal underusedPct, Boolean defaults) {
    }

    record VerdictJson(String code, String kind, String message, String instanceType, String billingMode,
                       Integer instances, Integer hoursPerMonth, String monthlyPrice, String monthlySaving,
                       String currency, String metric) {
    }

    record DifferenceJson(String field, String expected, String found, String message) {
        static DifferenceJson of(HardwareDifference d, Locale locale) {
            return new DifferenceJson(d.field(), d.expected(), d.found(), d.message(locale));
        }
    }

    /** A file stored on confirmation although its GPUs differ from the deployment's (issue 42). */
    record MismatchJson(Instant samplesFrom, Instant samplesTo, Instant confirmedAt, List<DifferenceJson> differences) {
    }

    record AnalysisJson(UUID deploymentId, WindowJson window, GpuJson gpu, List<GpuJson> perGpu, HostJson host,
                        String activityMetric, RatioJson ratio, ThresholdsJson thresholds, CurrentJson current,
                        List<VerdictJson> verdicts, List<MismatchJson> hardwareMismatches) {
    }

    record UpgradeBody(String verdict, Integer days) {
    }

    private final RightSizingService rightSizing;
    private final ThresholdService thresholds;

    AnalysisController(RightSizingService rightSizing, ThresholdService thresholds) {
        this.rightSizing = rightSizing;
        this.thresholds = thresholds;
    }

    @GetMapping("/api/v1/deployments/{id}/analysis")
    @Operation(summary = "Use of a deployment in a window (days, default 7; or from/to business days, to inclusive): "
            + "VRAM, GPU utilisation, SM activity, host RAM, the observed RAM:VRAM against the tenant's band, and "
            + "verdicts (VRAM_SHORT, RAM_SHORT, OVERSIZED, UNDERUSED, OK) with computed proposals at the customer's prices")
    AnalysisJson analysis(@PathVariable UUID id, @RequestParam(required = false) @Nullable Integer days,
                          @RequestParam(required = false) @Nullable LocalDate from, @RequestParam(required = false) @Nullable LocalDate to,
                          @RequestHeader(value = "Accept-Language", required = false) @Nullable String language) {
        DeploymentId deployment = new DeploymentId(id);
        DeploymentAnalysis a;
        if (from != null || to != null) {
            if (from == null || to == null) {
                throw InvalidInputException.of(from == null ? "from" : "to", "required", "from and to go together");
            }
            a = rightSizing.analyse(deployment, new AnalysisWindow(BusinessCalendar.startOfDay(from),
                    BusinessCalendar.startOfDay(to.plusDays(1))));
        } else {
            a = rightSizing.analyse(deployment, days == null ? 7 : days);
        }
        return toJson(a, locale(language));
    }

    @PostMapping("/api/v1/deployments/{id}/upgrade-quote")
    @Operation(summary = "A new DRAFT quote on the deployment's project made of a verdict's proposals, priced through "
            + "the customer's agreement ({\"verdict\":\"VRAM_SHORT\"}, optional days of the window, default 7)")
    ResponseEntity<QuoteJson> upgradeQuote(@PathVariable UUID id, @RequestBody UpgradeBody body) {
        VerdictCode code = null;
        if (body == null || body.verdict() == null || body.verdict().isBlank()) {
            throw InvalidInputException.of("verdict", "required", "verdict is required");
        }
        try {
            code = VerdictCode.valueOf(body.verdict().trim());
        } catch (IllegalArgumentException e) {
            throw InvalidInputException.of("verdict", "invalid",
                    "verdict must be one of VRAM_SHORT, RAM_SHORT, OVERSIZED, UNDERUSED");
        }
        if (code == VerdictCode.OK) {
            throw InvalidInputException.of("verdict", "invalid", "an OK verdict proposes no change");
        }
        QuoteDetails q = rightSizing.upgradeQuote(new DeploymentId(id), code, body.days() == null ? 7 : body.days());
        return ResponseEntity.created(URI.create("/api/v1/quotes/" + q.id().value())).body(QuoteJson.of(q));
    }

    @GetMapping("/api/v1/rightsizing/thresholds")
    @Operation(summary = "The tenant's right-sizing thresholds in percent")
    ThresholdsJson thresholds() {
        return toJson(thresholds.current());
    }

    @PutMapping("/api/v1/rightsizing/thresholds")
    @Operation(summary = "Changes the tenant's right-sizing thresholds (TENANT_ADMIN)")
    ThresholdsJson updateThresholds(@RequestBody ThresholdsJson body) {
        if (body == null) {
            throw InvalidInputException.of("", "required", "a JSON body is required");
        }
        return toJson(thresholds.update(new Thresholds(body.vramShortPct(), body.ramShortPct(), body.oversizedPct(),
                body.underusedPct(), false)));
    }

    static ThresholdsJson toJson(Thresholds t) {
        return new ThresholdsJson(t.vramShortPct(), t.ramShortPct(), t.oversizedPct(), t.underusedPct(), t.defaults());
    }

    static AnalysisJson toJson(DeploymentAnalysis a, Locale locale) {
        UsageFigures.HostFigures h = a.host();
        DeploymentAnalysis.ObservedRatio r = a.ratio();
        return new AnalysisJson(a.deployment().id().value(), new WindowJson(a.window().from(), a.window().to()),
                GpuJson.of(a.gpu()), a.perGpu().stream().map(GpuJson::of).toList(),
                new HostJson(h.samples(), d(h.ramUsedPctP95()), d(h.ramUsedGiBP95()), d(h.ramUsedGiBMax()),
                        d(h.ramTotalGiB())),
                a.activityMetric(),
                r == null ? null : new RatioJson(BigDecimal.valueOf(r.ramToVram()).setScale(2, RoundingMode.HALF_UP),
                        BigDecimal.valueOf(r.bandMin()), BigDecimal.valueOf(r.bandMax()), r.status()),
                toJson(a.thresholds()),
                new CurrentJson(a.deployment().instanceType(), a.instanceGpuModel(), a.gpusPerInstance(),
                        d(a.vramPerGpuGiB()), d(a.ramGiB()), a.deployment().count(), a.deployment().billingMode().name(),
                        a.deployment().region(), money(a.currentMonthlyPrice()), a.currency()),
                a.verdicts().stream().map(v -> toJson(v, locale)).toList(),
                a.hardwareMismatches().stream().map(m -> new MismatchJson(m.samplesFrom(), m.samplesTo(),
                        m.confirmedAt(), m.differences().stream().map(x -> DifferenceJson.of(x, locale)).toList()))
                        .toList());
    }

    static VerdictJson toJson(Verdict v, Locale locale) {
        return new VerdictJson(v.code().name(), v.kind(), v.message(locale), v.instanceType(),
                v.billingMode() == null ? null : v.billingMode().name(), v.instances(), v.hoursPerMonth(),
                money(v.monthlyPrice()), money(v.monthlySaving()), v.currency(), v.metric());
    }

    private static String money(BigDecimal v) {
        return v == null ? null : v.setScale(2, RoundingMode.HALF_UP).toPlainString();
    }

    private static BigDecimal d(Double v) {
        return v == null ? null : BigDecimal.valueOf(v).setScale(1, RoundingMode.HALF_UP);
    }

    /** Accept-Language when sent, else the tenant's language. */
    private static Locale locale(String acceptLanguage) {
        if (acceptLanguage != null && !acceptLanguage.isBlank()) {
            return I18n.fromTag(acceptLanguage.trim());
        }
        return I18n.fromTag(CurrentUser.get().map(u -> u.tenantLocale()).orElse(null));
    }
}
