package com.gpuquote.pricing.agreement;

import com.gpuquote.shared.FieldError;

import java.util.List;
import java.util.Map;

/** Maps {@link AgreementError}s onto {@code shared.FieldError} (code = the i18n key, message in English). */
public final class AgreementMessages {

    private static final Map<String, String> ENGLISH = Map.ofEntries(
            Map.entry("customer.agreement.error.belongsInScope", "Goes inside the rule's scope"),
            Map.entry("customer.agreement.error.notAField", "Not a field of this rule type"),
            Map.entry("customer.agreement.error.notAScopeField",
                    "Not a scope field; a scope takes instanceType, family, gpuModel, billingMode, region"),
            Map.entry("customer.agreement.error.required", "Required"),
            Map.entry("customer.agreement.error.validToBeforeFrom", "validTo must not be before validFrom"),
            Map.entry("customer.agreement.error.duplicateRule", "Another rule with the same type and scope exists"),
            Map.entry("customer.agreement.error.negative", "Must not be negative"),
            Map.entry("customer.agreement.error.unitPriceDecimals", "At most 4 decimals"),
            Map.entry("customer.agreement.error.percentRange", "Percent must be between 0 and 100"),
            Map.entry("customer.agreement.error.percentDecimals", "At most 2 decimals"),
            Map.entry("customer.agreement.error.scopeMultiple", "Set at most one of instanceType, family, gpuModel, billingMode"),
            Map.entry("customer.agreement.error.atLeastOne", "Must be at least 1"),
            Map.entry("customer.agreement.error.unknownType", "type must be FIXED_PRICE, PERCENT_OFF, VOLUME_TIER or TERM"));

    private AgreementMessages() {
    }

    public static String english(String key) {
        return ENGLISH.getOrDefault(key, key);
    }

    public static FieldError toFieldError(AgreementError e) {
        return new FieldError(e.field(), e.messageKey(), english(e.messageKey()));
    }

    public static List<FieldError> toFieldErrors(List<AgreementError> errors) {
        return errors.stream().map(AgreementMessages::toFieldError).toList();
    }
}
