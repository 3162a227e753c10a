package com.gpuquote.customer;

import com.gpuquote.audit.AuditLog;
import com.gpuquote.customer.internal.ProjectRepository;
import com.gpuquote.tenancy.TenantId;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import java.util.Map;

/**
 * Marks a project WON when its customer accepts a quote on the portal (issue 7). Server code only: no
 * {@code @PreAuthorize} (the customer has no account), so it needs a running transaction in the tenant's scope
 * that a verified portal link named. Consultants use {@link ProjectService#markWon}.
 */
@Service
public class ProjectWins {

    private final ProjectRepository repository;
    private final AuditLog audit;

    ProjectWins(ProjectRepository repository, AuditLog audit) {
        this.repository = repository;
        this.audit = audit;
    }

    @Transactional(propagation = Propagation.MANDATORY)
    public void markWonByCustomer(TenantId tenant, ProjectId project, String actor) {
        repository.setStatus(tenant, project, ProjectStatus.WON);
        audit.recordAs(tenant, actor, "PROJECT_STATUS_CHANGED", "project", project,
                Map.of("to", ProjectStatus.WON.name(), "by", "customer acceptance"));
    }
}
