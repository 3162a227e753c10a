package com.gpuquote.pricing;

import com.gpuquote.shared.Roles;
import com.gpuquote.pricing.internal.PriceListChangeRepository;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.shared.time.BusinessCalendar;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.LocalDate;
import java.util.List;

/** Read API: the tenant's price-list publications and how many rows each changed (tenant admins' dashboard). */
@Service
public class PriceListChanges {

    private final PriceListChangeRepository repository;

    PriceListChanges(PriceListChangeRepository repository) {
        this.repository = repository;
    }

    /** Lists published on business days {@code from}..{@code to} (inclusive, China time), newest first. */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional(readOnly = true)
    public List<PriceListChange> published(LocalDate from, LocalDate to) {
        return repository.published(CurrentUser.require().requireTenant(), BusinessCalendar.startOfDay(from),
                BusinessCalendar.startOfDay(to.plusDays(1)));
    }
}
