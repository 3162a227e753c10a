package com.gpuquote.tenancy;

import com.gpuquote.shared.I18n;
import com.gpuquote.shared.Roles;
import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.Validation;
import com.gpuquote.tenancy.internal.TenantRepository;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

@Service
public class TenantService {

    private static final Pattern SLUG = Pattern.compile("[a-z0-9][a-z0-9-]{1,40}");

    /** Published when a tenant is suspended or reactivated or its settings change; the audit log records it. */
    public record TenantChanged(TenantId tenant, String action, java.util.Map<String, String> details) {
    }

    private final TenantRepository repository;
    private final org.springframework.context.ApplicationEventPublisher events;

    TenantService(TenantRepository repository, org.springframework.context.ApplicationEventPublisher events) {
        this.repository = repository;
        this.events = events;
    }

    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional(readOnly = true)
    public List<Tenant> list() {
        return repository.findAll();
    }

    /** Creates a tenant; joins the caller's transaction so onboarding (tenant + first admin invitation) is atomic. */
    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional
    public Tenant create(NewTenant t) {
        Validation v = new Validation();
        v.check(t.slug() != null && SLUG.matcher(t.slug()).matches(), "slug", "tenant.slug",
                "Slug: 2–41 lower-case letters, digits or dashes");
        v.check(t.name() != null && !t.name().isBlank() && t.name().length() <= 200, "name", "required", "Name is required");
        v.check(I18n.isSupportedTag(t.locale()), "locale", "tenant.locale", "Locale must be zh-CN or en");
        v.throwIfInvalid();
        TenantId id = new TenantId(UUID.randomUUID());
        try {
            repository.insert(id, t.slug(), t.name().trim(), t.locale());
        } catch (DuplicateKeyException e) {
            throw new ConflictException("tenant.error.slugTaken", "Slug " + t.slug() + " is already taken");
        }
        return repository.find(id).orElseThrow();
    }

    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional
    public Tenant setStatus(TenantId id, TenantStatus status) {
        Tenant before = repository.find(id).orElseThrow(() -> new NotFoundException("tenant", id));
        repository.updateStatus(id, status);
        if (before.status() != status) {
            events.publishEvent(new TenantChanged(id, status == TenantStatus.SUSPENDED ? "TENANT_SUSPENDED" : "TENANT_REACTIVATED",
                    java.util.Map.of("slug", before.slug())));
        }
        return repository.find(id).orElseThrow();
    }

    /** The signed-in user's own tenant. */
    @PreAuthorize(Roles.IS_AUTHENTICATED)
    @Transactional(readOnly = true)
    public Tenant current() {
        TenantId id = TenantContext.current().tenantId();
        if (id == null) {
            throw new NotFoundException("tenant", "(none)");
        }
        return repository.find(id).orElseThrow(() -> new NotFoundException("tenant", id));
    }

    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional(readOnly = true)
    public Optional<Tenant> findBySlug(String slug) {
        return repository.findBySlug(slug);
    }

    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public Tenant updateSettings(TenantSettings s) {
        Validation v = new Validation();
        v.check(s.name() != null && !s.name().isBlank() && s.name().length() <= 200, "name", "required", "Name is required");
        v.check(s.vatRate() != null && s.vatRate().signum() >= 0 && s.vatRate().compareTo(new BigDecimal("0.5")) <= 0
                && s.vatRate().scale() <= 4, "vatRate", "tenant.vatRate", "VAT rate must be between 0 and 50 %");
        v.check(s.marginFloorPct() != null && s.marginFloorPct().signum() >= 0
                        && s.marginFloorPct().compareTo(new BigDecimal("0.9")) <= 0 && s.marginFloorPct().scale() <= 4,
                "marginFloorPct", "tenant.marginFloor", "Margin floor must be between 0 and 90 %");
        v.check(I18n.isSupportedTag(s.locale()), "locale", "tenant.locale", "Locale must be zh-CN or en");
        v.throwIfInvalid();
        Tenant current = current();
        if (repository.updateSettings(current.id(), s) == 0) {
            throw new org.springframework.dao.OptimisticLockingFailureException("tenant changed concurrently");
        }
        Tenant after = current();
        events.publishEvent(new TenantChanged(current.id(), "TENANT_SETTINGS_CHANGED", java.util.Map.of(
                "name", current.name() + " → " + after.name(),
                "vatRate", current.vatRate().toPlainString() + " → " + after.vatRate().toPlainString(),
                "marginFloorPct", current.marginFloorPct().toPlainString() + " → " + after.marginFloorPct().toPlainString(),
                "locale", current.locale() + " → " + after.locale(),
                "showFloorPrice", current.showFloorPrice() + " → " + after.showFloorPrice())));
        return after;
    }

    /** The reseller's legal details for quote documents (issue 16); empty fields when none were given. */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public TenantProfile profile() {
        return repository.profile(current().id()).orElse(TenantProfile.EMPTY);
    }

    /** Replaces the tenant's legal details (every field; blank clears it). 400 naming each bad field. */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public TenantProfile updateProfile(TenantProfile profile) {
        return writeProfile(current().id(), profile);
    }

    /** A tenant's legal details, for platform onboarding and demo data. */
    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional(readOnly = true)
    public TenantProfile profileOf(TenantId tenant) {
        return repository.profile(tenant).orElse(TenantProfile.EMPTY);
    }

    /** Platform onboarding and demo data: a tenant's legal details set by a platform administrator. */
    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional
    public TenantProfile setProfile(TenantId tenant, TenantProfile profile) {
        return writeProfile(tenant, profile);
    }

    private TenantProfile writeProfile(TenantId tenant, TenantProfile profile) {
        TenantProfile p = (profile == null ? TenantProfile.EMPTY : profile).normalised();
        var problems = p.problems();
        if (!problems.isEmpty()) {
            throw new com.gpuquote.shared.InvalidInputException(problems);
        }
        TenantProfile before = repository.profile(tenant).orElseThrow(
                () -> new com.gpuquote.shared.NotFoundException("tenant", tenant));
        if (before.equals(p)) {
            return p; // nothing changed: no write, no audit entry
        }
        repository.updateProfile(tenant, p);
        java.util.Map<String, String> changed = new java.util.LinkedHashMap<>();
        if (!java.util.Objects.equals(before.legalName(), p.legalName())) {
            changed.put("legalName", before.legalName() + " → " + p.legalName());
        }
        if (!java.util.Objects.equals(before.creditCode(), p.creditCode())) {
            changed.put("creditCode", before.creditCode() + " → " + p.creditCode());
        }
        changed.put("fields", "legalName, creditCode, address, phone, bankName, bankAccount");
        events.publishEvent(new TenantChanged(tenant, "TENANT_PROFILE_CHANGED", changed));
        return p;
    }
}
