package com.gpuquote.pricing.agreement.api;

import com.gpuquote.pricing.agreement.AgreementDraft;
import com.gpuquote.pricing.agreement.AgreementId;
import com.gpuquote.pricing.agreement.AgreementMessages;
import com.gpuquote.pricing.agreement.AgreementRule;
import com.gpuquote.pricing.agreement.AgreementRuleJson;
import com.gpuquote.pricing.agreement.AgreementService;
import com.gpuquote.pricing.agreement.CustomerAgreement;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.NotFoundException;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

@RestController
@RequestMapping("/api/v1/customers/{customerId}/agreements")
@Tag(name = "Agreements")
class AgreementController {

    /** Our policy: a negotiated agreement with more rules than this is a mistake or a probe (issue 11). */
    static final int MAX_RULES = 200;

    record AgreementBody(String name, LocalDate validFrom, LocalDate validTo, List<AgreementRuleJson> rules,
                         Integer version) {
        AgreementDraft toDraft() {
            List<AgreementRule> converted = new ArrayList<>();
            List<FieldError> errors = new ArrayList<>();
            List<AgreementRuleJson> in = rules == null ? List.of() : rules;
            if (in.size() > MAX_RULES) { // refused before any rule is converted or checked
                throw com.gpuquote.shared.InvalidInputException.of("rules", "range",
                        "At most " + MAX_RULES + " rules per agreement");
            }
            for (int i = 0; i < in.size(); i++) {
                Optional<AgreementRule> rule = in.get(i) == null ? Optional.empty() : in.get(i).toRule();
                if (in.get(i) != null) { // keys this rule does not take: refused, never dropped (ADR 3904)
                    errors.addAll(in.get(i).shapeErrors("rules[" + i + "]"));
                }
                if (rule.isEmpty()) {
                    errors.add(new FieldError("rules[" + i + "].type", "customer.agreement.error.unknownType",
                            AgreementMessages.english("customer.agreement.error.unknownType")));
                } else {
                    converted.add(rule.get());
                }
            }
            if (!errors.isEmpty()) {
                throw new InvalidInputException(errors);
            }
            return new AgreementDraft(name, validFrom, validTo, converted, version);
        }
    }

    record AgreementJson(UUID id, UUID customerId, String name, LocalDate validFrom, LocalDate validTo,
                         List<AgreementRuleJson> rules, Instant createdAt, Instant updatedAt, int version) {
        static AgreementJson of(CustomerAgreement a) {
            return new AgreementJson(a.id().value(), a.customerId().value(), a.name(), a.validFrom(), a.validTo(),
                    a.rules().stream().map(AgreementRuleJson::of).toList(), a.createdAt(), a.updatedAt(), a.version());
        }
    }

    private final AgreementService agreements;

    AgreementController(AgreementService agreements) {
        this.agreements = agreements;
    }

    @GetMapping
    @Operation(summary = "The customer's agreements (negotiated pricing), newest first")
    List<AgreementJson> list(@PathVariable UUID customerId) {
        return agreements.list(new CustomerId(customerId)).stream().map(AgreementJson::of).toList();
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Create an agreement (TENANT_ADMIN); periods of one customer must not overlap (409)")
    AgreementJson create(@PathVariable UUID customerId, @RequestBody AgreementBody body) {
        return AgreementJson.of(agreements.create(new CustomerId(customerId), body.toDraft()));
    }

    @GetMapping("/{agreementId}")
    AgreementJson get(@PathVariable UUID customerId, @PathVariable UUID agreementId) {
        return AgreementJson.of(owned(customerId, agreementId));
    }

    @PutMapping("/{agreementId}")
    @Operation(summary = "Replace an agreement (TENANT_ADMIN; send the version you read)")
    AgreementJson update(@PathVariable UUID customerId, @PathVariable UUID agreementId,
                         @RequestBody AgreementBody body) {
        owned(customerId, agreementId);
        return AgreementJson.of(agreements.update(new AgreementId(agreementId), body.toDraft()));
    }

    private CustomerAgreement owned(UUID customerId, UUID agreementId) {
        CustomerAgreement a = agreements.get(new AgreementId(agreementId));
        if (!a.customerId().value().equals(customerId)) {
            throw new NotFoundException("agreement", agreementId);
        }
        return a;
    }
}
