package com.gpuquote.pricing.agreement;

import java.time.LocalDate;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a tenant admin enters for an agreement: a name, validity (both ends inclusive, {@code validTo} null =
 * open-ended) and the rules. {@code version} is required for updates (optimistic lock) and ignored on create.
 */
public record AgreementDraft(String name, LocalDate validFrom, @Nullable LocalDate validTo,
                             List<AgreementRule> rules, @Nullable Integer version) {
    public AgreementDraft {
        rules = rules == null ? List.of() : List.copyOf(rules);
    }

    /** The pure domain agreement (for validation and pricing). */
    public Agreement terms() {
        return new Agreement(validFrom, validTo, rules);
    }
}
