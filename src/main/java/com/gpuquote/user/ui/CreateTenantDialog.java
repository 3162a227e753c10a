package com.gpuquote.user.ui;

import com.gpuquote.shared.I18n;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.tenancy.NewTenant;
import com.gpuquote.user.UserService;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.EmailField;
import com.vaadin.flow.component.textfield.TextField;

import java.util.List;
import java.util.function.Consumer;

/** Slug, name, locale and the first admin (email, name); the service creates both atomically. */
class CreateTenantDialog extends Dialog {

    private final TextField slug = new TextField();
    private final TextField name = new TextField();
    private final Select<String> locale = new Select<>();
    private final EmailField adminEmail = new EmailField();
    private final TextField adminName = new TextField();

    CreateTenantDialog(UserService users, Consumer<UserService.Onboarding> onCreated) {
        setHeaderTitle(getTranslation("tenant.create.title"));
        setId("create-tenant-dialog");
        slug.setId("tenant-slug");
        slug.setLabel(getTranslation("tenant.slug"));
        slug.setHelperText(getTranslation("tenant.create.slugHelp"));
        slug.setRequired(true);
        slug.setPattern("[a-z0-9][a-z0-9-]{1,40}");
        name.setId("tenant-name-field");
        name.setLabel(getTranslation("tenant.name"));
        name.setRequired(true);
        name.setMaxLength(200);
        locale.setId("tenant-locale");
        locale.setLabel(getTranslation("tenant.locale"));
        locale.setItems(I18n.TAGS);
        locale.setItemLabelGenerator(l -> getTranslation("tenant.locale." + l));
        locale.setValue(I18n.CHINESE_TAG);
        adminEmail.setId("admin-email");
        adminEmail.setLabel(getTranslation("tenant.create.adminEmail"));
        adminEmail.setRequired(true);
        adminName.setId("admin-name");
        adminName.setLabel(getTranslation("tenant.create.adminName"));
        adminName.setRequired(true);
        FormLayout form = new FormLayout(slug, name, locale, adminEmail, adminName);
        form.setResponsiveSteps(new FormLayout.ResponsiveStep("0", 1), new FormLayout.ResponsiveStep("30em", 2));
        add(form);

        Button save = new Button(getTranslation("shared.create"), e -> {
            UserService.Onboarding[] result = new UserService.Onboarding[1];
            boolean ok = Notifications.attempt(() -> result[0] = users.onboardTenant(
                    new NewTenant(slug.getValue().trim(), name.getValue(), locale.getValue()),
                    adminEmail.getValue().trim(), adminName.getValue()));
            if (ok) {
                close();
                onCreated.accept(result[0]);
            }
        });
        save.setId("create-tenant-save");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        Button cancel = new Button(getTranslation("shared.cancel"), e -> close());
        getFooter().add(cancel, save);
    }
}
