package com.gpuquote.quote.pdf;

import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.shared.Roles;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.shared.I18n;
import com.gpuquote.tenancy.TenantBrandingService;
import com.gpuquote.tenancy.TenantLogo;
import com.gpuquote.tenancy.TenantService;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.LocalDate;

/**
 * The PDF of one quote version in its customer's language. Reads only {@link QuoteDetails#options()} (consultant-safe
 * views), never the admin margins, so a PDF never carries cost or margin whoever downloads it.
 */
@Service
@PreAuthorize(Roles.IS_TENANT_STAFF)
public class QuotePdfService {

    public record Pdf(String fileName, byte[] content) {
    }

    private final QuoteQueries quotes;
    private final CustomerService customers;
    private final TenantService tenants;
    private final QuotePdfRenderer renderer;
    private final TenantBrandingService branding;

    private final java.time.Clock clock;
    private final com.gpuquote.catalog.CatalogService catalog;
    private final QuoteXlsxRenderer xlsx;
    private final com.gpuquote.quote.QuoteTermsService terms;

    QuotePdfService(QuoteQueries quotes, CustomerService customers, TenantService tenants, QuotePdfRenderer renderer,
                    TenantBrandingService branding, java.time.Clock clock, com.gpuquote.catalog.CatalogService catalog,
                    QuoteXlsxRenderer xlsx,
                    com.gpuquote.quote.QuoteTermsService terms) {
        this.terms = terms;
        this.xlsx = xlsx;
        this.clock = clock;
        this.catalog = catalog;
        this.quotes = quotes;
        this.customers = customers;
        this.tenants = tenants;
        this.renderer = renderer;
        this.branding = branding;
    }

    @Transactional(readOnly = true)
    public Pdf render(QuoteId id) {
        QuotePdfData document = document(id);
        return new Pdf(document.quoteNumber() + "-v" + document.version() + ".pdf", renderer.render(document));
    }

    /** The same document as an xlsx workbook: a sheet per option plus a comparison sheet (issue 16). */
    @Transactional(readOnly = true)
    public Pdf xlsx(QuoteId id) {
        QuotePdfData document = document(id);
        return new Pdf(document.quoteNumber() + "-v" + document.version() + ".xlsx", xlsx.render(document));
    }

    /**
     * The one document model of a quote version (issue 16), from the quote, the tenant's profile, the customer and
     * the catalog: the PDF and the xlsx export both render it (ADR 1601).
     */
    @Transactional(readOnly = true)
    public QuotePdfData document(QuoteId id) {
        QuoteDetails q = quotes.get(id); // another tenant's id answers 404
        Customer customer = customers.get(q.customerId());
        LocalDate issued = q.sentAt() != null ? q.sentAt().atZone(BusinessCalendar.ZONE).toLocalDate()
                : q.updatedAt() != null ? q.updatedAt().atZone(BusinessCalendar.ZONE).toLocalDate() : BusinessCalendar.today(clock);
        String contact = customer.contacts().isEmpty() ? null : java.util.stream.Stream.of(
                        customer.contacts().get(0).name(), customer.contacts().get(0).phone(), customer.contacts().get(0).email())
                .filter(v -> v != null && !v.isBlank()).collect(java.util.stream.Collectors.joining(" · "));
        // not yet approved or sent: the document says it is a draft on every page
        boolean draft = switch (q.status()) {
            case DRAFT, PENDING_APPROVAL, REJECTED -> true;
            default -> false;
        };
        return new QuotePdfData(tenants.current().name(),
                branding.logo().map(TenantLogo::bytes).orElse(null), customer.name(),
                I18n.fromTag(customer.language()), q.number(), q.version(), issued, q.validUntil(), q.currency(),
                q.options(), terms.documentText(q, I18n.fromTag(customer.language())).orElse(null),
                new QuotePdfData.Buyer(customer.name(), customer.creditCode(),
                customer.billingAddress(), contact), draft, seller(tenants.profile(), q.authorName()),
                descriptions(q.options(), q.lineSizing(), I18n.fromTag(customer.language()), catalog::publicInstanceType));
    }

    static QuotePdfData.Seller seller(com.gpuquote.tenancy.TenantProfile p, String consultant) {
        return new QuotePdfData.Seller(p.legalName(), p.creditCode(), p.address(), p.phone(), p.bankName(),
                p.bankAccount(), consultant);
    }

    /** Line id → what the line is (hardware, and the sizing fit, plan and estimate when it came from sizing). */
    public static java.util.Map<com.gpuquote.quote.QuoteLineId, LineDescriptions.Description> descriptions(
            java.util.List<com.gpuquote.quote.OptionView> options,
            java.util.Map<com.gpuquote.quote.QuoteLineId, com.gpuquote.quote.SizingRef> sizing, java.util.Locale locale,
            java.util.function.Function<String, java.util.Optional<com.gpuquote.catalog.InstanceType>> types) {
        java.util.Map<com.gpuquote.quote.QuoteLineId, LineDescriptions.Description> out = new java.util.HashMap<>();
        java.util.Map<String, java.util.Optional<com.gpuquote.catalog.InstanceType>> seen = new java.util.HashMap<>();
        for (var option : options) {
            for (var line : option.lines()) {
                var type = seen.computeIfAbsent(line.instanceType(), types);
                var description = LineDescriptions.description(type, sizing == null ? null : sizing.get(line.id()),
                        com.gpuquote.quote.ServingPrice.of(line), locale);
                if (!description.isEmpty()) {
                    out.put(line.id(), description);
                }
            }
        }
        return out;
    }
}
