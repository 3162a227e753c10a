package com.gpuquote.deployment;

import com.gpuquote.shared.Roles;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.deployment.internal.ThresholdRepository;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.shared.Validation;
import com.gpuquote.tenancy.TenantId;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/** The tenant's right-sizing thresholds: consultants and admins read them, tenant admins change them (audited). */
@Service
public class ThresholdService {

    private final ThresholdRepository repository;
    private final AuditLog audit;

    ThresholdService(ThresholdRepository repository, AuditLog audit) {
        this.repository = repository;
        this.audit = audit;
    }

    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public Thresholds current() {
        return repository.find(tenant()).orElseGet(Thresholds::projectDefaults);
    }

    /** Each threshold above 0 and at most 100 with at most 2 decimals; oversized below both short thresholds. */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public Thresholds update(Thresholds t) {
        Validation v = new Validation();
        check(v, "vramShortPct", t.vramShortPct());
        check(v, "ramShortPct", t.ramShortPct());
        check(v, "oversizedPct", t.oversizedPct());
        check(v, "underusedPct", t.underusedPct());
        if (!v.hasErrors()) {
            v.check(t.oversizedPct().compareTo(t.vramShortPct()) < 0 && t.oversizedPct().compareTo(t.ramShortPct()) < 0,
                    "oversizedPct", "belowShort", "oversizedPct must be below vramShortPct and ramShortPct");
        }
        v.throwIfInvalid();
        Thresholds before = current();
        repository.upsert(tenant(), t);
        Thresholds after = current();
        audit.record(tenant(), "RIGHTSIZING_THRESHOLDS_CHANGED", "rightsizing_thresholds", tenant(),
                Map.of("before", values(before), "after", values(after)));
        return after;
    }

    private static void check(Validation v, String field, BigDecimal value) {
        if (value == null) {
            v.add(field, "required", field + " is required");
        } else if (value.signum() <= 0 || value.compareTo(BigDecimal.valueOf(100)) > 0) {
            v.add(field, "range", field + " must be greater than 0 and at most 100");
        } else if (value.stripTrailingZeros().scale() > 2) {
            v.add(field, "scale", field + " has more than 2 decimals");
        }
    }

    private static Map<String, Object> values(Thresholds t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("vramShortPct", t.vramShortPct().toPlainString());
        m.put("ramShortPct", t.ramShortPct().toPlainString());
        m.put("oversizedPct", t.oversizedPct().toPlainString());
        m.put("underusedPct", t.underusedPct().toPlainString());
        return m;
    }

    private static TenantId tenant() {
        return CurrentUser.require().requireTenant();
    }
}
