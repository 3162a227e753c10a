package com.gpuquote.security.ui;

import com.gpuquote.security.ApiTokenService;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.TextField;

import java.util.function.Consumer;

/** A token's name and lifetime in days (1–365, default 90). */
class CreateTokenDialog extends Dialog {

    CreateTokenDialog(ApiTokenService tokens, Consumer<ApiTokenService.CreatedToken> onCreated) {
        setHeaderTitle(getTranslation("token.create.title"));
        setId("create-token-dialog");
        TextField name = new TextField(getTranslation("token.name"));
        name.setId("token-name");
        name.setRequired(true);
        name.setMaxLength(100);
        IntegerField days = new IntegerField(getTranslation("token.days"));
        days.setId("token-days");
        days.setHelperText(getTranslation("token.daysHelp"));
        days.setMin(1);
        days.setMax(ApiTokenService.MAX_DAYS);
        days.setStepButtonsVisible(true);
        days.setValue(90);
        FormLayout form = new FormLayout(name, days);
        form.setResponsiveSteps(new FormLayout.ResponsiveStep("0", 1));
        add(form);
        Button save = new Button(getTranslation("shared.create"), e -> {
            ApiTokenService.CreatedToken[] created = new ApiTokenService.CreatedToken[1];
            if (Notifications.attempt(() -> created[0] = tokens.create(name.getValue(), days.getValue()))) {
                close();
                onCreated.accept(created[0]);
            }
        });
        save.setId("create-token-save");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        getFooter().add(new Button(getTranslation("shared.cancel"), e -> close()), save);
    }
}
