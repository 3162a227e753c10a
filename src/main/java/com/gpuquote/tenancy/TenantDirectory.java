package com.gpuquote.tenancy;

import com.gpuquote.tenancy.internal.TenantRepository;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import java.util.Optional;

/**
 * Narrow read hook for features that act for a tenant without a signed-in staff user (the customer portal): the
 * tenant's name and status, inside the caller's tenant-scoped transaction. Other features read tenants through this,
 * never through SQL on {@code tenants}.
 */
@Component
public class TenantDirectory {

    private final TenantRepository repository;

    TenantDirectory(TenantRepository repository) {
        this.repository = repository;
    }

    @Transactional(propagation = Propagation.MANDATORY, readOnly = true)
    public Optional<Tenant> find(TenantId id) {
        return repository.find(id);
    }

    /** The tenant's legal details for the seller block of documents (issue 16). */
    @Transactional(propagation = Propagation.MANDATORY, readOnly = true)
    public TenantProfile profile(TenantId id) {
        return repository.profile(id).orElse(TenantProfile.EMPTY);
    }
}
