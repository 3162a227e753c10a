package com.gpuquote.pricing.agreement.ui;

import com.gpuquote.pricing.agreement.AgreementRule;
import com.gpuquote.pricing.agreement.AgreementRule.FixedPrice;
import com.gpuquote.pricing.agreement.AgreementRule.PercentOff;
import com.gpuquote.pricing.agreement.AgreementRule.TermTier;
import com.gpuquote.pricing.agreement.AgreementRule.VolumeTier;
import com.gpuquote.pricing.agreement.PercentScope;
import com.gpuquote.pricing.agreement.RuleType;
import com.gpuquote.commercial.BillingMode;
import com.vaadin.flow.component.HasValidation;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.TextField;

import java.math.BigDecimal;
import java.util.Map;

/** One rule of an agreement: its type decides which fields show. */
class AgreementRuleRow extends HorizontalLayout {

    final Select<RuleType> type = new Select<>();
    final TextField instanceType = new TextField();
    final TextField region = new TextField();
    final Select<BillingMode> billingMode = new Select<>();
    final BigDecimalField unitPrice = new BigDecimalField();
    final Select<PercentScope> scope = new Select<>();
    final TextField scopeValue = new TextField();
    final BigDecimalField percent = new BigDecimalField();
    final IntegerField minGpus = new IntegerField();
    final IntegerField minMonths = new IntegerField();
    final Button remove = new Button(VaadinIcon.TRASH.create());

    AgreementRuleRow(AgreementRule rule, Runnable onRemove) {
        setAlignItems(Alignment.BASELINE);
        addClassName("agreement-rule");
        type.setLabel(getTranslation("customer.agreement.rule.type"));
        type.setItems(RuleType.values());
        type.setItemLabelGenerator(t -> getTranslation("customer.agreement.rule.type." + t.name()));
        instanceType.setLabel(getTranslation("customer.agreement.rule.instanceType"));
        region.setLabel(getTranslation("customer.agreement.rule.region"));
        billingMode.setLabel(getTranslation("customer.agreement.rule.billingMode"));
        billingMode.setItems(BillingMode.values());
        billingMode.setItemLabelGenerator(m -> getTranslation("quote.billingMode." + m.name()));
        unitPrice.setLabel(getTranslation("customer.agreement.rule.unitPrice"));
        scope.setLabel(getTranslation("customer.agreement.rule.scope"));
        scope.setItems(PercentScope.values());
        scope.setItemLabelGenerator(s -> getTranslation("customer.agreement.rule.scope." + s.name()));
        scopeValue.setLabel(getTranslation("customer.agreement.rule.scopeValue"));
        percent.setLabel(getTranslation("customer.agreement.rule.percent"));
        minGpus.setLabel(getTranslation("customer.agreement.rule.minGpus"));
        minMonths.setLabel(getTranslation("customer.agreement.rule.minMonths"));
        remove.addThemeVariants(ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ERROR);
        remove.setAriaLabel(getTranslation("shared.delete"));
        remove.addClickListener(e -> onRemove.run());
        add(type, instanceType, region, billingMode, unitPrice, scope, scopeValue, percent, minGpus, minMonths, remove);
        type.addValueChangeListener(e -> showFields());
        scope.addValueChangeListener(e -> showFields());
        fill(rule);
    }

    private void fill(AgreementRule rule) {
        if (rule instanceof FixedPrice f) {
            type.setValue(RuleType.FIXED_PRICE);
            instanceType.setValue(nz(f.instanceType()));
            region.setValue(nz(f.region()));
            billingMode.setValue(f.billingMode());
            unitPrice.setValue(f.unitPrice());
        } else if (rule instanceof PercentOff p) {
            type.setValue(RuleType.PERCENT_OFF);
            percent.setValue(p.percent());
            scope.setValue(p.scope());
            region.setValue(nz(p.region()));
            if (p.scope() == PercentScope.BILLING_MODE) {
                billingMode.setValue(p.billingMode());
            } else {
                scopeValue.setValue(nz(p.scopeValue()));
            }
        } else if (rule instanceof VolumeTier v) {
            type.setValue(RuleType.VOLUME_TIER);
            minGpus.setValue(v.minGpus());
            percent.setValue(v.percent());
        } else if (rule instanceof TermTier t) {
            type.setValue(RuleType.TERM);
            minMonths.setValue(t.minMonths());
            percent.setValue(t.percent());
        }
        showFields();
    }

    private void showFields() {
        RuleType t = type.getValue();
        boolean fixed = t == RuleType.FIXED_PRICE;
        boolean off = t == RuleType.PERCENT_OFF;
        instanceType.setVisible(fixed);
        // a PERCENT_OFF may be narrowed to one region (its scope.region); empty there means every region
        region.setVisible(fixed || off);
        region.setHelperText(off ? getTranslation("customer.agreement.rule.region.anyHelp") : null);
        unitPrice.setVisible(fixed);
        scope.setVisible(off);
        PercentScope s = scope.getValue() == null ? PercentScope.ALL : scope.getValue();
        scopeValue.setVisible(off && s != PercentScope.ALL && s != PercentScope.BILLING_MODE);
        billingMode.setVisible(fixed || (off && s == PercentScope.BILLING_MODE));
        percent.setVisible(!fixed);
        minGpus.setVisible(t == RuleType.VOLUME_TIER);
        minMonths.setVisible(t == RuleType.TERM);
    }

    AgreementRule toRule() {
        BigDecimal pct = percent.getValue();
        return switch (type.getValue()) {
            case FIXED_PRICE -> new FixedPrice(instanceType.getValue(), region.getValue(), billingMode.getValue(),
                    unitPrice.getValue());
            case PERCENT_OFF -> {
                PercentScope s = scope.getValue() == null ? PercentScope.ALL : scope.getValue();
                String v = scopeValue.getValue();
                PercentOff rule = switch (s) {
                    case INSTANCE_TYPE -> PercentOff.instanceType(v, pct);
                    case FAMILY -> PercentOff.family(v, pct);
                    case GPU_MODEL -> PercentOff.gpuModel(v, pct);
                    case BILLING_MODE -> PercentOff.billingMode(billingMode.getValue(), pct);
                    case ALL -> PercentOff.all(pct);
                };
                yield rule.inRegion(region.getValue());
            }
            case VOLUME_TIER -> new VolumeTier(minGpus.getValue() == null ? 0 : minGpus.getValue(), pct);
            case TERM -> new TermTier(minMonths.getValue() == null ? 0 : minMonths.getValue(), pct);
        };
    }

    /**
     * Marks the field named by the service's error path suffix (e.g. {@code percent}, {@code scope.region}) invalid.
     */
    void markInvalid(String field, String message) {
        Map<String, HasValidation> fields = Map.of("instanceType", instanceType, "region", region,
                "billingMode", billingMode, "unitPrice", unitPrice, "percent", percent, "minGpus", minGpus,
                "minMonths", minMonths, "scope", scopeValue, "scope.region", region,
                "scope.billingMode", billingMode);
        HasValidation f = fields.getOrDefault(field, field.startsWith("scope.") ? scopeValue : percent);
        f.setErrorMessage(message);
        f.setInvalid(true);
    }

    void clearInvalid() {
        for (HasValidation f : new HasValidation[]{instanceType, region, billingMode, unitPrice, percent, minGpus,
                minMonths, scopeValue}) {
            f.setInvalid(false);
        }
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
