package com.gpuquote.portal;

import com.gpuquote.portal.internal.PortalRepository;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.shared.Roles;
import com.gpuquote.tenancy.TenantId;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
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

    /** The largest page of {@link #orders}, and the page {@link #writeOrdersCsv} reads and writes at a time. */
    static final int ORDER_PAGE = 500;

    private final PortalRepository repository;
    private final TransactionTemplate readPage;

    PortalOrders(PortalRepository repository, PlatformTransactionManager transactions) {
        this.repository = repository;
        this.readPage = new TransactionTemplate(transactions);
        this.readPage.setReadOnly(true);
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

    /** Every accepted quote of the tenant as CSV, newest first: instance and service lines. */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    public String ordersCsv() {
        StringWriter csv = new StringWriter();
        try {
            writeOrdersCsv(csv);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return csv.toString();
    }

    /**
     * {@link #ordersCsv} written to {@code out} a page ({@link #ORDER_PAGE}) at a time, the orders view's download:
     * each page is read in its own short read-only transaction and written after it, so a large export is never whole
     * in memory and a slow download holds no database connection while the client reads. Pages continue after the
     * last row written (keyset), so an order accepted meanwhile (it sorts first) is neither repeated nor makes another
     * one skipped.
     */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    public void writeOrdersCsv(Writer out) throws IOException {
        // pages of a grid's size: 2,000 per page turned the statements into sequential scans of the orders (at
        // 10,000 orders a page is a fifth of them) and made no export faster (docs/benchmarks.md)
        writeOrdersCsv(out, ORDER_PAGE);
    }

    void writeOrdersCsv(Writer out, int pageSize) throws IOException {
        TenantId tenant = tenant();
        out.write(OrderCsv.HEADER_ROW);
        PortalRepository.OrderRow last = null;
        List<PortalRepository.OrderRow> page;
        do {
            PortalRepository.OrderRow after = last;
            page = readPage.execute(s -> repository.ordersAfter(tenant, after, pageSize));
            out.write(OrderCsv.rows(page.stream().map(PortalRepository.OrderRow::order).toList()));
            last = page.isEmpty() ? null : page.get(page.size() - 1);
        } while (page.size() == pageSize);
    }
}
