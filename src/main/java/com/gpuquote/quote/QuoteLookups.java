package com.gpuquote.quote;

import com.gpuquote.quote.pricing.InstanceFacts;
import com.gpuquote.quote.pricing.InstanceFactsLookup;
import com.gpuquote.quote.pricing.UnitPriceLookup;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.catalog.Provider;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.pricing.CostedUnitPrice;
import com.gpuquote.pricing.PriceKey;
import com.gpuquote.pricing.PriceService;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.util.EnumSet;
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
    private final PriceService prices;

    QuoteLookups(CatalogService catalog, PriceService prices) {
        this.catalog = catalog;
        this.prices = prices;
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
        Map<String, Map<PriceKey, CostedUnitPrice>> byProviderRegion = new HashMap<>();
        // one catalog lookup per instance type, not one per line and billing mode (issue 18: a 4 × 25 quote asked
        // the catalog hundreds of times)
        Map<String, Optional<Provider>> providers = new HashMap<>();
        return (instanceType, region, mode) -> {
            if (instanceType == null || region == null || mode == null) {
                return Optional.empty();
            }
            Optional<Provider> provider = providers.computeIfAbsent(instanceType, this::providerOf);
            if (provider.isEmpty()) {
                return Optional.empty();
            }
            Map<PriceKey, CostedUnitPrice> inForce = byProviderRegion.computeIfAbsent(
                    provider.get() + "|" + region,
                    k -> prices.costsInForce(provider.get(), region, EnumSet.allOf(BillingMode.class), at));
            CostedUnitPrice p = inForce.get(new PriceKey(provider.get(), instanceType.strip(), region, mode));
            return p == null ? Optional.empty() : Optional.of(new PricePoint(p.listPrice(), p.costPrice()));
        };
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
