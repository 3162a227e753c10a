package com.gpuquote.user.ui;

import com.gpuquote.shared.Roles;
import java.time.Clock;
import com.gpuquote.security.Role;
import com.gpuquote.shared.ui.Confirm;
import com.gpuquote.shared.ui.Formats;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.shared.ui.SecretOnceDialog;
import com.gpuquote.user.InvitationLink;
import com.gpuquote.user.UserAccount;
import com.gpuquote.user.UserService;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.provider.DataProvider;
import com.vaadin.flow.data.renderer.ComponentRenderer;
import com.vaadin.flow.data.value.ValueChangeMode;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

import java.util.Set;
import java.util.stream.Collectors;

/** Tenant admin: the tenant's users (lazy, searchable), invitations, roles, disable/enable, unlock. */
@Route("users")
@RolesAllowed(Roles.TENANT_ADMIN)
@Menu(order = 20, title = "user.menu", icon = "vaadin:users")
public class UsersView extends VerticalLayout implements HasDynamicTitle {

    private final Clock clock;

    private final UserService users;
    private final TextField search = new TextField();
    private final Grid<UserAccount> grid = new Grid<>(UserAccount.class, false);
    private final PendingInvitations pending;

    public UsersView(UserService users, Clock clock) {
        this.clock = clock;
        this.users = users;
        addClassName("users-view");
        setSizeFull();
        search.setId("user-search");
        search.setPlaceholder(getTranslation("user.searchPlaceholder"));
        search.setPrefixComponent(VaadinIcon.SEARCH.create());
        search.setClearButtonVisible(true);
        search.setValueChangeMode(ValueChangeMode.LAZY);
        search.addValueChangeListener(e -> grid.getDataProvider().refreshAll());
        Button invite = new Button(getTranslation("user.invite"), VaadinIcon.PLUS.create(), e -> openInvite());
        invite.setId("invite-user");
        invite.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        HorizontalLayout toolbar = new HorizontalLayout(search, invite);
        toolbar.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        configureGrid();
        pending = new PendingInvitations(users);
        add(toolbar, grid, pending);
    }

    private void configureGrid() {
        grid.setId("users-grid");
        grid.addColumn(UserAccount::email).setKey("email").setHeader(getTranslation("user.email")).setAutoWidth(true);
        grid.addColumn(UserAccount::displayName).setKey("name").setHeader(getTranslation("user.name")).setAutoWidth(true);
        grid.addColumn(u -> roles(u.roles())).setKey("roles").setHeader(getTranslation("user.roles")).setAutoWidth(true);
        grid.addColumn(u -> getTranslation(u.enabled() ? "shared.yes" : "shared.no")).setKey("enabled")
                .setHeader(getTranslation("user.enabled")).setAutoWidth(true);
        grid.addColumn(u -> u.lockedAt(clock.instant()) ? getTranslation("shared.yes") + " (" + Formats.dateTime(u.lockedUntil()) + ")"
                : getTranslation("shared.no")).setKey("locked").setHeader(getTranslation("user.locked")).setAutoWidth(true);
        grid.addColumn(u -> u.lastLoginAt() == null ? getTranslation("user.never") : Formats.dateTime(u.lastLoginAt()))
                .setKey("lastLogin").setHeader(getTranslation("user.lastLogin")).setAutoWidth(true);
        grid.addColumn(new ComponentRenderer<>(this::actions)).setKey("actions").setHeader(getTranslation("shared.actions"))
                .setAutoWidth(true).setFlexGrow(1);
        grid.setItems(DataProvider.fromCallbacks(
                q -> users.list(search.getValue(), q.getOffset(), q.getLimit()).stream(),
                q -> users.count(search.getValue())));
        grid.setMinHeight("20rem");
    }

    String roles(Set<Role> roles) {
        return roles.stream().sorted().map(r -> getTranslation("user.role." + r.name())).collect(Collectors.joining(", "));
    }

    private Component actions(UserAccount u) {
        HorizontalLayout row = new HorizontalLayout();
        row.setSpacing(false);
        row.add(small(new Button(getTranslation("user.changeRoles"), e -> openRoles(u)), "user-roles"));
        if (u.enabled()) {
            row.add(small(new Button(getTranslation("user.disable"), e -> confirmDisable(u)), "user-disable"));
        } else {
            row.add(small(new Button(getTranslation("user.enable"), e -> setEnabled(u, true)), "user-enable"));
        }
        if (u.lockedAt(clock.instant())) {
            row.add(small(new Button(getTranslation("user.unlock"), e -> unlock(u)), "user-unlock"));
        }
        return row;
    }

    private static Button small(Button b, String className) {
        b.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY);
        b.addClassName(className);
        return b;
    }

    private void openInvite() {
        new InviteUserDialog(users, this::roles, this::showLink).open();
    }

    private void showLink(InvitationLink link) {
        pending.refresh();
        new SecretOnceDialog(getTranslation("invitation.link.title"),
                getTranslation("invitation.link.text", link.email(), Formats.dateTime(link.expiresAt())),
                getTranslation("invitation.link.field"), link.url()).open();
    }

    private void openRoles(UserAccount u) {
        new ChangeRolesDialog(u, users, changed -> {
            grid.getDataProvider().refreshAll();
            Notifications.success(getTranslation("user.rolesChanged", changed.email()));
        }).open();
    }

    private void confirmDisable(UserAccount u) {
        Confirm.ask(getTranslation("user.disable.confirm.title", u.email()), getTranslation("user.disable.confirm.text"),
                getTranslation("user.disable"), true, () -> setEnabled(u, false));
    }

    private void setEnabled(UserAccount u, boolean enabled) {
        if (Notifications.attempt(() -> users.setEnabled(u.id(), enabled))) {
            grid.getDataProvider().refreshAll();
            Notifications.success(getTranslation(enabled ? "user.enabled.message" : "user.disabled.message", u.email()));
        }
    }

    private void unlock(UserAccount u) {
        if (Notifications.attempt(() -> users.unlock(u.id()))) {
            grid.getDataProvider().refreshAll();
            Notifications.success(getTranslation("user.unlocked.message", u.email()));
        }
    }

    @Override
    public String getPageTitle() {
        return getTranslation("user.title") + " | GpuQuote";
    }
}
