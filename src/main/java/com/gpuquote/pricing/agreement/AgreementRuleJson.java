package com.gpuquote.pricing.agreement;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.gpuquote.pricing.agreement.AgreementRule.FixedPrice;
import com.gpuquote.pricing.agreement.AgreementRule.PercentOff;
import com.gpuquote.pricing.agreement.AgreementRule.TermTier;
import com.gpuquote.pricing.agreement.AgreementRule.VolumeTier;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.shared.FieldError;
import io.swagger.v3.oas.annotations.media.Schema;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The JSON form of an agreement rule, used by the REST API and as the stored JSONB element:
 * <pre>
 * {"type":"PERCENT_OFF","percent":10,"scope":{"instanceType":null,"family":null,"gpuModel":null,"billingMode":null,"region":null}}
 * {"type":"FIXED_PRICE","instanceType":"…","region":"…","billingMode":"MONTHLY","unitPrice":"1234.5000"}
 * {"type":"VOLUME_TIER","minGpus":8,"percent":3}
 * {"type":"TERM","minMonths":12,"percent":5}
 * </pre>
 * A rule is money a reseller signs, so a key this shape does not take is never dropped silently (ADR 3904): the keys
 * the rule or its scope did not bind are kept in {@code otherFields} and {@link #shapeErrors(String)} names them
 * (a PERCENT_OFF's {@code region} sent beside {@code scope}, a {@code scope.zone}); a key with a null value changes
 * nothing and is let through.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AgreementRuleJson(String type, BigDecimal percent, Scope scope, String instanceType, String region,
                                BillingMode billingMode, BigDecimal unitPrice, Integer minGpus, Integer minMonths,
                                @Schema(hidden = true) @JsonAnySetter @JsonAnyGetter Map<String, Object> otherFields) {

    /** The fields a PERCENT_OFF scope takes, in the order the API documents them. */
    public static final List<String> SCOPE_FIELDS = List.of("instanceType", "family", "gpuModel", "billingMode",
            "region");

    public AgreementRuleJson {
        otherFields = otherFields == null ? new LinkedHashMap<>() : otherFields;
    }

    public AgreementRuleJson(String type, BigDecimal percent, Scope scope, String instanceType, String region,
                             BillingMode billingMode, BigDecimal unitPrice, Integer minGpus, Integer minMonths) {
        this(type, percent, scope, instanceType, region, billingMode, unitPrice, minGpus, minMonths, null);
    }

    /** A PERCENT_OFF's scope: at most one of instanceType, family, gpuModel, billingMode; region besides any. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Scope(String instanceType, String family, String gpuModel, BillingMode billingMode, String region,
                        @Schema(hidden = true) @JsonAnySetter @JsonAnyGetter Map<String, Object> otherFields) {
        public Scope {
            otherFields = otherFields == null ? new LinkedHashMap<>() : otherFields;
        }

        public Scope(String instanceType, String family, String gpuModel, BillingMode billingMode, String region) {
            this(instanceType, family, gpuModel, billingMode, region, null);
        }
    }

    public static AgreementRuleJson of(AgreementRule rule) {
        if (rule instanceof FixedPrice f) {
            return new AgreementRuleJson(RuleType.FIXED_PRICE.name(), null, null, f.instanceType(), f.region(),
                    f.billingMode(), f.unitPrice(), null, null);
        }
        if (rule instanceof PercentOff p) {
            return new AgreementRuleJson(RuleType.PERCENT_OFF.name(), p.percent(),
                    new Scope(p.instanceType(), p.family(), p.gpuModel(), p.billingMode(), p.region()), null, null,
                    null, null, null, null);
        }
        if (rule instanceof VolumeTier v) {
            return new AgreementRuleJson(RuleType.VOLUME_TIER.name(), v.percent(), null, null, null, null, null,
                    v.minGpus(), null);
        }
        TermTier t = (TermTier) rule;
        return new AgreementRuleJson(RuleType.TERM.name(), t.percent(), null, null, null, null, null, null,
                t.minMonths());
    }

    /** The rule's kind; empty when {@code type} is missing or unknown. */
    public Optional<RuleType> kind() {
        try {
            return type == null ? Optional.empty()
                    : Optional.of(RuleType.valueOf(type.trim().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The rule; empty when {@code type} is missing or unknown. Missing numbers become 0 (and fail validation). */
    public Optional<AgreementRule> toRule() {
        return kind().map(kind -> switch (kind) {
            case FIXED_PRICE -> new FixedPrice(instanceType, region, billingMode, unitPrice);
            case PERCENT_OFF -> scope == null ? PercentOff.all(percent)
                    : new PercentOff(percent, scope.instanceType(), scope.family(), scope.gpuModel(),
                    scope.billingMode(), scope.region());
            case VOLUME_TIER -> new VolumeTier(minGpus == null ? 0 : minGpus, percent);
            case TERM -> new TermTier(minMonths == null ? 0 : minMonths, percent);
        });
    }

    /**
     * Keys this rule's type does not take, each named by its path ({@code rules[0].region},
     * {@code rules[0].scope.zone}); empty for a rule of unknown type (its {@code type} is the error).
     */
    public List<FieldError> shapeErrors(String path) {
        Optional<RuleType> kind = kind();
        if (kind.isEmpty()) {
            return List.of();
        }
        Set<String> takes = switch (kind.get()) {
            case FIXED_PRICE -> Set.of("instanceType", "region", "billingMode", "unitPrice");
            case PERCENT_OFF -> Set.of("percent", "scope");
            case VOLUME_TIER -> Set.of("minGpus", "percent");
            case TERM -> Set.of("minMonths", "percent");
        };
        Map<String, Object> present = new LinkedHashMap<>();
        present.put("percent", percent);
        present.put("scope", scope);
        present.put("instanceType", instanceType);
        present.put("region", region);
        present.put("billingMode", billingMode);
        present.put("unitPrice", unitPrice);
        present.put("minGpus", minGpus);
        present.put("minMonths", minMonths);
        otherFields.forEach(present::putIfAbsent);
        List<FieldError> errors = new ArrayList<>();
        String name = kind.get().name();
        present.forEach((key, value) -> {
            if (value == null || takes.contains(key)) {
                return;
            }
            if (kind.get() == RuleType.PERCENT_OFF && SCOPE_FIELDS.contains(key)) {
                errors.add(new FieldError(path + "." + key, "customer.agreement.error.belongsInScope",
                        "A " + name + " rule takes " + key + " inside scope: send it as " + path + ".scope." + key,
                        List.of(key)));
            } else {
                errors.add(new FieldError(path + "." + key, "customer.agreement.error.notAField",
                        "Not a field of a " + name + " rule; it takes " + String.join(", ", sorted(takes)),
                        List.of(name, String.join(", ", sorted(takes)))));
            }
        });
        if (kind.get() == RuleType.PERCENT_OFF && scope != null) {
            scope.otherFields().forEach((key, value) -> {
                if (value != null) {
                    errors.add(new FieldError(path + ".scope." + key, "customer.agreement.error.notAScopeField",
                            "Not a scope field; a scope takes " + String.join(", ", SCOPE_FIELDS),
                            List.of(String.join(", ", SCOPE_FIELDS))));
                }
            });
        }
        return errors;
    }

    private static List<String> sorted(Set<String> keys) {
        return keys.stream().sorted().toList();
    }
}
