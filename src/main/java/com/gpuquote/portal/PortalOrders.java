package com.gpuquote.portal;

import com.gpuquote.portal.internal.PortalRepository;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.security.Roles;
import com.gpuquote.tenancy.TenantId;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static com.gpuquote.portal.PortalSupport.hex;
import static com.gpuquote.portal.PortalSupport.tenant;

/**
 * What the customers accepted (issue 7, ADR 1408): the recorded acceptance of a quote, and the orders the delivery
 * and finance teams work from: the accepted option as frozen in the snapshot the customer accepted (not the live
 * quote), kept as rows at acceptance (V89), so a page of orders is two statements and parses no snapshot.
 */
@Service
public class PortalOrders {

    /** The largest page of {@link #orders}; {@link #allOrders} reads page by page. */
    static final int ORDER_PAGE = 500;

    private final PortalRepository repository;

    PortalOrders(PortalRepository repository) {
        this.repository = repository;
    }

    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public Optional<Acceptance> acceptance(QuoteId id) {
        return repository.acceptance(tenant(), id.value()).map(a -> new Acceptance(a.quoteId(), a.optionId(),
                a.optionName(), a.signerName(), a.signerEmail(), a.acceptedAt(), a.ip(), a.userAgent(),
                hex(a.snapshotSha256()), a.invoice()));
    }

    /** Accepted quotes, newest first: what the delivery team provisions (from the snapshot the customer accepted). */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public List<OrderSummary> orders(int offset, int limit) {
        TenantId tenant = tenant();
        return repository.orders(tenant, Math.max(0, offset), Math.min(Math.max(1, limit), ORDER_PAGE)).stream()
                .map(PortalRepository.OrderRow::order)
                .toList();
    }

    /** How many orders {@link #orders} pages through (the lazy orders grid's size). */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public int countOrders() {
        return repository.countAcceptances(tenant());
    }

    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public Optional<OrderSummary> order(QuoteId id) {
        return repository.order(tenant(), id.value());
    }

    /** Every accepted quote of the tenant, newest first (read page by page, none left out). */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public List<OrderSummary> allOrders() {
        TenantId tenant = tenant();
        List<OrderSummary> all = new ArrayList<>();
        PortalRepository.OrderRow last = null;
        while (true) {
            // each page continues after the last row of the one before (keyset), not at an offset
            List<PortalRepository.OrderRow> page = repository.ordersAfter(tenant, last, ORDER_PAGE);
            page.forEach(o -> all.add(o.order()));
            if (page.size() < ORDER_PAGE) {
                return all;
            }
            last = page.get(page.size() - 1);
        }
    }

    /** Every accepted quote of the tenant as CSV, newest first: instance and service lines. */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public String ordersCsv() {
        return OrderCsv.write(allOrders());
    }
}
