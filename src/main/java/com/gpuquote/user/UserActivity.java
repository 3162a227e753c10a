package com.gpuquote.user;

import com.gpuquote.shared.Roles;
import com.gpuquote.user.internal.UserActivityRepository;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.List;

/** Read API for platform administrators: users per tenant (counts and latest sign-in, no names or emails). */
@Service
public class UserActivity {

    private final UserActivityRepository repository;

    UserActivity(UserActivityRepository repository) {
        this.repository = repository;
    }

    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional(readOnly = true)
    public List<TenantUserActivity> perTenant() {
        return repository.perTenant();
    }
}
