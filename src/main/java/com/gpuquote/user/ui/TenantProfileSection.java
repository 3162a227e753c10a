package com.gpuquote.user.ui;

import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.tenancy.TenantProfile;
import com.gpuquote.tenancy.TenantService;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The tenant's legal details printed as the seller block of quote documents (issue 16): legal name, unified social
 * credit code, address, phone, bank and account for 对公转账. Tenant admins edit them; errors are shown on the fields.
 */
final class TenantProfileSection extends VerticalLayout {

    final TextField legalName = field("legalName", 200);
    final TextField creditCode = field("creditCode", 18);
    final TextField address = field("address", 300);
    final TextField phone = field("phone", 50);
    final TextField bankName = field("bankName", 100);
    final TextField bankAccount = field("bankAccount", 50);
    final Button save = new Button();
    private final Map<String, TextField> byName = new LinkedHashMap<>();
    private final TenantService tenants;

    TenantProfileSection(TenantService tenants) {
        this.tenants = tenants;
        setId("settings-profile");
        setPadding(false);
        byName.put("legalName", legalName);
        byName.put("creditCode", creditCode);
        byName.put("address", address);
        byName.put("phone", phone);
        byName.put("bankName", bankName);
        byName.put("bankAccount", bankAccount);
        FormLayout form = new FormLayout();
        byName.values().forEach(form::add);
        save.setText(getTranslation("settings.profile.save"));
        save.setId("settings-profile-save");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        save.addClickListener(e -> save());
        add(new H2(getTranslation("settings.profile.title")), new Paragraph(getTranslation("settings.profile.help")),
                form, save);
        show(tenants.profile());
    }

    private void show(TenantProfile p) {
        legalName.setValue(nz(p.legalName()));
        creditCode.setValue(nz(p.creditCode()));
        address.setValue(nz(p.address()));
        phone.setValue(nz(p.phone()));
        bankName.setValue(nz(p.bankName()));
        bankAccount.setValue(nz(p.bankAccount()));
    }

    private void save() {
        byName.values().forEach(f -> f.setInvalid(false));
        try {
            show(tenants.updateProfile(new TenantProfile(legalName.getValue(), creditCode.getValue(),
                    address.getValue(), phone.getValue(), bankName.getValue(), bankAccount.getValue())));
            Notifications.success(getTranslation("settings.profile.saved"));
        } catch (InvalidInputException e) {
            for (FieldError error : e.errors()) {
                TextField f = byName.get(error.field());
                if (f != null) {
                    f.setErrorMessage(getTranslation("settings.profile.invalid." + error.field()));
                    f.setInvalid(true);
                }
            }
        }
    }

    private TextField field(String name, int max) {
        TextField f = new TextField(getTranslation("settings.profile." + name));
        f.setId("settings-profile-" + name);
        f.setMaxLength(max);
        f.setClearButtonVisible(true);
        return f;
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
