package com.gpuquote.user.ui;

import com.gpuquote.shared.ui.LanguageSwitch;
import com.gpuquote.security.Passwords;
import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.user.InvitationDetails;
import com.gpuquote.user.UserService;
import com.vaadin.flow.component.Key;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.PasswordField;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.auth.AnonymousAllowed;

/**
 * The invitee's page behind the emailed link: shows whom the invitation is for, lets them choose a password, and
 * explains a used, expired or unknown link. The token in the path is the only credential.
 */
@Route(value = "invite/:token", autoLayout = false)
@AnonymousAllowed
public class AcceptInvitationView extends VerticalLayout implements BeforeEnterObserver, HasDynamicTitle {

    private final UserService users;
    private final VerticalLayout card = new VerticalLayout();
    private final PasswordField password = new PasswordField();
    private final PasswordField confirm = new PasswordField();
    private String token;

    public AcceptInvitationView(UserService users) {
        this.users = users;
        addClassName("login-view");
        addClassName("invite-view");
        setSizeFull();
        setAlignItems(Alignment.CENTER);
        setJustifyContentMode(JustifyContentMode.CENTER);
        LanguageSwitch.applySessionLocale();
        H1 title = new H1("GpuQuote");
        title.addClassName("login-title");
        card.setId("invite-card");
        card.setMaxWidth("28rem");
        add(title, card, new LanguageSwitch());
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        token = event.getRouteParameters().get("token").orElse("");
        try {
            showForm(users.inspectInvitation(token));
        } catch (NotFoundException e) {
            showMessage("unknown");
        } catch (ConflictException e) {
            showMessage(problemOf(e));
        }
    }

    private void showForm(InvitationDetails details) {
        card.removeAll();
        H2 heading = new H2(getTranslation("invite.heading", details.tenantName()));
        heading.setId("invite-heading");
        Paragraph intro = new Paragraph(getTranslation("invite.intro", details.displayName(), details.tenantName()));
        TextField email = new TextField(getTranslation("invite.email"));
        email.setId("accept-email");
        email.setValue(details.email());
        email.setReadOnly(true);
        email.setWidthFull();
        password.setId("invite-password");
        password.setLabel(getTranslation("invite.password"));
        password.setHelperText(getTranslation("invite.passwordHelp"));
        password.setWidthFull();
        confirm.setId("invite-confirm");
        confirm.setLabel(getTranslation("invite.confirm"));
        confirm.setWidthFull();
        Button accept = new Button(getTranslation("invite.accept"), e -> accept());
        accept.setId("invite-accept");
        accept.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        accept.addClickShortcut(Key.ENTER);
        card.add(heading, intro, email, password, confirm, accept);
    }

    private void accept() {
        password.setInvalid(false);
        confirm.setInvalid(false);
        String chosen = password.getValue();
        int length = chosen.codePointCount(0, chosen.length());
        if (length < Passwords.MIN || length > Passwords.MAX) {
            password.setErrorMessage(getTranslation("invite.error.length"));
            password.setInvalid(true);
            return;
        }
        if (!chosen.equals(confirm.getValue())) {
            confirm.setErrorMessage(getTranslation("invite.error.mismatch"));
            confirm.setInvalid(true);
            return;
        }
        try {
            String email = users.acceptInvitation(token, chosen);
            showResult("invite-success", getTranslation("invite.success.title"), getTranslation("invite.success.text", email));
        } catch (InvalidInputException e) {
            password.setErrorMessage(getTranslation("invite.error.length"));
            password.setInvalid(true);
        } catch (NotFoundException e) {
            showMessage("unknown");
        } catch (ConflictException e) {
            showMessage(problemOf(e));
        }
    }

    private static String problemOf(ConflictException e) {
        return switch (String.valueOf(e.messageKey())) {
            case "user.error.invitationUsed" -> "used";
            case "user.error.invitationExpired" -> "expired";
            default -> "unknown";
        };
    }

    private void showMessage(String problem) {
        showResult("invite-" + problem, getTranslation("invite." + problem + ".title"),
                getTranslation("invite." + problem + ".text"));
    }

    private void showResult(String id, String title, String text) {
        card.removeAll();
        H2 heading = new H2(title);
        heading.setId("invite-heading");
        Paragraph paragraph = new Paragraph(text);
        paragraph.setId(id);
        Anchor login = new Anchor("login", getTranslation("invite.toLogin"));
        login.setId("invite-login-link");
        card.add(heading, paragraph, login);
    }

    @Override
    public String getPageTitle() {
        return getTranslation("invite.title") + " | GpuQuote";
    }
}
