package com.gpuquote.tenancy;

import com.gpuquote.shared.Roles;
import com.gpuquote.shared.Sha256;
import com.gpuquote.tenancy.internal.TenantLogoRepository;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import java.util.Map;
import java.util.Optional;

/**
 * The tenant's branding beyond its name: one logo (PNG or JPEG, at most 512 KiB and 2048 px a side, decoded before it
 * is stored). Every user of the tenant reads it; only a tenant admin changes it, and each change is audited. The
 * customer portal, which has no signed-in user, reads it through {@link #logoOf} inside the scope of a verified link.
 */
@Service
public class TenantBrandingService {

    public static final int MAX_BYTES = LogoImage.MAX_BYTES;
    public static final int MAX_SIDE = LogoImage.MAX_SIDE;

    private final TenantLogoRepository repository;
    private final ApplicationEventPublisher events;

    TenantBrandingService(TenantLogoRepository repository, ApplicationEventPublisher events) {
        this.repository = repository;
        this.events = events;
    }

    /** The signed-in user's tenant's logo; empty when it has none (and for platform admins, who have no tenant). */
    @PreAuthorize(Roles.IS_AUTHENTICATED)
    @Transactional(readOnly = true)
    public Optional<TenantLogo> logo() {
        TenantId tenant = TenantContext.current().tenantId();
        return tenant == null ? Optional.empty() : repository.find(tenant);
    }

    /**
     * The current logo's {@link TenantLogo#fileName()} without loading the image: whether there is one, and a name
     * that changes with its content (a cache key) and ends in its type.
     */
    @PreAuthorize(Roles.IS_AUTHENTICATED)
    @Transactional(readOnly = true)
    public Optional<String> logoFileName() {
        TenantId tenant = TenantContext.current().tenantId();
        return tenant == null ? Optional.empty()
                : repository.digest(tenant).map(d -> TenantLogo.fileName(d[0], d[1]));
    }

    /**
     * Replaces the logo. {@code claimedType} is what the client said (Content-Type or the browser's MIME type); the
     * stored type is what the bytes decode as. Refusals are {@code InvalidInputException}s on field "logo" and store
     * nothing.
     */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public TenantLogo uploadLogo(byte[] bytes, String claimedType) {
        TenantId tenant = requireTenant();
        LogoImage.Checked image = LogoImage.check(bytes, claimedType);
        byte[] stored = image.bytes();
        String sha256 = Sha256.hex(stored);
        repository.upsert(tenant, image.contentType(), stored, sha256, image.width(), image.height(), actor());
        events.publishEvent(new TenantService.TenantChanged(tenant, "TENANT_LOGO_UPLOADED", Map.of(
                "contentType", image.contentType(), "bytes", String.valueOf(stored.length),
                "size", image.width() + "×" + image.height(), "sha256", sha256)));
        return repository.find(tenant).orElseThrow();
    }

    /** Removes the logo; answers whether there was one (removing none is not audited). */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public boolean removeLogo() {
        TenantId tenant = requireTenant();
        Optional<String[]> before = repository.digest(tenant);
        if (before.isEmpty() || repository.delete(tenant) == 0) {
            return false;
        }
        events.publishEvent(new TenantService.TenantChanged(tenant, "TENANT_LOGO_REMOVED",
                Map.of("sha256", before.get()[0])));
        return true;
    }

    /**
     * For server code that runs in a tenant's scope without a signed-in user (the customer portal after verifying its
     * link): no {@code @PreAuthorize}; a transaction in that tenant's scope must be running, and row-level security
     * hides every other tenant's logo. Never hand this to views or controllers.
     */
    @Transactional(propagation = Propagation.MANDATORY, readOnly = true)
    public Optional<TenantLogo> logoOf(TenantId tenant) {
        return repository.find(tenant);
    }

    private static TenantId requireTenant() {
        TenantId tenant = TenantContext.current().tenantId();
        if (tenant == null) {
            throw new org.springframework.security.access.AccessDeniedException("not a tenant user");
        }
        return tenant;
    }

    private static String actor() {
        Authentication auth = SecurityContextHolder.getContext().getAuthentication();
        return auth == null ? "system" : auth.getName();
    }

}
