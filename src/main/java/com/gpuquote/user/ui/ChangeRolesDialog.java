package com.gpuquote.user.ui;

import com.gpuquote.security.Role;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.user.UserAccount;
import com.gpuquote.user.UserService;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.CheckboxGroup;
import com.vaadin.flow.component.dialog.Dialog;

import java.util.function.Consumer;

/** The roles a tenant admin may hand out, preset to the user's current ones. */
class ChangeRolesDialog extends Dialog {

    ChangeRolesDialog(UserAccount user, UserService users, Consumer<UserAccount> onChanged) {
        setHeaderTitle(getTranslation("user.changeRoles.title", user.email()));
        setId("roles-dialog");
        CheckboxGroup<Role> roles = new CheckboxGroup<>();
        roles.setId("roles-value");
        roles.setLabel(getTranslation("user.roles"));
        roles.setItems(Role.TENANT_ROLES);
        roles.setItemLabelGenerator(r -> getTranslation("user.role." + r.name()));
        roles.setValue(user.roles());
        add(roles);
        Button save = new Button(getTranslation("shared.save"), e -> {
            UserAccount[] changed = new UserAccount[1];
            if (Notifications.attempt(() -> changed[0] = users.changeRoles(user.id(), roles.getValue()))) {
                close();
                onChanged.accept(changed[0]);
            }
        });
        save.setId("roles-save");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        getFooter().add(new Button(getTranslation("shared.cancel"), e -> close()), save);
    }
}
