package com.gpuquote.customer;

import com.gpuquote.security.Colleague;
import com.gpuquote.security.UserId;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Optional;

/**
 * Who may own a customer: the enabled consultants and tenant admins of the caller's tenant. The user feature answers
 * it ({@code user.CustomerOwners}); customer names this port instead of {@code UserService} so that the user feature
 * may depend on customer (its invitations and accounts of customer contacts carry a {@link CustomerId}) without a
 * cycle (issue 14, ADR 1403).
 */
public interface OwnerCandidates {

    /** The colleague with this id if they are an enabled consultant or tenant admin of the caller's tenant. */
    Optional<Colleague> colleague(@Nullable UserId id);

    /** One page of them, filtered by name or e-mail. */
    List<Colleague> colleagues(String search, int offset, int limit);
}
