package com.gpuquote.quote;

import com.gpuquote.quote.domain.ChannelTerms;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.catalog.Provider;
import com.gpuquote.quote.internal.ProviderRebateRepository;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.shared.Roles;
import com.gpuquote.shared.Validation;
import com.gpuquote.tenancy.TenantId;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The tenant's default rebate (返点) per cloud provider (issue 16, ADR 1602): an option's lines of a provider new to
 * it start with that provider's default (issue 39, ADR 3903: {@code ProviderRebates}). Reading and writing are for tenant admins only: the rebate is never shown to
 * consultants.
 */
@Service
public class ProviderRebateService {

    private final ProviderRebateRepository repository;
    private final AuditLog audit;

    ProviderRebateService(ProviderRebateRepository repository, AuditLog audit) {
        this.repository = repository;
        this.audit = audit;
    }

    @Transactional(readOnly = true)
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    public List<ProviderRebate> rebates() {
        return repository.all(tenant());
    }

    /**
     * Replaces the tenant's defaults. Each needs a known provider (once) and a percent from 0 to 50 with at most 2
     * decimals, as an option's rebate; 400 names each bad field ({@code providerRebates[i].provider} /
     * {@code .rebatePercent}); nothing is saved then. Existing options keep their rebate.
     */
    @Transactional
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    public List<ProviderRebate> replace(List<RebateInput> input) {
        Validation v = new Validation();
        List<ProviderRebate> rebates = new ArrayList<>();
        Set<Provider> seen = EnumSet.noneOf(Provider.class);
        if (input == null) {
            v.add("providerRebates", "quote.providerRebates.required", "Give a list of provider rebates (empty for none)");
        } else {
            for (int i = 0; i < input.size(); i++) {
                RebateInput r = input.get(i);
                String at = "providerRebates[" + i + "]";
                Provider provider = r == null ? null : Provider.fromCode(r.provider()).orElse(null);
                BigDecimal p = r == null ? null : r.rebatePercent();
                if (provider == null) {
                    v.add(at + ".provider", "quote.providerRebates.provider", "Unknown provider");
                } else if (!seen.add(provider)) {
                    v.add(at + ".provider", "quote.providerRebates.duplicate", "This provider is listed twice");
                }
                if (!ChannelTerms.isValidRebate(p)) {
                    v.add(at + ".rebatePercent", "quote.error.rebatePercent",
                            "A percent from 0 to " + ChannelTerms.MAX_REBATE_PERCENT + " with at most 2 decimals");
                    p = null;
                }
                if (provider != null && p != null) {
                    rebates.add(new ProviderRebate(provider, p.setScale(2, RoundingMode.UNNECESSARY)));
                }
            }
        }
        v.throwIfInvalid();
        repository.replace(tenant(), rebates);
        audit.record(tenant(), "PROVIDER_REBATES_CHANGED", "tenant", tenant().value(),
                Map.of("providerRebates", rebates.toString()));
        return repository.all(tenant());
    }

    /** A default as given (the provider as text so that an unknown one is a 400 naming the field). */
    public record RebateInput(String provider, BigDecimal rebatePercent) {
    }

    private static TenantId tenant() {
        return CurrentUser.require().requireTenant();
    }
}
