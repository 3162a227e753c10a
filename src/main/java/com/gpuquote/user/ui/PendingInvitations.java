package com.gpuquote.user.ui;

import com.gpuquote.shared.ui.Confirm;
import com.gpuquote.shared.ui.Formats;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.user.Invitation;
import com.gpuquote.user.UserService;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.data.renderer.ComponentRenderer;

import java.util.List;
import java.util.stream.Collectors;

/** Invitations not yet accepted, revoked or expired; an admin may revoke one (its link stops working). */
class PendingInvitations extends VerticalLayout {

    private final UserService users;
    private final Grid<Invitation> grid = new Grid<>(Invitation.class, false);
    private final Paragraph none = new Paragraph();

    PendingInvitations(UserService users) {
        this.users = users;
        setId("pending-invitations");
        setPadding(false);
        none.setText(getTranslation("user.pending.none"));
        grid.setId("pending-grid");
        grid.addColumn(Invitation::email).setKey("email").setHeader(getTranslation("user.email")).setAutoWidth(true);
        grid.addColumn(Invitation::displayName).setKey("name").setHeader(getTranslation("user.name")).setAutoWidth(true);
        grid.addColumn(i -> i.roles().stream().sorted().map(r -> getTranslation("user.role." + r.name()))
                .collect(Collectors.joining(", "))).setKey("roles").setHeader(getTranslation("user.roles")).setAutoWidth(true);
        grid.addColumn(i -> Formats.dateTime(i.expiresAt())).setKey("expires").setHeader(getTranslation("user.pending.expires"))
                .setAutoWidth(true);
        grid.addColumn(new ComponentRenderer<>(this::revokeButton)).setKey("actions")
                .setHeader(getTranslation("shared.actions")).setFlexGrow(1);
        grid.setAllRowsVisible(true);
        add(new H3(getTranslation("user.pending.title")), none, grid);
        refresh();
    }

    private Button revokeButton(Invitation i) {
        Button b = new Button(getTranslation("user.pending.revoke"), e -> Confirm.ask(
                getTranslation("user.pending.revoke.confirm.title", i.email()), getTranslation("user.pending.revoke.confirm.text"),
                getTranslation("user.pending.revoke"), true, () -> {
                    if (Notifications.attempt(() -> users.revokeInvitation(i.id()))) {
                        Notifications.success(getTranslation("user.pending.revoked", i.email()));
                        refresh();
                    }
                }));
        b.addClassName("invitation-revoke");
        b.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ERROR);
        return b;
    }

    void refresh() {
        List<Invitation> list = users.pendingInvitations();
        grid.setItems(list);
        grid.setVisible(!list.isEmpty());
        none.setVisible(list.isEmpty());
    }
}
