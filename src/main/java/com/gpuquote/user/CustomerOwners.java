package com.gpuquote.user;

import com.gpuquote.customer.OwnerCandidates;
import com.gpuquote.security.Colleague;
import com.gpuquote.security.UserId;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Optional;

/** The customer feature's owner candidates are the tenant's colleagues; {@link UserService} checks the caller. */
@Component
class CustomerOwners implements OwnerCandidates {

    private final UserService users;

    CustomerOwners(UserService users) {
        this.users = users;
    }

    @Override
    public Optional<Colleague> colleague(@Nullable UserId id) {
        return users.colleague(id);
    }

    @Override
    public List<Colleague> colleagues(String search, int offset, int limit) {
        return users.colleagues(search, offset, limit);
    }
}
