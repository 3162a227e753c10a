package com.gpuquote.pricing;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.shared.Roles;
import com.gpuquote.catalog.Provider;
import com.gpuquote.pricing.internal.PriceListRepository;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Instant;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Prices in force: the row of the provider's published list whose window [effective_from, effective_to) holds the
 * instant. Lists that were ever published (also ARCHIVED ones) answer for their window, so a lookup in the past
 * gives the price that was in force then. When the list in force has no row for a key there is no price (older
 * lists are not consulted).
 * <p>
 * Two kinds of results, by design: {@link UnitPrice} (list price only, safe for consultants and customers) and
 * {@link CostedUnitPrice} (with the confidential cost; {@link #costedPriceAt} is TENANT_ADMIN only, and
 * {@link #costsInForce} is for server-side checks such as the quote engine's margin floor, whose result must never be
 * serialised or shown to a consultant; Jackson refuses to serialise it).
 */
@Service
public class PriceService {

    private final PriceListRepository repository;

    PriceService(PriceListRepository repository) {
        this.repository = repository;
    }

    /** The list price in force at {@code at}; empty when no published list of the provider has a row for the key. */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public Optional<UnitPrice> priceAt(PriceKey key, Instant at) {
        return repository.priceAt(PriceListService.tenant(), key, PriceListService.micros(at))
                .map(CostedUnitPrice::withoutCost);
    }

    /** Convenience for {@link #priceAt(PriceKey, Instant)}. */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public Optional<UnitPrice> priceAt(Provider provider, String instanceType, String region, BillingMode billingMode,
                                       Instant at) {
        return priceAt(new PriceKey(provider, instanceType, region, billingMode), at);
    }

    /** The price in force with its cost price. TENANT_ADMIN only. */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional(readOnly = true)
    public Optional<CostedUnitPrice> costedPriceAt(PriceKey key, Instant at) {
        return repository.priceAt(PriceListService.tenant(), key, PriceListService.micros(at));
    }

    /**
     * List prices in force at {@code at} for a provider, sorted by key; for the sizing recommender and quotes.
     *
     * @param region       null for every region
     * @param billingModes empty for every billing mode
     */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public Map<PriceKey, UnitPrice> pricesInForce(Provider provider, @Nullable String region, Set<BillingMode> billingModes,
                                                  Instant at) {
        Map<PriceKey, UnitPrice> result = new LinkedHashMap<>();
        for (CostedUnitPrice p : load(provider, region, billingModes, at)) {
            result.put(p.key(), p.withoutCost());
        }
        return result;
    }

    /**
     * Prices in force WITH cost, for server-side checks (the quote engine's margin floor) that run in a consultant's
     * request too. Callers must never return the result (or the cost/margin) to a consultant's browser or API
     * response; only a yes/no of the check or admin-only views may use it.
     */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public Map<PriceKey, CostedUnitPrice> costsInForce(Provider provider, String region, Set<BillingMode> billingModes,
                                                       Instant at) {
        Map<PriceKey, CostedUnitPrice> result = new LinkedHashMap<>();
        for (CostedUnitPrice p : load(provider, region, billingModes, at)) {
            result.put(p.key(), p);
        }
        return result;
    }

    /**
     * {@link #costsInForce(Provider, String, Set, Instant)} for the given instance types only (issue 18: a quote of
     * five instance types read and sorted the provider's whole price list of the region on every pricing). Same
     * callers' rule: the cost never leaves the server.
     */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public Map<PriceKey, CostedUnitPrice> costsInForce(Provider provider, String region, Set<BillingMode> billingModes,
                                                       Instant at, java.util.Collection<String> instanceTypes) {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(region, "region");
        Map<PriceKey, CostedUnitPrice> result = new java.util.HashMap<>();
        if (instanceTypes.isEmpty()) {
            return result;
        }
        Set<BillingMode> modes = billingModes == null || billingModes.isEmpty()
                ? EnumSet.allOf(BillingMode.class) : billingModes;
        for (CostedUnitPrice p : repository.pricesAt(PriceListService.tenant(), provider, region, modes,
                PriceListService.micros(at), List.copyOf(instanceTypes))) {
            result.put(p.key(), p);
        }
        return result;
    }

    /** List prices of an instance type in every version that was published, by effective_from (history chart). */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public List<PricePoint> history(Provider provider, String instanceType) {
        return repository.history(PriceListService.tenant(), provider, instanceType);
    }

    private List<CostedUnitPrice> load(Provider provider, String region, Set<BillingMode> billingModes, Instant at) {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(at, "at");
        Set<BillingMode> modes = billingModes == null || billingModes.isEmpty()
                ? EnumSet.allOf(BillingMode.class) : billingModes;
        Map<PriceKey, CostedUnitPrice> sorted = new TreeMap<>();
        for (CostedUnitPrice p : repository.pricesAt(PriceListService.tenant(), provider, region, modes,
                PriceListService.micros(at))) {
            sorted.put(p.key(), p);
        }
        return List.copyOf(sorted.values());
    }
}
