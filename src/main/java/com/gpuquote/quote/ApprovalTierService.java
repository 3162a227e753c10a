package com.gpuquote.quote;

import com.gpuquote.quote.domain.ApprovalTier;
import com.gpuquote.quote.pricing.PricedOption;
import com.gpuquote.quote.pricing.PricedQuote;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.quote.internal.ApprovalRepository;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.Role;
import com.gpuquote.shared.Roles;
import com.gpuquote.shared.Validation;
import com.gpuquote.tenancy.TenantId;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The tenant's approval tiers by discount depth (issue 16). No tiers (the default): a quote below the margin floor
 * needs one tenant admin's approval, as before. With tiers: it needs one step per tier its discount depth is beyond,
 * lowest tier first (e.g. beyond 15 % a tenant admin, beyond 30 % then an approver); at least the one admin step.
 */
@Service
public class ApprovalTierService {

    /** Tier roles: who may take a step. */
    public static final Set<Role> STEP_ROLES = Set.of(Role.TENANT_ADMIN, Role.APPROVER);
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private final ApprovalRepository repository;
    private final AuditLog audit;

    ApprovalTierService(ApprovalRepository repository, AuditLog audit) {
        this.repository = repository;
        this.audit = audit;
    }

    @Transactional(readOnly = true)
    @PreAuthorize(Roles.IS_QUOTE_READER)
    public List<ApprovalTier> tiers() {
        return repository.tiers(tenant());
    }

    /**
     * Replaces the tenant's tiers. Each needs a percent from 0 to 100 (at most 2 decimals; percents distinct) and a
     * role TENANT_ADMIN or APPROVER; 400 names each bad field ({@code approvalTiers[i].discountPercentAbove} /
     * {@code .role}). Stored lowest percent first. Quotes already waiting keep the chain written at their submit.
     */
    @Transactional
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    public List<ApprovalTier> replace(List<TierInput> input) {
        Validation v = new Validation();
        List<ApprovalTier> tiers = new ArrayList<>();
        Set<BigDecimal> seen = new HashSet<>();
        if (input == null) {
            v.add("approvalTiers", "quote.approvalTiers.required", "Give a list of tiers (empty for none)");
        } else {
            v.check(input.size() <= 10, "approvalTiers", "quote.approvalTiers.tooMany", "At most 10 tiers");
            for (int i = 0; i < input.size(); i++) {
                TierInput t = input.get(i);
                String at = "approvalTiers[" + i + "]";
                BigDecimal p = t == null ? null : t.discountPercentAbove();
                Role role = t == null ? null : parseRole(t.role());
                if (p == null || p.signum() < 0 || p.compareTo(HUNDRED) > 0 || p.stripTrailingZeros().scale() > 2) {
                    v.add(at + ".discountPercentAbove", "quote.approvalTiers.percent",
                            "A percent from 0 to 100 with at most 2 decimals");
                    p = null;
                } else if (!seen.add(p.setScale(2, RoundingMode.UNNECESSARY))) {
                    v.add(at + ".discountPercentAbove", "quote.approvalTiers.duplicate", "Another tier has this percent");
                }
                if (role == null) {
                    v.add(at + ".role", "quote.approvalTiers.role", "TENANT_ADMIN or APPROVER");
                }
                if (p != null && role != null) {
                    tiers.add(new ApprovalTier(p.setScale(2, RoundingMode.UNNECESSARY), role));
                }
            }
        }
        v.throwIfInvalid();
        tiers.sort(Comparator.comparing(ApprovalTier::discountPercentAbove));
        repository.replaceTiers(tenant(), tiers);
        audit.record(tenant(), "APPROVAL_TIERS_CHANGED", "tenant", tenant().value(), Map.of("tiers", tiers.toString()));
        return repository.tiers(tenant());
    }

    /** A tier as given (the role as text so that an unknown one is a 400 naming the field). */
    public record TierInput(BigDecimal discountPercentAbove, String role) {
    }

    private static Role parseRole(String role) {
        return STEP_ROLES.stream().filter(r -> r.name().equals(role)).findFirst().orElse(null);
    }

    /**
     * The discount depth of a priced quote: the deepest discount against list price of any line below the floor, in
     * percent (scale 2), over all options; 0 when nothing is below the floor.
     * <p>
     * Why the line and not the option: the floor is a per-line rule and what the approver concedes is the price of
     * the line under it; an option's discount against list mixes in healthy lines (and service lines, which have no
     * list price) and would make a deep concession on one line look shallow. Why every option: any option may be
     * the one the customer accepts, so the deepest one is what the chain must cover.
     */
    public static BigDecimal discountDepth(PricedQuote priced) {
        BigDecimal depth = BigDecimal.ZERO.setScale(2);
        for (PricedOption o : priced.options()) {
            for (LineView l : o.view().lines()) {
                if (l.belowFloor() && l.listUnitPrice() != null && l.listUnitPrice().signum() > 0) {
                    BigDecimal d = l.listUnitPrice().subtract(l.netUnitPrice()).multiply(HUNDRED)
                            .divide(l.listUnitPrice(), 2, RoundingMode.HALF_UP);
                    depth = depth.max(d);
                }
            }
        }
        return depth;
    }

    /**
     * The roles of the steps a quote below the floor with this depth needs, in order: one per tier strictly beyond
     * (tiers lowest first); when none applies (or there are no tiers) one tenant admin step, today's rule.
     */
    public static List<Role> requiredSteps(List<ApprovalTier> tiers, BigDecimal depth) {
        List<Role> steps = tiers.stream().sorted(Comparator.comparing(ApprovalTier::discountPercentAbove))
                .filter(t -> depth.compareTo(t.discountPercentAbove()) > 0).map(ApprovalTier::role).toList();
        return steps.isEmpty() ? List.of(Role.TENANT_ADMIN) : steps;
    }

    private static TenantId tenant() {
        return CurrentUser.require().requireTenant();
    }
}
