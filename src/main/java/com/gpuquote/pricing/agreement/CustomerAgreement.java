package com.gpuquote.pricing.agreement;

import com.gpuquote.customer.CustomerId;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/** A stored agreement of a customer. {@link #terms()} is what the quote pricer applies. */
public record CustomerAgreement(AgreementId id, CustomerId customerId, String name, LocalDate validFrom,
                                LocalDate validTo, List<AgreementRule> rules, Instant createdAt, Instant updatedAt,
                                int version) {
    public CustomerAgreement {
        rules = List.copyOf(rules);
    }

    public Agreement terms() {
        return new Agreement(validFrom, validTo, rules);
    }

    public boolean covers(LocalDate date) {
        return terms().covers(date);
    }
}
