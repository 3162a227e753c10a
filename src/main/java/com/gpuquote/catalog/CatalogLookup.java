package com.gpuquote.catalog;

import com.gpuquote.catalog.InstanceType;
import com.gpuquote.catalog.Provider;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/** What price list validation needs to know about the catalog; a plain lookup so validation runs without a DB. */
public interface CatalogLookup {

    boolean isKnownInstanceType(Provider provider, String instanceTypeCode);

    /** True when the (known) instance type is offered in the region. */
    boolean isOffered(Provider provider, String instanceTypeCode, String regionCode);

    static CatalogLookup of(Collection<InstanceType> instanceTypes) {
        Map<Provider, Map<String, Set<String>>> byProvider = new HashMap<>();
        for (InstanceType type : instanceTypes) {
            byProvider.computeIfAbsent(type.provider(), p -> new HashMap<>()).put(type.code(), type.regions());
        }
        return of(byProvider);
    }

    /** @param regionsByTypeByProvider provider -> instance type code -> region codes where it is offered */
    static CatalogLookup of(Map<Provider, Map<String, Set<String>>> regionsByTypeByProvider) {
        Map<Provider, Map<String, Set<String>>> copy = new HashMap<>();
        regionsByTypeByProvider.forEach((provider, types) -> {
            Map<String, Set<String>> typesCopy = new HashMap<>();
            types.forEach((code, regions) -> typesCopy.put(code, Set.copyOf(regions)));
            copy.put(provider, typesCopy);
        });
        return new CatalogLookup() {
            @Override
            public boolean isKnownInstanceType(Provider provider, String instanceTypeCode) {
                return copy.getOrDefault(provider, Map.of()).containsKey(instanceTypeCode);
            }

            @Override
            public boolean isOffered(Provider provider, String instanceTypeCode, String regionCode) {
                return copy.getOrDefault(provider, Map.of()).getOrDefault(instanceTypeCode, Set.of()).contains(regionCode);
            }
        };
    }
}
