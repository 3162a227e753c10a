package com.gpuquote.catalog;

import com.gpuquote.catalog.internal.GpuModelRepository;
import com.gpuquote.catalog.internal.InstanceTypeRepository;
import com.gpuquote.pricing.CatalogLookup;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The global catalog of GPU models and instance types. Every signed-in user (any tenant role, platform admin) reads
 * it; only PLATFORM_ADMIN changes it. Catalog tables are global (no tenant, no RLS).
 */
@Service
public class CatalogService {

    /** Upper bound of one page, so a lazy grid or API caller cannot ask for unbounded result sets. */
    public static final int MAX_PAGE = 1_000;

    private final GpuModelRepository gpuModels;
    private final InstanceTypeRepository instanceTypes;

    CatalogService(GpuModelRepository gpuModels, InstanceTypeRepository instanceTypes) {
        this.gpuModels = gpuModels;
        this.instanceTypes = instanceTypes;
    }

    // ------------------------------------------------------------------ reads

    /** All matching types, ordered by provider, GPU model, GPU count, code. */
    @PreAuthorize("isAuthenticated()")
    @Transactional(readOnly = true)
    public List<InstanceType> instanceTypes(InstanceTypeFilter filter) {
        return instanceTypes.find(orAll(filter), 0, Integer.MAX_VALUE);
    }

    /** One page of {@link #instanceTypes(InstanceTypeFilter)} (same order), for lazy grids; limit at most {@link #MAX_PAGE}. */
    @PreAuthorize("isAuthenticated()")
    @Transactional(readOnly = true)
    public List<InstanceType> instanceTypes(InstanceTypeFilter filter, int offset, int limit) {
        if (offset < 0 || limit < 0) {
            throw new IllegalArgumentException("offset and limit must be >= 0");
        }
        return instanceTypes.find(orAll(filter), offset, Math.min(limit, MAX_PAGE));
    }

    @PreAuthorize("isAuthenticated()")
    @Transactional(readOnly = true)
    public int count(InstanceTypeFilter filter) {
        return instanceTypes.count(orAll(filter));
    }

    @PreAuthorize("isAuthenticated()")
    @Transactional(readOnly = true)
    public Optional<InstanceType> instanceType(Provider provider, String code) {
        Objects.requireNonNull(provider, "provider");
        return code == null ? Optional.empty() : instanceTypes.find(provider, code);
    }

    @PreAuthorize("isAuthenticated()")
    @Transactional(readOnly = true)
    public List<GpuModel> gpuModels() {
        return gpuModels.findAll();
    }

    @PreAuthorize("isAuthenticated()")
    @Transactional(readOnly = true)
    public Optional<GpuModel> gpuModel(String code) {
        return code == null ? Optional.empty() : gpuModels.find(code);
    }

    /** Region codes of the provider, sorted. */
    @PreAuthorize("isAuthenticated()")
    @Transactional(readOnly = true)
    public List<String> regions(Provider provider) {
        Objects.requireNonNull(provider, "provider");
        return instanceTypes.regions(provider);
    }

    /** A snapshot of every instance type (any status) and its regions, for price list validation. */
    @PreAuthorize("isAuthenticated()")
    @Transactional(readOnly = true)
    public CatalogLookup lookup() {
        return CatalogLookup.of(instanceTypes.regionsByType());
    }

    private static InstanceTypeFilter orAll(InstanceTypeFilter filter) {
        return filter == null ? InstanceTypeFilter.ALL : filter;
    }
}
