package com.gpuquote.pricing.agreement;

import com.gpuquote.commercial.BillingMode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A negotiated pricing rule of an {@link Agreement}. Records accept any values (so a form can bind them);
 * {@link #validate(String)} reports every problem at once.
 */
public sealed interface AgreementRule
        permits AgreementRule.FixedPrice, AgreementRule.PercentOff, AgreementRule.VolumeTier, AgreementRule.TermTier {

    BigDecimal HUNDRED = BigDecimal.valueOf(100);
    /** Percents are stored as NUMERIC(5,2). */
    int PERCENT_DECIMALS = 2;
    /** Unit prices are stored as NUMERIC(19,4). */
    int UNIT_PRICE_DECIMALS = 4;

    RuleType type();

    /** Field errors of this rule; {@code path} is the prefix such as {@code rules[3]}. */
    List<AgreementError> validate(String path);

    /**
     * Language-neutral description for the audit log and the REST waterfall {@code detail}, e.g.
     * {@code PERCENT_OFF family=H100 10%}. Views show {@link AgreementRuleText} (the user's language) instead.
     */
    String describe();

    /** FIXED_PRICE: the negotiated unit price replaces the list price for (instanceType, region, billingMode). */
    record FixedPrice(String instanceType, String region, BillingMode billingMode, BigDecimal unitPrice)
            implements AgreementRule {

        public FixedPrice {
            instanceType = blankToNull(instanceType);
            region = blankToNull(region);
        }

        @Override
        public RuleType type() {
            return RuleType.FIXED_PRICE;
        }

        public boolean matches(String lineInstanceType, String lineRegion, BillingMode lineMode) {
            return Objects.equals(instanceType, lineInstanceType)
                    && Objects.equals(region, lineRegion)
                    && billingMode == lineMode;
        }

        @Override
        public List<AgreementError> validate(String path) {
            List<AgreementError> errors = new ArrayList<>();
            if (instanceType == null) {
                errors.add(new AgreementError(path + ".instanceType", "customer.agreement.error.required"));
            }
            if (region == null) {
                errors.add(new AgreementError(path + ".region", "customer.agreement.error.required"));
            }
            if (billingMode == null) {
                errors.add(new AgreementError(path + ".billingMode", "customer.agreement.error.required"));
            }
            if (unitPrice == null) {
                errors.add(new AgreementError(path + ".unitPrice", "customer.agreement.error.required"));
            } else if (unitPrice.signum() < 0) {
                errors.add(new AgreementError(path + ".unitPrice", "customer.agreement.error.negative"));
            } else if (unitPrice.stripTrailingZeros().scale() > UNIT_PRICE_DECIMALS) {
                errors.add(new AgreementError(path + ".unitPrice", "customer.agreement.error.unitPriceDecimals"));
            }
            return errors;
        }

        @Override
        public String describe() {
            return "FIXED_PRICE " + instanceType + "/" + region + "/" + billingMode + " = "
                    + (unitPrice == null ? null : unitPrice.toPlainString());
        }
    }

    /**
     * PERCENT_OFF: {@code percent} off the list price. Scope: at most one of instanceType, family, gpuModel,
     * billingMode (none set means all instances), and optionally a {@code region} that narrows it to lines in that
     * region (none: every region). Of several matching rules the most specific scope wins, and of two equally
     * specific ones the one naming the line's region.
     */
    record PercentOff(BigDecimal percent, String instanceType, String family, String gpuModel, BillingMode billingMode,
                      String region)
            implements AgreementRule {

        public PercentOff {
            instanceType = blankToNull(instanceType);
            family = blankToNull(family);
            gpuModel = blankToNull(gpuModel);
            region = blankToNull(region);
        }

        public static PercentOff all(BigDecimal percent) {
            return new PercentOff(percent, null, null, null, null, null);
        }

        public static PercentOff instanceType(String instanceType, BigDecimal percent) {
            return new PercentOff(percent, instanceType, null, null, null, null);
        }

        public static PercentOff family(String family, BigDecimal percent) {
            return new PercentOff(percent, null, family, null, null, null);
        }

        public static PercentOff gpuModel(String gpuModel, BigDecimal percent) {
            return new PercentOff(percent, null, null, gpuModel, null, null);
        }

        public static PercentOff billingMode(BillingMode billingMode, BigDecimal percent) {
            return new PercentOff(percent, null, null, null, billingMode, null);
        }

        /** The same rule limited to lines in {@code region} (blank: every region). */
        public PercentOff inRegion(String region) {
            return new PercentOff(percent, instanceType, family, gpuModel, billingMode, region);
        }

        @Override
        public RuleType type() {
            return RuleType.PERCENT_OFF;
        }

        /** The scope; for an invalid rule with several scope fields, the most specific one set. */
        public PercentScope scope() {
            if (instanceType != null) {
                return PercentScope.INSTANCE_TYPE;
            }
            if (family != null) {
                return PercentScope.FAMILY;
            }
            if (gpuModel != null) {
                return PercentScope.GPU_MODEL;
            }
            if (billingMode != null) {
                return PercentScope.BILLING_MODE;
            }
            return PercentScope.ALL;
        }

        /** The value of the scope field (null for ALL), for duplicate detection and display. */
        public String scopeValue() {
            return switch (scope()) {
                case INSTANCE_TYPE -> instanceType;
                case FAMILY -> family;
                case GPU_MODEL -> gpuModel;
                case BILLING_MODE -> billingMode.name();
                case ALL -> null;
            };
        }

        public boolean matches(String lineInstanceType, String lineFamily, String lineGpuModel, String lineRegion,
                               BillingMode lineMode) {
            if (region != null && !region.equals(lineRegion)) {
                return false;
            }
            return switch (scope()) {
                case INSTANCE_TYPE -> instanceType.equals(lineInstanceType);
                case FAMILY -> family.equals(lineFamily);
                case GPU_MODEL -> gpuModel.equals(lineGpuModel);
                case BILLING_MODE -> billingMode == lineMode;
                case ALL -> true;
            };
        }

        @Override
        public List<AgreementError> validate(String path) {
            List<AgreementError> errors = new ArrayList<>();
            validatePercent(percent, path + ".percent", errors);
            int scopeFields = (instanceType != null ? 1 : 0) + (family != null ? 1 : 0)
                    + (gpuModel != null ? 1 : 0) + (billingMode != null ? 1 : 0);
            if (scopeFields > 1) {
                errors.add(new AgreementError(path + ".scope", "customer.agreement.error.scopeMultiple"));
            }
            return errors;
        }

        @Override
        public String describe() {
            String scope = switch (scope()) {
                case INSTANCE_TYPE -> "instanceType=" + instanceType;
                case FAMILY -> "family=" + family;
                case GPU_MODEL -> "gpuModel=" + gpuModel;
                case BILLING_MODE -> "billingMode=" + billingMode;
                case ALL -> "all";
            };
            return "PERCENT_OFF " + scope + (region == null ? "" : " region=" + region) + " " + pct(percent);
        }
    }

    /** VOLUME_TIER: {@code percent} off when the option's total GPUs reach {@code minGpus}. */
    record VolumeTier(int minGpus, BigDecimal percent) implements AgreementRule {

        @Override
        public RuleType type() {
            return RuleType.VOLUME_TIER;
        }

        @Override
        public List<AgreementError> validate(String path) {
            List<AgreementError> errors = new ArrayList<>();
            if (minGpus < 1) {
                errors.add(new AgreementError(path + ".minGpus", "customer.agreement.error.atLeastOne"));
            }
            validatePercent(percent, path + ".percent", errors);
            return errors;
        }

        @Override
        public String describe() {
            return "VOLUME_TIER minGpus=" + minGpus + " " + pct(percent);
        }
    }

    /** TERM: {@code percent} off when the line's term reaches {@code minMonths}. */
    record TermTier(int minMonths, BigDecimal percent) implements AgreementRule {

        @Override
        public RuleType type() {
            return RuleType.TERM;
        }

        @Override
        public List<AgreementError> validate(String path) {
            List<AgreementError> errors = new ArrayList<>();
            if (minMonths < 1) {
                errors.add(new AgreementError(path + ".minMonths", "customer.agreement.error.atLeastOne"));
            }
            validatePercent(percent, path + ".percent", errors);
            return errors;
        }

        @Override
        public String describe() {
            return "TERM minMonths=" + minMonths + " " + pct(percent);
        }
    }

    private static void validatePercent(BigDecimal percent, String field, List<AgreementError> errors) {
        if (percent == null) {
            errors.add(new AgreementError(field, "customer.agreement.error.required"));
        } else if (percent.signum() < 0 || percent.compareTo(HUNDRED) > 0) {
            errors.add(new AgreementError(field, "customer.agreement.error.percentRange"));
        } else if (percent.stripTrailingZeros().scale() > PERCENT_DECIMALS) {
            errors.add(new AgreementError(field, "customer.agreement.error.percentDecimals"));
        }
    }

    private static String pct(BigDecimal percent) {
        return (percent == null ? "null" : percent.stripTrailingZeros().toPlainString()) + "%";
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
