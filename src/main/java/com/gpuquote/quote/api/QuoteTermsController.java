package com.gpuquote.quote.api;

import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuoteTerms;
import com.gpuquote.quote.QuoteTermsService;
import com.gpuquote.quote.QuoteTermsId;
import com.gpuquote.shared.InvalidInputException;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import java.util.UUID;

/**
 * Terms templates (issue 16): {@code /api/v1/quote-terms} (tenant admins write, staff read) and the choice of one on
 * a DRAFT quote, {@code PUT /api/v1/quotes/{id}/terms}.
 */
@RestController
@Tag(name = "Quote terms")
class QuoteTermsController {

    record SectionsJson(String payment, String delivery, String sla, String validity) {
        QuoteTerms.Sections toSections() {
            return new QuoteTerms.Sections(payment, delivery, sla, validity);
        }

        static SectionsJson of(QuoteTerms.Sections s) {
            return new SectionsJson(s.payment(), s.delivery(), s.sla(), s.validity());
        }
    }

    /** {@code zh} and {@code en}: the sections in each language; {@code isDefault}: for quotes without a choice. */
    record TermsJson(UUID id, String name, SectionsJson zh, SectionsJson en, Boolean isDefault) {
        static TermsJson of(QuoteTerms t) {
            return new TermsJson(t.id() == null ? null : t.id().value(), t.name(), SectionsJson.of(t.zh()), SectionsJson.of(t.en()), t.isDefault());
        }

        QuoteTerms toTerms() {
            return new QuoteTerms(null, name, zh == null ? null : zh.toSections(), en == null ? null : en.toSections(),
                    Boolean.TRUE.equals(isDefault));
        }
    }

    /** {@code termsId} null: back to the tenant's default; {@code version}: the quote's rowVersion read. */
    record ChooseBody(UUID termsId, Integer version) {
    }

    private final QuoteTermsService terms;

    QuoteTermsController(QuoteTermsService terms) {
        this.terms = terms;
    }

    @GetMapping("/api/v1/quote-terms")
    List<TermsJson> list() {
        return terms.list().stream().map(TermsJson::of).toList();
    }

    @GetMapping("/api/v1/quote-terms/{id}")
    TermsJson get(@PathVariable UUID id) {
        return TermsJson.of(terms.get(new QuoteTermsId(id)));
    }

    @PostMapping("/api/v1/quote-terms")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Create a terms template (tenant admin)")
    TermsJson create(@RequestBody TermsJson body) {
        return TermsJson.of(terms.save(null, body == null ? null : body.toTerms()));
    }

    @PutMapping("/api/v1/quote-terms/{id}")
    TermsJson update(@PathVariable UUID id, @RequestBody TermsJson body) {
        return TermsJson.of(terms.save(new QuoteTermsId(id), body == null ? null : body.toTerms()));
    }

    @DeleteMapping("/api/v1/quote-terms/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void delete(@PathVariable UUID id) {
        terms.delete(new QuoteTermsId(id));
    }

    @PutMapping("/api/v1/quotes/{id}/terms")
    @Operation(summary = "Choose the terms of a DRAFT quote (termsId null: the tenant's default)")
    QuoteJson choose(@PathVariable UUID id, @RequestBody ChooseBody body) {
        if (body == null || body.version() == null) {
            throw InvalidInputException.of("version", "required", "version (the quote's rowVersion) is required");
        }
        return QuoteJson.of(terms.choose(new QuoteId(id), body.version(),
                body.termsId() == null ? null : new QuoteTermsId(body.termsId())));
    }
}
