package com.gpuquote.quote;

import org.jspecify.annotations.Nullable;
import com.gpuquote.quote.domain.QuoteNotEditableException;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.quote.internal.QuoteTermsRepository;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.shared.Roles;
import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InputRules;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.tenancy.TenantId;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Terms templates (issue 16): tenant admins keep them, consultants choose one per DRAFT quote, and the quote document
 * prints the chosen one (else the tenant's default) in the customer's language.
 */
@Service
@PreAuthorize(Roles.IS_TENANT_STAFF)
public class QuoteTermsService {

    private final QuoteTermsRepository repository;
    private final QuoteQueries quotes;
    private final AuditLog audit;
    private final com.gpuquote.shared.LiveUpdates live;

    QuoteTermsService(QuoteTermsRepository repository, QuoteQueries quotes, AuditLog audit,
                      com.gpuquote.shared.LiveUpdates live) {
        this.repository = repository;
        this.quotes = quotes;
        this.audit = audit;
        this.live = live;
    }

    @Transactional(readOnly = true)
    public List<QuoteTerms> list() {
        return repository.list(tenant());
    }

    @Transactional(readOnly = true)
    public QuoteTerms get(QuoteTermsId id) {
        return repository.find(tenant(), id.value()).orElseThrow(() -> new NotFoundException("quote terms", id));
    }

    /** Creates ({@code id} null) or replaces a template; every bad field named at once. */
    @Transactional
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    public QuoteTerms save(@Nullable QuoteTermsId id, QuoteTerms terms) {
        if (id != null) {
            get(id); // another tenant's id answers 404
        }
        List<FieldError> errors = new ArrayList<>();
        String name = terms == null || terms.name() == null ? null : terms.name().strip();
        if (name == null || name.isEmpty()) {
            errors.add(new FieldError("name", "required", "Terms need a name"));
        } else if (name.length() > QuoteTerms.MAX_NAME || !InputRules.isSingleLine(name)) {
            errors.add(new FieldError("name", "range", "A name is one line of at most " + QuoteTerms.MAX_NAME
                    + " characters"));
        }
        if (terms != null) {
            check("zh", terms.zh(), errors);
            check("en", terms.en(), errors);
            if (terms.zh().isEmpty() && terms.en().isEmpty()) {
                errors.add(new FieldError("zh.payment", "required", "Fill in at least one section"));
            }
        }
        if (errors.isEmpty() && repository.nameTaken(tenant(), name, id == null ? null : id.value())) {
            errors.add(new FieldError("name", "duplicate", "Terms with this name exist already"));
        }
        if (!errors.isEmpty()) {
            throw new InvalidInputException(errors);
        }
        QuoteTermsId key = id == null ? QuoteTermsId.random() : id;
        repository.upsert(tenant(), key.value(), new QuoteTerms(key, name, terms.zh(), terms.en(), terms.isDefault()));
        audit.record(tenant(), id == null ? "QUOTE_TERMS_CREATED" : "QUOTE_TERMS_UPDATED", "quote_terms", key.value(),
                Map.of("name", name));
        return get(key);
    }

    /** Deletes a template no quote uses (409 otherwise: documents already issued keep their words). */
    @Transactional
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    public void delete(QuoteTermsId id) {
        QuoteTerms t = get(id);
        int used = repository.usedBy(tenant(), id.value());
        if (used > 0) {
            throw new ConflictException("quote.terms.inUse", "The terms are used by " + used + " quote(s)");
        }
        repository.delete(tenant(), id.value());
        audit.record(tenant(), "QUOTE_TERMS_DELETED", "quote_terms", id.value(), Map.of("name", t.name()));
    }

    /** The template chosen on the quote, if any (the document falls back to the tenant's default). */
    @Transactional(readOnly = true)
    public Optional<QuoteTermsId> chosen(QuoteId quote) {
        quotes.get(quote); // 404 across tenants
        return repository.chosen(tenant(), quote.value()).map(QuoteTermsId::new);
    }

    /** Chooses ({@code termsId} null: back to the default) the terms of a DRAFT; {@code rowVersion} as read. */
    @Transactional
    public QuoteDetails choose(QuoteId quote, int rowVersion, @Nullable QuoteTermsId termsId) {
        QuoteDetails q = quotes.get(quote);
        if (!q.editable()) {
            throw new QuoteNotEditableException(q.status());
        }
        if (termsId != null && repository.find(tenant(), termsId.value()).isEmpty()) {
            throw new InvalidInputException(List.of(new FieldError("termsId", "unknown", "No such terms")));
        }
        if (repository.choose(tenant(), quote.value(), rowVersion, termsId == null ? null : termsId.value()) != 1) {
            throw new OptimisticLockingFailureException("quote " + quote + " changed concurrently");
        }
        live.publishAfterCommit(com.gpuquote.shared.LiveUpdates.quote(quote.value()));
        audit.record(tenant(), "QUOTE_UPDATED", "quote", quote.value(), Map.of("number", q.number(),
                "terms", termsId == null ? "default" : termsId.toString()));
        return quotes.get(quote);
    }

    /** The terms text of a quote's document in {@code locale}; empty when neither chosen nor default exists. */
    @Transactional(readOnly = true)
    public Optional<String> documentText(QuoteId quote, Locale locale) {
        quotes.get(quote); // 404 across tenants
        return text(quote, locale);
    }

    /**
     * {@link #documentText(QuoteId, Locale)} of a quote the caller has just read through {@link QuoteQueries#get}
     * (which answered 404 across tenants), without reading and pricing it a second time (ADR 1854).
     */
    @Transactional(readOnly = true)
    public Optional<String> documentText(QuoteDetails quote, Locale locale) {
        return text(quote.id(), locale);
    }

    private Optional<String> text(QuoteId quote, Locale locale) {
        return repository.forQuote(tenant(), quote.value()).map(t -> t.render(locale)).filter(s -> !s.isBlank());
    }

    private static void check(String language, QuoteTerms.Sections s, List<FieldError> errors) {
        List<String> values = s.values();
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i) != null && values.get(i).length() > QuoteTerms.MAX_SECTION) {
                errors.add(new FieldError(language + "." + QuoteTerms.SECTIONS.get(i), "range",
                        "At most " + QuoteTerms.MAX_SECTION + " characters"));
            }
        }
    }

    private static TenantId tenant() {
        return CurrentUser.require().requireTenant();
    }
}
