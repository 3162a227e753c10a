package com.gpuquote.pricing.agreement;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.gpuquote.pricing.agreement.AgreementRule.FixedPrice;
import com.gpuquote.pricing.agreement.AgreementRule.PercentOff;
import com.gpuquote.pricing.agreement.AgreementRule.TermTier;
import com.gpuquote.pricing.agreement.AgreementRule.VolumeTier;
import com.gpuquote.commercial.BillingMode;

import java.math.BigDecimal;
import java.util.Optional;

/**
 * The JSON form of an agreement rule, used by the REST API and as the stored JSONB element:
 * <pre>
 * {"type":"PERCENT_OFF","percent":10,"scope":{"instanceType":null,"family":null,"gpuModel":null,"billingMode":null}}
 * {"type":"FIXED_PRICE","instanceType":"…","region":"…","billingMode":"MONTHLY","unitPrice":"1234.5000"}
 * {"type":"VOLUME_TIER","minGpus":8,"percent":3}
 * {"type":"TERM","minMonths":12,"percent":5}
 * </pre>
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AgreementRuleJson(String type, BigDecimal percent, Scope scope, String instanceType, String region,
                                BillingMode billingMode, BigDecimal unitPrice, Integer minGpus, Integer minMonths) {

    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Scope(String instanceType, String family, String gpuModel, BillingMode billingMode) {
    }

    public static AgreementRuleJson of(AgreementRule rule) {
        if (rule instanceof FixedPrice f) {
            return new AgreementRuleJson(RuleType.FIXED_PRICE.name(), null, null, f.instanceType(), f.region(),
                    f.billingMode(), f.unitPrice(), null, null);
        }
        if (rule instanceof PercentOff p) {
            return new AgreementRuleJson(RuleType.PERCENT_OFF.name(), p.percent(),
                    new Scope(p.instanceType(), p.family(), p.gpuModel(), p.billingMode()), null, null, null, null,
                    null, null);
        }
        if (rule instanceof VolumeTier v) {
            return new AgreementRuleJson(RuleType.VOLUME_TIER.name(), v.percent(), null, null, null, null, null,
                    v.minGpus(), null);
        }
        TermTier t = (TermTier) rule;
        return new AgreementRuleJson(RuleType.TERM.name(), t.percent(), null, null, null, null, null, null,
                t.minMonths());
    }

    /** The rule; empty when {@code type} is missing or unknown. Missing numbers become 0 (and fail validation). */
    public Optional<AgreementRule> toRule() {
        RuleType kind;
        try {
            kind = type == null ? null : RuleType.valueOf(type.trim().toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            kind = null;
        }
        if (kind == null) {
            return Optional.empty();
        }
        return Optional.of(switch (kind) {
            case FIXED_PRICE -> new FixedPrice(instanceType, region, billingMode, unitPrice);
            case PERCENT_OFF -> scope == null ? PercentOff.all(percent)
                    : new PercentOff(percent, scope.instanceType(), scope.family(), scope.gpuModel(), scope.billingMode());
            case VOLUME_TIER -> new VolumeTier(minGpus == null ? 0 : minGpus, percent);
            case TERM -> new TermTier(minMonths == null ? 0 : minMonths, percent);
        });
    }
}
