package com.gpuquote.sizing;

import com.gpuquote.shared.Roles;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.shared.Validation;
import com.gpuquote.sizing.SizingPolicy.Band;
import com.gpuquote.sizing.engine.RatioPolicy;
import com.gpuquote.sizing.engine.Workload;
import com.gpuquote.sizing.internal.SizingPolicyRepository;
import com.gpuquote.tenancy.TenantId;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.math.BigDecimal;
import java.util.Map;

/**
 * The tenant's sizing policy (RAM:VRAM bands, usable VRAM fraction). Consultants and admins read it; only tenant
 * admins change it, validated (band min ≥ 0.5, max ≥ min, max ≤ 1000, fraction 0.5–1.0, at most 4 decimals) and
 * audited with the values before and after. A tenant without a stored policy uses the project defaults.
 */
@Service
public class SizingPolicyService {

    public static final BigDecimal MIN_BAND = new BigDecimal("0.5");
    public static final BigDecimal MAX_BAND = new BigDecimal("1000");
    public static final BigDecimal MIN_FRACTION = new BigDecimal("0.5");
    public static final BigDecimal MAX_FRACTION = BigDecimal.ONE;
    private static final int MAX_SCALE = 4;

    private final SizingPolicyRepository repository;
    private final AuditLog audit;

    SizingPolicyService(SizingPolicyRepository repository, AuditLog audit) {
        this.repository = repository;
        this.audit = audit;
    }

    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public SizingPolicy current() {
        return repository.find(tenant()).orElseGet(SizingPolicy::projectDefaults);
    }

    /** The current policy in the engine's form. */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public RatioPolicy ratioPolicy() {
        return current().toRatioPolicy();
    }

    /**
     * Replaces the tenant's policy. Field names of errors: {@code bands.<WORKLOAD>.min|max},
     * {@code cpuIntensiveBand.min|max}, {@code usableVramFraction}, {@code version}.
     */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public SizingPolicy update(SizingPolicy policy) {
        SizingPolicy p = validate(policy);
        SizingPolicy before = current();
        if (before.defaults() && policy.version() != null && policy.version() != 0) {
            throw new OptimisticLockingFailureException("sizing policy changed concurrently");
        }
        Integer expected = before.defaults() ? null : policy.version();
        if (repository.upsert(tenant(), p, expected, CurrentUser.require().userId()) == 0) {
            throw new OptimisticLockingFailureException("sizing policy changed concurrently");
        }
        SizingPolicy after = current();
        audit.record(tenant(), "SIZING_POLICY_CHANGED", "sizing_policy", tenant(),
                Map.of("before", before.auditValues(), "after", after.auditValues()));
        return after;
    }

    /** Back to the project defaults (removes the stored policy), audited. */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public SizingPolicy resetToDefaults() {
        SizingPolicy before = current();
        if (repository.delete(tenant()) > 0) {
            audit.record(tenant(), "SIZING_POLICY_RESET", "sizing_policy", tenant(),
                    Map.of("before", before.auditValues(), "after", SizingPolicy.projectDefaults().auditValues()));
        }
        return current();
    }

    /** Every problem of a policy at once; returns it normalised. */
    static SizingPolicy validate(SizingPolicy policy) {
        Validation v = new Validation();
        if (policy == null) {
            v.add("", "required", "a sizing policy is required").throwIfInvalid();
        }
        for (Workload w : Workload.values()) {
            band(v, "bands." + w.name(), policy.bands().get(w));
        }
        band(v, "cpuIntensiveBand", policy.cpuIntensiveBand());
        BigDecimal f = policy.usableVramFraction();
        if (f == null) {
            v.add("usableVramFraction", "required", "usableVramFraction is required");
        } else {
            v.check(f.compareTo(MIN_FRACTION) >= 0 && f.compareTo(MAX_FRACTION) <= 0, "usableVramFraction", "range",
                    "usableVramFraction must be between 0.5 and 1.0");
            scale(v, "usableVramFraction", f);
        }
        BigDecimal mfu = policy.trainingMfu();
        if (mfu != null) {
            v.check(mfu.compareTo(BigDecimal.valueOf(com.gpuquote.sizing.engine.PerformanceModel.MIN_MFU)) >= 0
                            && mfu.compareTo(BigDecimal.valueOf(com.gpuquote.sizing.engine.PerformanceModel.MAX_MFU)) <= 0
                            && mfu.stripTrailingZeros().scale() <= 3, "trainingMfu", "range",
                    "trainingMfu must be between 0.05 and 0.80 with at most 3 decimals");
        }
        v.throwIfInvalid();
        Map<Workload, Band> bands = new java.util.EnumMap<>(Workload.class);
        policy.bands().forEach((w, b) -> bands.put(w, norm(b)));
        return new SizingPolicy(bands, norm(policy.cpuIntensiveBand()), SizingPolicy.norm(f), policy.version(), false,
                SizingPolicy.norm(mfu));
    }

    private static void band(Validation v, String field, Band b) {
        if (b == null) {
            v.add(field, "required", field + " is required");
            return;
        }
        boolean minOk = false;
        if (b.min() == null) {
            v.add(field + ".min", "required", field + ".min is required");
        } else if (b.min().compareTo(MIN_BAND) < 0) {
            v.add(field + ".min", "range", field + ".min must be at least 0.5");
        } else if (b.min().compareTo(MAX_BAND) > 0) {
            v.add(field + ".min", "range", field + ".min must be at most 1000");
        } else {
            minOk = scale(v, field + ".min", b.min());
        }
        if (b.max() == null) {
            v.add(field + ".max", "required", field + ".max is required");
        } else if (minOk && b.max().compareTo(b.min()) < 0) {
            v.add(field + ".max", "belowMin", field + ".max must not be below " + field + ".min");
        } else if (b.max().compareTo(MAX_BAND) > 0 || b.max().compareTo(MIN_BAND) < 0) {
            v.add(field + ".max", "range", field + ".max must be between 0.5 and 1000");
        } else {
            scale(v, field + ".max", b.max());
        }
    }

    private static boolean scale(Validation v, String field, BigDecimal d) {
        if (d.stripTrailingZeros().scale() > MAX_SCALE) {
            v.add(field, "scale", field + " has more than 4 decimals");
            return false;
        }
        return true;
    }

    private static Band norm(Band b) {
        return new Band(SizingPolicy.norm(b.min()), SizingPolicy.norm(b.max()));
    }

    private static TenantId tenant() {
        return CurrentUser.require().requireTenant();
    }
}
