package com.gpuquote.user;

import com.gpuquote.security.Role;
import com.gpuquote.security.UserId;
import com.gpuquote.tenancy.TenantId;
import com.gpuquote.user.internal.UserRepository;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Narrow read hook for features that show who did something without a signed-in staff user (the customer portal:
 * the consultant's name and e-mail, who answered a question), inside the caller's tenant-scoped transaction. Other
 * features read users through this or {@link UserService}, never through SQL on {@code app_users}.
 */
@Component
public class UserDirectory {

    private final UserRepository repository;

    UserDirectory(UserRepository repository) {
        this.repository = repository;
    }

    @Transactional(propagation = Propagation.MANDATORY, readOnly = true)
    public Optional<UserAccount> find(TenantId tenant, UserId id) {
        return repository.find(tenant, id);
    }

    /** Enabled accounts of the tenant holding the role (issue 16: who may take an approval step). */
    @Transactional(propagation = Propagation.MANDATORY, readOnly = true)
    public List<UserId> withRole(TenantId tenant, Role role) {
        return repository.enabledWithRole(tenant, role);
    }

    /** Display names of the given users of the tenant, in one query; unknown ids are absent. */
    @Transactional(propagation = Propagation.MANDATORY, readOnly = true)
    public Map<UserId, String> displayNames(TenantId tenant, Collection<UserId> ids) {
        return ids.isEmpty() ? Map.of() : repository.displayNames(tenant, ids);
    }
}
