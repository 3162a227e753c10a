package com.gpuquote.pricing.agreement;

import com.gpuquote.pricing.agreement.AgreementRule.FixedPrice;
import com.gpuquote.pricing.agreement.AgreementRule.PercentOff;
import com.gpuquote.pricing.agreement.AgreementRule.TermTier;
import com.gpuquote.pricing.agreement.AgreementRule.VolumeTier;
import com.gpuquote.commercial.BillingMode;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A customer's negotiated pricing: valid from {@code validFrom} through {@code validTo} (both inclusive;
 * {@code validTo} null = open-ended) with its rules. Pure domain; the customer id and persistence live in
 * the service layer.
 */
public record Agreement(LocalDate validFrom, @Nullable LocalDate validTo, List<AgreementRule> rules) {

    public Agreement {
        rules = rules == null ? List.of() : List.copyOf(rules);
    }

    /** Every field error, all at once; empty when valid. */
    public List<AgreementError> validate() {
        List<AgreementError> errors = new ArrayList<>();
        if (validFrom == null) {
            errors.add(new AgreementError("validFrom", "customer.agreement.error.required"));
        } else if (validTo != null && validTo.isBefore(validFrom)) {
            errors.add(new AgreementError("validTo", "customer.agreement.error.validToBeforeFrom"));
        }
        Set<List<Object>> seen = new HashSet<>();
        for (int i = 0; i < rules.size(); i++) {
            AgreementRule rule = rules.get(i);
            String path = "rules[" + i + "]";
            if (rule == null) {
                errors.add(new AgreementError(path, "customer.agreement.error.required"));
                continue;
            }
            List<AgreementError> ruleErrors = rule.validate(path);
            errors.addAll(ruleErrors);
            // Two rules with the same key would make the waterfall ambiguous.
            if (ruleErrors.isEmpty() && !seen.add(duplicateKey(rule))) {
                errors.add(new AgreementError(path, "customer.agreement.error.duplicateRule"));
            }
        }
        return errors;
    }

    /** Throws {@link InvalidAgreementException} with all errors unless valid. */
    public Agreement requireValid() {
        List<AgreementError> errors = validate();
        if (!errors.isEmpty()) {
            throw new InvalidAgreementException(errors);
        }
        return this;
    }

    /** True when the agreement is in force on {@code date}. */
    public boolean covers(LocalDate date) {
        return validFrom != null && !date.isBefore(validFrom) && (validTo == null || !date.isAfter(validTo));
    }

    public Optional<FixedPrice> fixedPriceFor(String instanceType, String region, BillingMode mode) {
        return rules.stream()
                .filter(FixedPrice.class::isInstance).map(FixedPrice.class::cast)
                .filter(r -> r.matches(instanceType, region, mode))
                .findFirst();
    }

    /**
     * The most specific matching PERCENT_OFF (instanceType &gt; family &gt; gpuModel &gt; billingMode &gt; all; at the
     * same level one naming the line's region before one for every region; then the larger percent).
     */
    public Optional<PercentOff> bestPercentOff(String instanceType, String family, String gpuModel, String region,
                                               BillingMode mode) {
        return rules.stream()
                .filter(PercentOff.class::isInstance).map(PercentOff.class::cast)
                .filter(r -> r.matches(instanceType, family, gpuModel, region, mode))
                .max(Comparator.comparingInt((PercentOff r) -> r.scope().specificity())
                        .thenComparing(r -> r.region() != null)
                        .thenComparing(PercentOff::percent));
    }

    /** The highest VOLUME_TIER whose minGpus ≤ totalGpus. */
    public Optional<VolumeTier> volumeTierFor(int totalGpus) {
        return rules.stream()
                .filter(VolumeTier.class::isInstance).map(VolumeTier.class::cast)
                .filter(r -> r.minGpus() <= totalGpus)
                .max(Comparator.comparingInt(VolumeTier::minGpus).thenComparing(VolumeTier::percent));
    }

    /** The highest TERM tier whose minMonths ≤ termMonths. */
    public Optional<TermTier> termTierFor(int termMonths) {
        return rules.stream()
                .filter(TermTier.class::isInstance).map(TermTier.class::cast)
                .filter(r -> r.minMonths() <= termMonths)
                .max(Comparator.comparingInt(TermTier::minMonths).thenComparing(TermTier::percent));
    }

    private static List<Object> duplicateKey(AgreementRule rule) {
        // Java 17: no pattern matching for switch yet.
        if (rule instanceof FixedPrice f) {
            return Arrays.asList(RuleType.FIXED_PRICE, f.instanceType(), f.region(), f.billingMode());
        }
        if (rule instanceof PercentOff p) {
            return Arrays.asList(RuleType.PERCENT_OFF, p.scope(), p.scopeValue(), p.region());
        }
        if (rule instanceof VolumeTier v) {
            return Arrays.asList(RuleType.VOLUME_TIER, v.minGpus());
        }
        TermTier t = (TermTier) rule;
        return Arrays.asList(RuleType.TERM, t.minMonths());
    }
}
