package com.gpuquote.quote.ui;

import com.gpuquote.quote.VoucherPolicy;
import com.gpuquote.quote.VoucherService;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.BigDecimalField;

/**
 * Issue 39 (ADR 3902): the tenant's voucher cap, the screen of {@code PUT /api/v1/tenant/voucher-policy} with the
 * same rules: the share of an option's subtotal a consultant may give as unconfirmed vouchers without approval.
 */
class VoucherPolicyForm extends VerticalLayout {

    final BigDecimalField cap = new BigDecimalField();
    final Button save = new Button();

    VoucherPolicyForm(VoucherService vouchers) {
        setPadding(false);
        setId("voucher-policy");
        cap.setLabel(getTranslation("quote.voucherPolicy.capLabel"));
        cap.setId("voucher-policy-cap");
        cap.setSuffixComponent(new Span("%"));
        cap.setWidth("12rem");
        cap.setValue(vouchers.policy().consultantCapPercent());
        save.setText(getTranslation("quote.voucherPolicy.save"));
        save.setId("voucher-policy-save");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        save.addClickListener(e -> {
            cap.setInvalid(false);
            try {
                cap.setValue(vouchers.updatePolicy(new VoucherPolicy(cap.getValue())).consultantCapPercent());
                Notifications.success(getTranslation("quote.voucherPolicy.saved"));
            } catch (InvalidInputException refused) {
                cap.setErrorMessage(getTranslation("quote.voucherPolicy.cap"));
                cap.setInvalid(true);
            }
        });
        add(new H3(getTranslation("quote.voucherPolicy.title")),
                new Paragraph(getTranslation("quote.voucherPolicy.explain")), cap, save);
    }
}
