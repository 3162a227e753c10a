package com.gpuquote.portal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.portal.internal.PortalRepository;
import com.gpuquote.quote.LineView;
import com.gpuquote.quote.QuoteLineId;
import com.gpuquote.quote.ModeComparison;
import com.gpuquote.quote.OptionTotals;
import com.gpuquote.quote.OptionView;
import com.gpuquote.quote.QuotePortalAccess.CustomerQuote;
import com.gpuquote.quote.SizingRef;
import com.gpuquote.security.UserId;
import com.gpuquote.sizing.SizingHandover;
import com.gpuquote.sizing.SizingHandoverCodec;
import com.gpuquote.sizing.UnreadableHandoverException;
import com.gpuquote.tenancy.TenantId;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Builds what the customer and the delivery team see, field by field from consultant-safe views, so no cost,
 * margin, floor flag or agreement rule can slip through by a new field upstream.
 */
final class PortalViews {

    private static final Logger LOG = LoggerFactory.getLogger(PortalViews.class);

    private final CatalogService catalog;

    private final PortalRepository repository;
    private final PortalNames names;
    private final ObjectMapper json;

    private final com.gpuquote.quote.QuotePortalAccess quotes;

    private final java.time.Clock clock;

    PortalViews(PortalRepository repository, PortalNames names, ObjectMapper json, CatalogService catalog,
                com.gpuquote.quote.QuotePortalAccess quotes, java.time.Clock clock) {
        this.clock = clock;
        this.quotes = quotes;
        this.catalog = catalog;
        this.names = names;
        this.repository = repository;
        this.json = json;
    }

    PortalQuote portalQuote(TenantId tenant, CustomerQuote q) {
        var acceptance = repository.acceptance(tenant, q.id().value()).map(a -> new PortalQuote.Acceptance(
                a.optionId(), a.optionName(), a.signerName(), a.signerEmail(), a.acceptedAt(),
                HexFormat.of().formatHex(a.snapshotSha256()), a.invoice()));
        var rejection = repository.rejection(tenant, q.id().value())
                .map(r -> new PortalQuote.Rejection(r.reason(), r.rejectedAt()));
        List<PortalQuote.Question> questions = threads(tenant, q).stream()
                .map(t -> new PortalQuote.Question(t.id(), t.text(), t.askedAt(), t.answers())).toList();
        Map<String, InstanceType> types = types(q);
        PortalQuote.Snapshot snapshot = snapshot(tenant, q, types);
        return new PortalQuote(snapshot, q.status(), consultant(tenant, q),
                names.customerLanguage(tenant, q.customerId()), acceptance, rejection, questions,
                document(tenant, q, null, snapshot.terms(), types));
    }

    /**
     * The customer's quote document (ADR 1601), the one model the customer's PDF and the portal page render: seller
     * (without the consultant, whom the page names itself), buyer, options as consultant-safe views, what each line
     * is, and {@code terms}. {@code logo} is null for the page, which serves the logo as its own resource.
     */
    com.gpuquote.quote.pdf.QuotePdfData document(TenantId tenant, CustomerQuote q, byte @Nullable [] logo,
                                                 @Nullable String terms) {
        return document(tenant, q, logo, terms, types(q));
    }

    private com.gpuquote.quote.pdf.QuotePdfData document(TenantId tenant, CustomerQuote q, byte @Nullable [] logo,
                                                         @Nullable String terms, Map<String, InstanceType> types) {
        var locale = com.gpuquote.shared.I18n.fromTag(names.customerLanguage(tenant, q.customerId()));
        java.time.LocalDate issued = q.sentAt() == null ? com.gpuquote.shared.time.BusinessCalendar.today(clock)
                : java.time.LocalDate.ofInstant(q.sentAt(), com.gpuquote.shared.time.BusinessCalendar.ZONE);
        var profile = names.tenantProfile(tenant);
        return new com.gpuquote.quote.pdf.QuotePdfData(names.tenantName(tenant), logo, q.customerName(), locale,
                q.number(), q.version(), issued, q.validUntil(), q.currency(), q.options(), terms,
                names.buyer(tenant, q.customerId()), false, new com.gpuquote.quote.pdf.QuotePdfData.Seller(
                profile.legalName(), profile.creditCode(), profile.address(), profile.phone(), profile.bankName(),
                profile.bankAccount(), null), com.gpuquote.quote.pdf.QuotePdfService.descriptions(q.options(),
                q.lineSizing(), locale, code -> java.util.Optional.ofNullable(types.get(code))));
    }

    PortalQuote.Snapshot snapshot(TenantId tenant, CustomerQuote q) {
        return snapshot(tenant, q, types(q));
    }

    private PortalQuote.Snapshot snapshot(TenantId tenant, CustomerQuote q, Map<String, InstanceType> types) {
        Map<QuoteLineId, PortalQuote.Fit> fits = fits(q);
        List<PortalQuote.Option> options = q.options().stream().map(o -> option(o, fits, types)).toList();
        return new PortalQuote.Snapshot(names.tenantName(tenant), q.number(), q.version(), q.validUntil(),
                q.customerName(), q.projectName(), q.currency(), options,
                quotes.termsText(tenant, q.id(), com.gpuquote.shared.I18n.fromTag(names.customerLanguage(tenant, q.customerId())))
                        .orElse(null));
    }

    PortalQuote.Consultant consultant(TenantId tenant, CustomerQuote q) {
        return names.user(tenant, q.authorId())
                .map(p -> new PortalQuote.Consultant(p.name(), p.email()))
                .orElse(new PortalQuote.Consultant(q.authorName(), null));
    }

    List<QuestionThread> threads(TenantId tenant, CustomerQuote q) {
        var answers = repository.answers(tenant, q.id().value());
        var answeredBy = names.displayNames(tenant, answers.stream().map(PortalRepository.AnswerRow::userId).toList());
        List<QuestionThread> result = new ArrayList<>();
        for (var r : repository.questions(tenant, q.id().value())) {
            List<PortalQuote.Answer> mine = answers.stream().filter(a -> a.questionId().equals(r.id()))
                    .map(a -> new PortalQuote.Answer(a.text(),
                            a.userId() == null ? null : answeredBy.get(new UserId(a.userId())), a.answeredAt())).toList();
            result.add(new QuestionThread(r.id(), q.id().value(), q.number(), q.customerName(), r.text(), r.askedAt(),
                    r.answeredAt(), mine));
        }
        return result;
    }

    String json(PortalQuote.Snapshot snapshot) {
        try {
            return json.writeValueAsString(snapshot);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private PortalQuote.Option option(OptionView o, Map<QuoteLineId, PortalQuote.Fit> fits,
                                      Map<String, InstanceType> types) {
        List<PortalQuote.Line> lines = o.lines().stream().map(l -> line(l, fits.get(l.id()), types)).toList();
        List<PortalQuote.Service> services = o.services().stream()
                .map(s -> new PortalQuote.Service(s.description(), s.charge(), s.amount())).toList();
        OptionTotals t = o.totals();
        PortalQuote.Totals totals = new PortalQuote.Totals(t.monthlyNet(), t.termMonths(), t.termNet(), t.oneTime(),
                t.subtotal(), t.vatRate(), t.vat(), t.grandTotal(), t.listTermNet(), t.discountTotal(),
                t.vouchers().stream().map(v -> new PortalQuote.Voucher(v.name(), v.amount())).toList());
        List<PortalQuote.ModeRow> modes = o.billingModeComparison().stream().map(PortalViews::mode).toList();
        return new PortalQuote.Option(o.id().value(), o.name().name(), lines, services, totals, modes, o.title(), o.summary());
    }

    private static PortalQuote.ModeRow mode(ModeComparison m) {
        return new PortalQuote.ModeRow(m.mode(), m.available(), m.monthlyNet(), m.termNet(), m.grandTotal());
    }

    private PortalQuote.Line line(LineView l, PortalQuote.@Nullable Fit fit, Map<String, InstanceType> types) {
        return new PortalQuote.Line(l.instanceType(), l.region(), l.billingMode(), l.quantity(), l.termMonths(),
                l.hoursPerMonth(), l.listUnitPrice(), l.netUnitPrice(), l.monthlyAmount(), l.termAmount(),
                fit != null ? fit : hardware(types.get(l.instanceType())));
    }

    /**
     * A line added without sizing still tells the customer what it is: the instance type's GPUs, VRAM and RAM from
     * the catalog (no needs to compare against, so those stay null).
     */
    private static PortalQuote.@Nullable Fit hardware(@Nullable InstanceType t) {
        return t == null ? null : new PortalQuote.Fit(t.gpuModel().code(), t.gpuCount(), null,
                t.vramPerGpuGiB().doubleValue(), null, null, t.ramGiB().doubleValue(), null);
    }

    /**
     * The catalog instance type of every line of the quote, by code, read together in one statement (issue 14: not
     * one look-up per provider per line).
     */
    private Map<String, InstanceType> types(CustomerQuote q) {
        return catalog.publicInstanceTypes(q.options().stream().flatMap(o -> o.lines().stream())
                .map(LineView::instanceType).collect(java.util.stream.Collectors.toSet()));
    }

    /**
     * The fit figures of each sized line of the quote, by line id, from the sizing hand-over (only the fit, plan and
     * estimate: the candidate also carries prices, which stay out). A hand-over that cannot be read is left out, so
     * its line shows only its hardware like a line added by hand, and is logged once per quote at WARN with the quote
     * id, the lines and the field (issue 14, ADR 1406 decision 4): the customer's page still opens.
     */
    private Map<QuoteLineId, PortalQuote.Fit> fits(CustomerQuote q) {
        Map<QuoteLineId, PortalQuote.Fit> fits = new java.util.HashMap<>();
        Map<QuoteLineId, com.gpuquote.quote.ServingPrice> prices = new java.util.HashMap<>();
        q.options().forEach(o -> o.lines().forEach(l -> prices.put(l.id(), com.gpuquote.quote.ServingPrice.of(l))));
        List<String> unreadable = new ArrayList<>();
        for (Map.Entry<QuoteLineId, SizingRef> e : q.lineSizing().entrySet()) {
            com.gpuquote.quote.ServingPrice price = prices.get(e.getKey());
            try {
                SizingHandoverCodec.read(e.getValue() == null ? null : e.getValue().candidateJson())
                        .filter(SizingHandover::hasFit).map(h -> fit(h, price))
                        .ifPresent(fit -> fits.put(e.getKey(), fit));
            } catch (UnreadableHandoverException ex) {
                unreadable.add("line " + e.getKey().value() + ": " + ex.getMessage());
            }
        }
        if (!unreadable.isEmpty()) {
            LOG.warn("quote {}: sizing hand-over of {} line(s) unreadable, shown without fit details: {}",
                    q.id().value(), unreadable.size(), String.join("; ", unreadable));
        }
        return fits;
    }

    /** The fit, with the job cost and price per million output tokens at the line's own price (issue 39). */
    private static PortalQuote.Fit fit(SizingHandover h, com.gpuquote.quote.@Nullable ServingPrice price) {
        SizingHandover.Performance p = h.performance();
        return new PortalQuote.Fit(h.gpuModel(), h.gpuCount(), h.perGpuTotalGiB(), h.vramPerGpuGiB(), h.vramUsedPct(),
                h.ramNeedGiB(), h.ramGiB(), h.ratioStatus(), h.planDescription(),
                p == null ? null : p.trainingHours(), price == null ? null : plain(price.jobCost(h)),
                p == null ? null : p.outputTokensPerSecond(),
                price == null ? null : plain(price.perMillionOutputTokens(h)));
    }

    private static @Nullable String plain(java.math.@Nullable BigDecimal amount) {
        return amount == null ? null : amount.toPlainString();
    }
}
