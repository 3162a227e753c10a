package com.gpuquote.quote.api;

import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteTemplate;
import com.gpuquote.quote.QuoteTemplateService;
import com.gpuquote.quote.QuoteTemplateId;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InvalidInputException;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** Option templates (issue 16): {@code GET/POST /api/v1/quote-templates}, delete, and apply to a DRAFT quote. */
@RestController
@Tag(name = "Quote templates")
class QuoteTemplateController {

    /**
     * Either {@code option} (lines, serviceLines, title, summary as in a quote body) or {@code quoteId} +
     * {@code optionName} to save an option of an existing quote.
     */
    record TemplateBody(String name, QuoteController.OptionBody option, UUID quoteId, String optionName) {
    }

    record ApplyBody(UUID quoteId, Integer version) {
    }

    record TemplateJson(UUID id, String name, String title, String summary, List<QuoteController.LineBody> lines,
                        List<QuoteController.ServiceBody> serviceLines, String createdBy, Instant createdAt,
                        List<QuoteInput.VoucherInput> vouchers) {
        // never the rebate: consultants read templates too (ADR 1602)
        static TemplateJson of(QuoteTemplate t) {
            QuoteInput.Option o = t.option();
            return new TemplateJson(t.id().value(), t.name(), o.title(), o.summary(),
                    o.lines().stream().map(l -> new QuoteController.LineBody(null, l.instanceType(), l.region(),
                            l.billingMode(), l.quantity(), l.termMonths(), l.hoursPerMonth(),
                            l.manualDiscountPercent(), null, null)).toList(),
                    o.serviceLines().stream().map(s -> new QuoteController.ServiceBody(null, s.description(),
                            s.monthlyAmount(), s.oneTimeAmount())).toList(),
                    t.createdByName(), t.createdAt(), o.vouchers() == null ? List.of() : o.vouchers());
        }
    }

    private final QuoteTemplateService templates;

    QuoteTemplateController(QuoteTemplateService templates) {
        this.templates = templates;
    }

    @GetMapping("/api/v1/quote-templates")
    @Operation(summary = "The tenant's option templates, by name")
    List<TemplateJson> list() {
        return templates.list().stream().map(TemplateJson::of).toList();
    }

    @GetMapping("/api/v1/quote-templates/{id}")
    TemplateJson get(@PathVariable UUID id) {
        return TemplateJson.of(templates.get(new QuoteTemplateId(id)));
    }

    @PostMapping("/api/v1/quote-templates")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Save an option as a template: give option, or quoteId and optionName")
    TemplateJson create(@RequestBody TemplateBody body) {
        if (body == null) {
            throw InvalidInputException.of("name", "required", "A template needs a name");
        }
        if (body.quoteId() != null) {
            if (body.option() != null) {
                throw new InvalidInputException(List.of(new FieldError("option", "exclusive",
                        "Give either option or quoteId with optionName, not both")));
            }
            if (body.optionName() == null || body.optionName().isBlank()) {
                throw InvalidInputException.of("optionName", "required", "optionName is required with quoteId");
            }
            return TemplateJson.of(templates.createFromQuote(body.name(), new QuoteId(body.quoteId()),
                    body.optionName().strip()));
        }
        return TemplateJson.of(templates.create(body.name(), body.option() == null ? null : body.option().toInput()));
    }

    @DeleteMapping("/api/v1/quote-templates/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void delete(@PathVariable UUID id) {
        templates.delete(new QuoteTemplateId(id));
    }

    @PostMapping("/api/v1/quote-templates/{id}/apply")
    @Operation(summary = "Add the template as the next option of a DRAFT quote (version: the quote's rowVersion)")
    QuoteJson apply(@PathVariable UUID id, @RequestBody ApplyBody body) {
        if (body == null || body.quoteId() == null) {
            throw InvalidInputException.of("quoteId", "required", "quoteId is required");
        }
        if (body.version() == null) {
            throw InvalidInputException.of("version", "required", "version (the quote's rowVersion) is required");
        }
        return QuoteJson.of(templates.apply(new QuoteTemplateId(id), new QuoteId(body.quoteId()), body.version()));
    }
}
