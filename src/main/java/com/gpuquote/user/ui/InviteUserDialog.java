package com.gpuquote.user.ui;

import com.gpuquote.security.Role;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.user.InvitationLink;
import com.gpuquote.user.NewInvitation;
import com.gpuquote.user.UserService;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.CheckboxGroup;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.textfield.EmailField;
import com.vaadin.flow.component.textfield.TextField;

import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/** Email, name and roles of the invitee; on success the caller shows the link once. */
class InviteUserDialog extends Dialog {

    private final EmailField email = new EmailField();
    private final TextField name = new TextField();
    private final CheckboxGroup<Role> roles = new CheckboxGroup<>();

    InviteUserDialog(UserService users, Function<Set<Role>, String> roleLabels, Consumer<InvitationLink> onInvited) {
        setHeaderTitle(getTranslation("user.invite.title"));
        setId("invite-dialog");
        email.setId("invite-email");
        email.setLabel(getTranslation("user.email"));
        email.setRequired(true);
        name.setId("invite-name");
        name.setLabel(getTranslation("user.name"));
        name.setRequired(true);
        name.setMaxLength(200);
        roles.setId("invite-roles");
        roles.setLabel(getTranslation("user.roles"));
        roles.setItems(Role.TENANT_ROLES);
        roles.setItemLabelGenerator(r -> roleLabels.apply(Set.of(r)));
        roles.setValue(Set.of(Role.CONSULTANT));
        roles.setRequired(true);
        FormLayout form = new FormLayout(email, name, roles);
        form.setResponsiveSteps(new FormLayout.ResponsiveStep("0", 1));
        add(form);

        Button send = new Button(getTranslation("user.invite.send"), e -> {
            InvitationLink[] link = new InvitationLink[1];
            if (Notifications.attempt(() -> link[0] = users.invite(
                    new NewInvitation(email.getValue().trim(), name.getValue(), roles.getValue())))) {
                close();
                onInvited.accept(link[0]);
            }
        });
        send.setId("invite-send");
        send.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        getFooter().add(new Button(getTranslation("shared.cancel"), e -> close()), send);
    }
}
