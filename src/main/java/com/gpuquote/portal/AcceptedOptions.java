package com.gpuquote.portal;

import com.gpuquote.security.Roles;
import com.gpuquote.portal.internal.AcceptedOptionRepository;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.security.CurrentUser;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/** Read API: the option name ("A".."D") the customer accepted, for the given quotes of the caller's tenant. */
@Service
public class AcceptedOptions {

    private final AcceptedOptionRepository repository;

    AcceptedOptions(AcceptedOptionRepository repository) {
        this.repository = repository;
    }

    /** Accepted option per quote; quotes without an acceptance are absent. */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public Map<QuoteId, String> of(Collection<QuoteId> quotes) {
        Map<QuoteId, String> result = new HashMap<>();
        repository.optionNames(CurrentUser.require().requireTenant(), quotes.stream().map(QuoteId::value).toList())
                .forEach((UUID id, String name) -> result.put(new QuoteId(id), name));
        return result;
    }
}
