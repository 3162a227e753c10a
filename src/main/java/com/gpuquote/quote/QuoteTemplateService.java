package com.gpuquote.quote;

import com.gpuquote.quote.domain.ChannelTerms;
import com.gpuquote.quote.domain.QuoteError;
import com.gpuquote.quote.domain.QuoteLine;
import com.gpuquote.quote.domain.QuoteOption;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.commercial.BillingTerms;
import com.gpuquote.quote.internal.QuoteTemplateRepository;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.Role;
import com.gpuquote.shared.Roles;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InputRules;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.tenancy.TenantId;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Option templates (issue 16). Saving checks the option as a quote would (every line field, the catalog's instance
 * types and regions) with every error at once, paths under {@code option}; applying adds the template as the next
 * option of a DRAFT through {@link QuoteDrafting#update}, so it is priced, validated and audited like any edit and
 * goes through approval like any other option. The author or a tenant admin deletes a template.
 */
@Service
@PreAuthorize(Roles.IS_TENANT_STAFF)
public class QuoteTemplateService {

    public static final int MAX_NAME = 100;

    private final QuoteTemplateRepository repository;
    private final QuoteQueries queries;
    private final QuoteDrafting drafting;
    private final CatalogService catalog;
    private final AuditLog audit;

    QuoteTemplateService(QuoteTemplateRepository repository, QuoteQueries queries, QuoteDrafting drafting, CatalogService catalog,
                         AuditLog audit) {
        this.repository = repository;
        this.queries = queries;
        this.drafting = drafting;
        this.catalog = catalog;
        this.audit = audit;
    }

    @Transactional(readOnly = true)
    public List<QuoteTemplate> list() {
        return repository.list(tenant());
    }

    @Transactional(readOnly = true)
    public QuoteTemplate get(QuoteTemplateId id) {
        return repository.find(tenant(), id.value()).orElseThrow(() -> new NotFoundException("quote template", id));
    }

    /** Saves {@code option} under {@code name} (unique in the tenant). */
    @Transactional
    public QuoteTemplate create(String name, QuoteInput.Option option) {
        String trimmed = name == null ? null : name.strip();
        List<FieldError> errors = new ArrayList<>();
        if (trimmed == null || trimmed.isEmpty()) {
            errors.add(new FieldError("name", "required", "A template needs a name"));
        } else if (trimmed.length() > MAX_NAME || !InputRules.isSingleLine(trimmed)) {
            errors.add(new FieldError("name", "range", "A template name is one line of at most " + MAX_NAME
                    + " characters"));
        }
        QuoteInput.Option clean = option == null ? null : checked(option, errors);
        if (option == null) {
            errors.add(new FieldError("option", "required", "The option to save is required"));
        }
        if (!errors.isEmpty()) {
            throw new InvalidInputException(errors);
        }
        if (repository.nameTaken(tenant(), trimmed)) {
            throw new InvalidInputException(List.of(new FieldError("name", "duplicate",
                    "A template with this name exists already")));
        }
        QuoteTemplateId id = QuoteTemplateId.random();
        GpuQuoteUser me = CurrentUser.require();
        repository.insert(tenant(), id.value(), trimmed, clean, me.userId().value());
        audit.record(tenant(), "QUOTE_TEMPLATE_CREATED", "quote_template", id.value(), Map.of("name", trimmed));
        return get(id);
    }

    /** Saves option {@code optionName} of a quote the caller can read as a template. */
    @Transactional
    public QuoteTemplate createFromQuote(String name, QuoteId quoteId, String optionName) {
        QuoteDetails q = queries.get(quoteId); // another tenant's quote answers 404
        int index = q.options().stream().map(o -> o.name().name()).toList().indexOf(optionName);
        if (index < 0) {
            throw new InvalidInputException(List.of(new FieldError("optionName", "unknown",
                    "The quote has no option " + optionName)));
        }
        // the quote's stored input form of the option, vouchers and rebate included; create() keeps it without line
        // ids or sizing references, and the rebate only for a tenant admin
        QuoteInput.Option option = queries.storedInput(quoteId).get(index);
        boolean admin = CurrentUser.require().hasRole(Role.TENANT_ADMIN);
        return create(name, admin ? option : option.withChannel(option.vouchers(), null).withProviderRebates(null));
    }

    @Transactional
    public void delete(QuoteTemplateId id) {
        QuoteTemplate t = get(id);
        GpuQuoteUser me = CurrentUser.require();
        if (!t.createdBy().equals(me.userId()) && !me.hasRole(Role.TENANT_ADMIN)) {
            throw new org.springframework.security.access.AccessDeniedException(
                    "Only the template's author or a tenant admin deletes it");
        }
        repository.delete(tenant(), id.value());
        audit.record(tenant(), "QUOTE_TEMPLATE_DELETED", "quote_template", id.value(), Map.of("name", t.name()));
    }

    /**
     * Adds the template as the next option (A–D) of DRAFT {@code quoteId}; {@code rowVersion} is the quote's row
     * version read (a stale one answers 409, as every quote edit does).
     */
    @Transactional
    public QuoteDetails apply(QuoteTemplateId templateId, QuoteId quoteId, int rowVersion) {
        QuoteTemplate t = get(templateId);
        QuoteDetails q = queries.get(quoteId);
        if (q.options().size() >= OptionName.MAX_OPTIONS) {
            throw new InvalidInputException(List.of(new FieldError("quoteId", "range",
                    "The quote has " + OptionName.MAX_OPTIONS + " options already")));
        }
        List<QuoteInput.Option> options = new ArrayList<>(QuoteQueries.toInput(q));
        QuoteInput.Option o = t.option();
        // vouchers always; the rebate (only admins' templates hold one) only when an admin applies it: a consultant
        // may not give an option a rebate, not even through a template (ADR 1602)
        boolean admin = CurrentUser.require().hasRole(Role.TENANT_ADMIN);
        options.add(new QuoteInput.Option(OptionName.at(options.size()).name(), o.lines(), o.serviceLines(),
                o.title(), o.summary(), o.vouchers(), admin ? o.rebatePercent() : null,
                admin ? o.providerRebates() : null));
        return drafting.update(quoteId, new QuoteUpdate(rowVersion, null, options));
    }

    /** The option without ids or sizing references, or errors (paths like {@code option.lines[0].quantity}). */
    private QuoteInput.Option checked(QuoteInput.Option in, List<FieldError> errors) {
        List<QuoteInput.Line> lines = new ArrayList<>();
        List<QuoteLine> domain = new ArrayList<>();
        if (in.lines().size() > QuoteDrafting.MAX_LINES_PER_OPTION) {
            errors.add(new FieldError("option.lines", "range", "At most " + QuoteDrafting.MAX_LINES_PER_OPTION
                    + " lines"));
            return in;
        }
        for (int i = 0; i < in.lines().size(); i++) {
            QuoteInput.Line l = in.lines().get(i);
            String path = "option.lines[" + i + "]";
            if (l == null) {
                errors.add(new FieldError(path, "required", "Required"));
                continue;
            }
            if (l.quantity() == null) {
                errors.add(new FieldError(path + ".quantity", "required", "Required"));
            }
            if (l.termMonths() == null) {
                errors.add(new FieldError(path + ".termMonths", "required", "Required"));
            }
            String type = l.instanceType() == null ? null : l.instanceType().strip();
            String region = l.region() == null ? null : l.region().strip();
            QuoteLine line = new QuoteLine(QuoteLineId.random(), type, region, l.billingMode(),
                    l.quantity() == null ? 1 : l.quantity(), l.termMonths() == null ? 1 : l.termMonths(),
                    l.hoursPerMonth() == null ? BillingTerms.DEFAULT_HOURS_PER_MONTH : l.hoursPerMonth(),
                    l.manualDiscountPercent() == null ? BigDecimal.ZERO : l.manualDiscountPercent());
            domain.add(line);
            if (type != null && !type.isEmpty()) {
                Optional<InstanceType> known = catalog.publicInstanceType(type);
                if (known.isEmpty()) {
                    errors.add(new FieldError(path + ".instanceType", "unknown", "No such instance type in the catalog"));
                } else if (region != null && !region.isEmpty() && !known.get().regions().contains(region)) {
                    errors.add(new FieldError(path + ".region", "unknown", "The instance type is not offered there"));
                }
            }
            lines.add(new QuoteInput.Line(null, type, region, l.billingMode(), l.quantity(), l.termMonths(),
                    l.hoursPerMonth(), l.manualDiscountPercent(), null));
        }
        List<QuoteInput.Service> services = new ArrayList<>();
        List<ServiceLine> domainServices = new ArrayList<>();
        for (int i = 0; i < in.serviceLines().size(); i++) {
            QuoteInput.Service s = in.serviceLines().get(i);
            String path = "option.serviceLines[" + i + "]";
            if (s == null) {
                errors.add(new FieldError(path, "required", "Required"));
                continue;
            }
            boolean monthly = s.monthlyAmount() != null;
            if (monthly == (s.oneTimeAmount() != null)) {
                errors.add(new FieldError(path + ".monthlyAmount", "oneAmount",
                        "Exactly one of monthlyAmount and oneTimeAmount"));
                continue;
            }
            domainServices.add(new ServiceLine(QuoteLineId.random(), s.description() == null ? null : s.description().strip(),
                    monthly ? ServiceCharge.MONTHLY : ServiceCharge.ONE_TIME, monthly ? s.monthlyAmount() : s.oneTimeAmount()));
            services.add(new QuoteInput.Service(null, s.description() == null ? null : s.description().strip(),
                    s.monthlyAmount(), s.oneTimeAmount()));
        }
        QuoteOption option = new QuoteOption(QuoteOptionId.random(), OptionName.A, domain, domainServices, in.title(),
                in.summary());
        for (QuoteError e : option.validate("option")) {
            if (errors.stream().noneMatch(f -> f.field().equals(e.field()))) {
                errors.add(QuoteMessages.toFieldError(e));
            }
        }
        List<QuoteInput.VoucherInput> vouchers = new ArrayList<>();
        List<QuoteInput.VoucherInput> given = in.vouchers() == null ? List.of() : in.vouchers();
        if (given.size() > QuoteDrafting.MAX_VOUCHERS_PER_OPTION) {
            errors.add(new FieldError("option.vouchers", "range", "At most " + QuoteDrafting.MAX_VOUCHERS_PER_OPTION
                    + " vouchers per option"));
        }
        for (int k = 0; k < given.size() && k < QuoteDrafting.MAX_VOUCHERS_PER_OPTION; k++) {
            QuoteInput.VoucherInput v = given.get(k);
            String vp = "option.vouchers[" + k + "]";
            String vName = v == null || v.name() == null ? null : v.name().strip();
            if (vName == null || vName.isEmpty() || vName.length() > Voucher.MAX_NAME || !InputRules.isSingleLine(vName)) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(vp + ".name", "quote.error.voucherName")));
            }
            if (v == null || v.amount() == null || v.amount().signum() <= 0
                    || v.amount().stripTrailingZeros().scale() > 2) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(vp + ".amount", "quote.error.voucherAmount")));
            }
            if (v != null) {
                vouchers.add(new QuoteInput.VoucherInput(vName, v.amount()));
            }
        }
        // the rebate is admin-only information: a consultant's template never holds one (ADR 1602)
        BigDecimal rebate = in.rebatePercent();
        if (rebate != null && rebate.signum() != 0 && !CurrentUser.require().hasRole(Role.TENANT_ADMIN)) {
            errors.add(QuoteMessages.toFieldError(new QuoteError("option.rebatePercent", "quote.error.rebateAdminOnly")));
            rebate = null;
        }
        if (rebate != null && !ChannelTerms.isValidRebate(rebate)) {
            errors.add(QuoteMessages.toFieldError(new QuoteError("option.rebatePercent", "quote.error.rebatePercent")));
        }
        rebate = rebate == null || rebate.signum() <= 0 ? null : rebate;
        // issue 39 (ADR 3903): an admin's template keeps each provider's rebate; the codes and percents are checked
        // again when it is applied, a consultant's template holds none
        java.util.Map<String, BigDecimal> providerRebates = in.providerRebates();
        if (providerRebates != null && !CurrentUser.require().hasRole(Role.TENANT_ADMIN)) {
            if (providerRebates.values().stream().anyMatch(r -> r != null && r.signum() != 0)) {
                errors.add(QuoteMessages.toFieldError(new QuoteError("option.providerRebates",
                        "quote.error.rebateAdminOnly")));
            }
            providerRebates = null;
        }
        return new QuoteInput.Option(null, lines, services, option.title(), option.summary(),
                vouchers.isEmpty() ? null : vouchers, rebate,
                providerRebates == null || providerRebates.isEmpty() ? null : providerRebates);
    }

    private static TenantId tenant() {
        return CurrentUser.require().requireTenant();
    }
}
