package com.gpuquote.audit;

import com.gpuquote.shared.Roles;
import com.gpuquote.audit.internal.AuditRepository;
import com.gpuquote.shared.web.ClientIp;
import com.gpuquote.tenancy.TenantContext;
import com.gpuquote.tenancy.TenantId;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Who did what, when, from where. Written inside the caller's transaction so an undone change leaves no entry. */
@Service
public class AuditLog {

    private final AuditRepository repository;
    private final ObjectMapper json;

    AuditLog(AuditRepository repository, ObjectMapper json) {
        this.repository = repository;
        this.json = json;
    }

    /** Records an action by the current user in the given tenant. */
    @Transactional(propagation = Propagation.MANDATORY)
    public void record(TenantId tenant, String action, String entity, Object entityId, Map<String, ?> details) {
        var auth = org.springframework.security.core.context.SecurityContextHolder.getContext().getAuthentication();
        String actor = auth == null ? "system" : auth.getName();
        recordAs(tenant, actor, action, entity, entityId, details);
    }

    @Transactional(propagation = Propagation.MANDATORY)
    public void recordAs(TenantId tenant, String actor, String action, String entity, Object entityId,
                         Map<String, ?> details) {
        repository.insert(tenant, actor, action, entity, entityId == null ? null : entityId.toString(),
                ClientIp.current(), toJson(details));
    }

    private String toJson(Map<String, ?> details) {
        try {
            return json.writeValueAsString(details == null ? Map.of() : details);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("audit details not serialisable", e);
        }
    }

    /**
     * Records an action of a platform administrator (or of the platform's own start-up jobs) in the platform's audit
     * trail, which has no tenant and which tenants never see (ADR 0006). Must run in a platform transaction.
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public void recordPlatform(String action, String entity, Object entityId, Map<String, ?> details) {
        var auth = org.springframework.security.core.context.SecurityContextHolder.getContext().getAuthentication();
        recordPlatformAs(auth == null ? "system" : auth.getName(), action, entity, entityId, details);
    }

    @Transactional(propagation = Propagation.MANDATORY)
    public void recordPlatformAs(String actor, String action, String entity, Object entityId, Map<String, ?> details) {
        repository.insertPlatform(actor, action, entity, entityId == null ? null : entityId.toString(),
                ClientIp.current(), toJson(details));
    }

    /** Tenant lifecycle and settings changes, recorded in the changing transaction; lifecycle also for the platform. */
    @org.springframework.context.event.EventListener
    @Transactional(propagation = Propagation.MANDATORY)
    public void onTenantChanged(com.gpuquote.tenancy.TenantService.TenantChanged event) {
        record(event.tenant(), event.action(), "tenant", event.tenant(), event.details());
        if (TenantContext.current().platform()) {
            recordPlatform(event.action(), "tenant", event.tenant(), event.details());
        }
    }

    /** A tenant's data exported or the tenant deleted: the platform log only (the tenant's own log may be gone). */
    @org.springframework.context.event.EventListener
    @Transactional(propagation = Propagation.MANDATORY)
    public void onTenantData(com.gpuquote.tenancy.TenantDataService.TenantDataEvent event) {
        recordPlatform(event.action(), "tenant", event.tenant(), event.details());
    }

    /** The platform's audit trail, newest first: platform administrators only. */
    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional(readOnly = true)
    public List<AuditEvent> findPlatform(Filter filter, int offset, int limit) {
        return repository.findPlatform(filter, offset, limit);
    }

    /** How many entries of the platform's audit trail match the filter: platform administrators only. */
    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional(readOnly = true)
    public int countPlatform(Filter filter) {
        return repository.countPlatform(filter);
    }

    /**
     * {@link #countPlatform(Filter)} reading at most {@code cap + 1} entries: exact up to {@code cap}, {@code cap + 1}
     * when there are more.
     */
    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional(readOnly = true)
    public int countPlatformUpTo(Filter filter, int cap) {
        return repository.countPlatformUpTo(filter, cap);
    }

    public record Filter(String actor, String action, Instant from, Instant to) {
        public static final Filter NONE = new Filter(null, null, null, null);
    }

    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional(readOnly = true)
    public List<AuditEvent> find(Filter filter, int offset, int limit) {
        return repository.find(currentTenant(), filter, offset, limit);
    }

    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional(readOnly = true)
    public int count(Filter filter) {
        return repository.count(currentTenant(), filter);
    }

    /**
     * {@link #count(Filter)} reading at most {@code cap + 1} entries: exact up to {@code cap}, {@code cap + 1} when
     * there are more. The exact unfiltered count over a large trail is a sequential scan (ADR 1853; ~400 ms at
     * 1,000,000 entries, docs/benchmarks.md), the capped one stops early.
     */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional(readOnly = true)
    public int countUpTo(Filter filter, int cap) {
        return repository.countUpTo(currentTenant(), filter, cap);
    }

    private static TenantId currentTenant() {
        TenantId id = TenantContext.current().tenantId();
        if (id == null) {
            throw new org.springframework.security.access.AccessDeniedException("not a tenant user");
        }
        return id;
    }
}
