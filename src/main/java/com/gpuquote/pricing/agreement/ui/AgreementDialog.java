package com.gpuquote.pricing.agreement.ui;

import com.gpuquote.pricing.agreement.AgreementDraft;
import com.gpuquote.pricing.agreement.AgreementRule;
import com.gpuquote.pricing.agreement.AgreementService;
import com.gpuquote.pricing.agreement.CustomerAgreement;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.datepicker.DatePicker;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Create or edit a customer's agreement (TENANT_ADMIN): name, validity and rules of the four types. */
class AgreementDialog extends Dialog {

    private static final Pattern RULE_FIELD = Pattern.compile("rules\\[(\\d+)]\\.?([\\w.]*)");

    final TextField name = new TextField();
    final DatePicker validFrom = new DatePicker();
    final DatePicker validTo = new DatePicker();
    final VerticalLayout rules = new VerticalLayout();
    final List<AgreementRuleRow> rows = new ArrayList<>();
    final Button save = new Button();

    AgreementDialog(AgreementService service, CustomerId customer, CustomerAgreement existing,
                    Consumer<CustomerAgreement> onSaved, java.time.Clock clock) {
        setHeaderTitle(getTranslation(existing == null ? "customer.agreement.new" : "customer.agreement.edit"));
        setWidth("min(80em, 98vw)");
        setId("agreement-dialog");
        name.setLabel(getTranslation("customer.agreement.name"));
        name.setId("agreement-name");
        validFrom.setLabel(getTranslation("customer.agreement.validFrom"));
        validFrom.setId("agreement-valid-from");
        validTo.setLabel(getTranslation("customer.agreement.validTo"));
        validTo.setHelperText(getTranslation("customer.agreement.validTo.help"));
        validTo.setId("agreement-valid-to");
        rules.setPadding(false);
        if (existing != null) {
            name.setValue(existing.name());
            validFrom.setValue(existing.validFrom());
            validTo.setValue(existing.validTo());
            existing.rules().forEach(this::addRule);
        } else {
            validFrom.setValue(com.gpuquote.shared.time.BusinessCalendar.today(clock));
        }
        Button add = new Button(getTranslation("customer.agreement.rule.add"), VaadinIcon.PLUS.create(),
                e -> addRule(AgreementRule.PercentOff.all(BigDecimal.ZERO)));
        add.setId("add-rule");
        add(new FormLayout(name, validFrom, validTo), rules, add);
        save.setText(getTranslation("shared.save"));
        save.setId("save-agreement");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        save.addClickListener(e -> {
            rows.forEach(AgreementRuleRow::clearInvalid);
            AgreementDraft draft = new AgreementDraft(name.getValue(), validFrom.getValue(), validTo.getValue(),
                    rows.stream().map(AgreementRuleRow::toRule).toList(), existing == null ? null : existing.version());
            try {
                CustomerAgreement saved = existing == null ? service.create(customer, draft)
                        : service.update(existing.id(), draft);
                Notifications.success(getTranslation("shared.saved"));
                close();
                onSaved.accept(saved);
            } catch (InvalidInputException invalid) {
                markInvalid(invalid.errors());
                Notifications.error(Notifications.describe(invalid));
            } catch (RuntimeException other) {
                Notifications.error(Notifications.describe(other));
            }
        });
        getFooter().add(new Button(getTranslation("shared.cancel"), e -> close()), save);
    }

    void addRule(AgreementRule rule) {
        AgreementRuleRow[] holder = new AgreementRuleRow[1];
        holder[0] = new AgreementRuleRow(rule, () -> {
            rows.remove(holder[0]);
            rules.remove(holder[0]);
        });
        rows.add(holder[0]);
        rules.add(holder[0]);
    }

    private void markInvalid(List<FieldError> errors) {
        for (FieldError f : errors) {
            String text = I18n.has(f.code()) ? getTranslation(f.code()) : f.message();
            Matcher m = RULE_FIELD.matcher(f.field());
            if (m.matches() && Integer.parseInt(m.group(1)) < rows.size()) {
                rows.get(Integer.parseInt(m.group(1))).markInvalid(m.group(2), text);
            } else if ("validTo".equals(f.field())) {
                validTo.setErrorMessage(text);
                validTo.setInvalid(true);
            } else if ("validFrom".equals(f.field())) {
                validFrom.setErrorMessage(text);
                validFrom.setInvalid(true);
            } else if ("name".equals(f.field())) {
                name.setErrorMessage(text);
                name.setInvalid(true);
            }
        }
    }
}
