package com.gpuquote.customer;

import com.gpuquote.shared.Roles;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.customer.internal.ProjectRepository;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.Validation;
import com.gpuquote.tenancy.TenantId;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.List;
import java.util.Map;
import java.util.UUID;

@Service
@PreAuthorize(Roles.IS_TENANT_STAFF)
public class ProjectService {

    private final ProjectRepository repository;
    private final CustomerService customers;
    private final AuditLog audit;

    ProjectService(ProjectRepository repository, CustomerService customers, AuditLog audit) {
        this.repository = repository;
        this.customers = customers;
        this.audit = audit;
    }

    public record Search(String text, CustomerId customerId, ProjectStatus status) {
        public static final Search ALL = new Search(null, null, null);
    }

    @Transactional(readOnly = true)
    public List<Project> search(Search search, int offset, int limit) {
        return repository.search(tenant(), search == null ? Search.ALL : search, offset, limit);
    }

    @Transactional(readOnly = true)
    public int count(Search search) {
        return repository.count(tenant(), search == null ? Search.ALL : search);
    }

    @Transactional(readOnly = true)
    public Project get(ProjectId id) {
        return repository.find(tenant(), id).orElseThrow(() -> new NotFoundException("project", id));
    }

    @Transactional
    public Project create(ProjectDraft draft) {
        Validation v = new Validation();
        v.check(draft.customerId() != null, "customerId", "required", "customerId is required");
        v.check(draft.name() != null && !draft.name().isBlank() && draft.name().length() <= 200, "name", "required",
                "Project name is required (at most 200 characters)");
        v.check(draft.description() == null || draft.description().length() <= 4000, "description", "range",
                "At most 4000 characters");
        v.throwIfInvalid();
        customers.get(draft.customerId()); // another tenant's customer answers 404
        ProjectId id = new ProjectId(UUID.randomUUID());
        repository.insert(tenant(), id, draft.customerId(), draft.name().trim(),
                draft.description() == null ? "" : draft.description().trim(), CurrentUser.require().userId());
        audit.record(tenant(), "PROJECT_CREATED", "project", id, Map.of("name", draft.name().trim()));
        return get(id);
    }

    @Transactional
    public Project update(ProjectId id, String name, String description, ProjectStatus status, int version) {
        Validation v = new Validation();
        v.check(name != null && !name.isBlank() && name.length() <= 200, "name", "required", "Project name is required");
        v.check(status != null, "status", "required", "status is required");
        v.check(description == null || description.length() <= 4000, "description", "range", "At most 4000 characters");
        v.throwIfInvalid();
        Project before = get(id);
        if (repository.update(tenant(), id, name.trim(), description == null ? "" : description.trim(), status, version) == 0) {
            throw new OptimisticLockingFailureException("project " + id + " changed concurrently");
        }
        if (before.status() != status) {
            audit.record(tenant(), "PROJECT_STATUS_CHANGED", "project", id,
                    Map.of("from", before.status().name(), "to", status.name()));
        }
        return get(id);
    }

    /** Marks the project won (the customer accepted a quote); no version check: the acceptance decides. */
    @Transactional
    public void markWon(ProjectId id) {
        get(id);
        repository.setStatus(tenant(), id, ProjectStatus.WON);
        audit.record(tenant(), "PROJECT_STATUS_CHANGED", "project", id, Map.of("to", ProjectStatus.WON.name()));
    }

    private static TenantId tenant() {
        return CurrentUser.require().requireTenant();
    }
}
