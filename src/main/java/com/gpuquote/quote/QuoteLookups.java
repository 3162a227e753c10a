package com.gpuquote.quote;

import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.catalog.Provider;
import com.gpuquote.pricing.BillingMode;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The quote pricer's lookups over the public services of catalog and pricing (never their tables). Both are
 * memoised per pricing run. The cost part of {@link PricePoint} is server-side only: it feeds the margin-floor
 * flag and the admin-only margin views, nothing else.
 */
@Component
class QuoteLookups {

    private final CatalogService catalog;

    QuoteLookups(CatalogService catalog) {
        this.catalog = catalog;
    }

    /** Catalog facts (family, GPU model, GPUs per instance) of an instance type code, across providers. */
    InstanceFactsLookup instances() {
        Map<String, Optional<InstanceFacts>> cache = new HashMap<>();
        return code -> cache.computeIfAbsent(code, this::facts);
    }

    Optional<Provider> providerOf(String instanceType) {
        return type(instanceType).map(InstanceType::provider);
    }

    /** List and cost unit prices from the tenant's price list in force at {@code at}. */
    UnitPriceLookup prices(Instant at) {
        Map<String, Optional<PricePoint>> cache = new HashMap<>();
        return (instanceType, region, mode) -> cache.computeIfAbsent(instanceType + "|" + region + "|" + mode,
                k -> price(instanceType, region, mode, at));
    }

    private Optional<PricePoint> price(String instanceType, String region, BillingMode mode, Instant at) {
        // Wired to the pricing service's prices in force as it lands on main.
        return Optional.empty();
    }

    private Optional<InstanceFacts> facts(String code) {
        return type(code).map(t -> new InstanceFacts(t.code(), t.family(), t.gpuModel().code(), t.gpuCount()));
    }

    private Optional<InstanceType> type(String code) {
        if (code == null || code.isBlank()) {
            return Optional.empty();
        }
        for (Provider provider : Provider.values()) {
            Optional<InstanceType> t = catalog.instanceType(provider, code.strip());
            if (t.isPresent()) {
                return t;
            }
        }
        return Optional.empty();
    }
}
