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
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
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

    /**
     * The instance types of one run (a pricing, a draft's validation) by code, read together: the codes passed to
     * {@link #types} in one statement (issue 18: a 4 × 25 quote asked the catalog once per code and provider, ~20
     * statements per create), any other code on first use. Same answer as the one-by-one look-up: the first
     * provider in {@link Provider} order that sells the code ({@link CatalogService#publicInstanceTypes}).
     */
    final class Types {
        private final Map<String, Optional<InstanceType>> byCode = new HashMap<>();

        Optional<InstanceType> get(String code) {
            return code == null || code.isBlank() ? Optional.empty() : byCode.computeIfAbsent(code.strip(), QuoteLookups.this::type);
        }

        Optional<Provider> providerOf(String code) {
            return get(code).map(InstanceType::provider);
        }

        /** The codes read so far that {@code provider} sells. */
        List<String> codesOf(Provider provider) {
            return byCode.entrySet().stream().filter(e -> e.getValue().map(t -> t.provider() == provider).orElse(false))
                    .map(Map.Entry::getKey).toList();
        }
    }

    /** A {@link Types} with {@code codes} (null and blank ones ignored) read in one statement. */
    Types types(Collection<String> codes) {
        Types types = new Types();
        List<String> wanted = codes.stream().filter(c -> c != null && !c.isBlank()).map(String::strip).distinct().toList();
        if (!wanted.isEmpty()) {
            Map<String, InstanceType> found = catalog.publicInstanceTypes(wanted);
            wanted.forEach(c -> types.byCode.put(c, Optional.ofNullable(found.get(c))));
        }
        return types;
    }

    /** Catalog facts (family, GPU model, GPUs per instance) of an instance type code, across providers. */
    InstanceFactsLookup instances() {
        return instances(new Types());
    }

    InstanceFactsLookup instances(Types types) {
        return code -> types.get(code).map(QuoteLookups::facts);
    }

    /**
     * List and cost unit prices from the tenant's price list in force at {@code at}, for the instance types of
     * {@code types}: the prices of one provider and region are
     * read for every code {@code types} knows of that provider at once (one statement for a quote whose codes were
     * read together), a code met later on its own.
     */
    UnitPriceLookup prices(Instant at, Types types) {
        Map<String, Map<PriceKey, CostedUnitPrice>> byProviderRegion = new HashMap<>();
        java.util.Set<String> read = new java.util.HashSet<>(); // provider|region|code already asked for
        return (instanceType, region, mode) -> {
            if (instanceType == null || region == null || mode == null) {
                return Optional.empty();
            }
            String code = instanceType.strip();
            Optional<Provider> provider = types.providerOf(code);
            if (provider.isEmpty()) {
                return Optional.empty();
            }
            String providerRegion = provider.get() + "|" + region;
            Map<PriceKey, CostedUnitPrice> inForce = byProviderRegion.computeIfAbsent(providerRegion, k -> new HashMap<>());
            if (!read.contains(providerRegion + "|" + code)) {
                List<String> codes = new java.util.ArrayList<>(types.codesOf(provider.get()));
                if (!codes.contains(code)) {
                    codes.add(code);
                }
                codes.removeIf(c -> read.contains(providerRegion + "|" + c));
                inForce.putAll(prices.costsInForce(provider.get(), region, EnumSet.allOf(BillingMode.class), at, codes));
                codes.forEach(c -> read.add(providerRegion + "|" + c));
            }
            CostedUnitPrice p = inForce.get(new PriceKey(provider.get(), code, region, mode));
            return p == null ? Optional.empty() : Optional.of(new PricePoint(p.listPrice(), p.costPrice(),
                    provider.get().code()));
        };
    }

    private static InstanceFacts facts(InstanceType t) {
        return new InstanceFacts(t.code(), t.family(), t.gpuModel().code(), t.gpuCount());
    }

    private Optional<InstanceType> type(String code) {
        // the one "first provider that sells it" rule, CatalogService's
        return code == null || code.isBlank() ? Optional.empty()
                : Optional.ofNullable(catalog.publicInstanceTypes(List.of(code.strip())).get(code.strip()));
    }
}
