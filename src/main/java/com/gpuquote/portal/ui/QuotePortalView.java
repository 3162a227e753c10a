package com.gpuquote.portal.ui;

import com.gpuquote.shared.Roles;
import java.time.Clock;
import com.gpuquote.portal.Acceptance;
import com.gpuquote.portal.IssuedLink;
import com.gpuquote.portal.PortalLink;
import com.gpuquote.portal.PortalInbox;
import com.gpuquote.portal.PortalLinks;
import com.gpuquote.portal.PortalOrders;
import com.gpuquote.portal.QuestionThread;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.shared.ui.RouteIds;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

import java.time.Instant;

/**
 * The portal side of one quote for the consultant: the customer link (revoke, or issue a new one shown once), the
 * acceptance record, and the customer's question threads to answer.
 */
@Route("quotes/:id/portal")
@RolesAllowed({Roles.CONSULTANT, Roles.TENANT_ADMIN})
public class QuotePortalView extends VerticalLayout implements BeforeEnterObserver, HasDynamicTitle {

    private final Clock clock;

    private final PortalLinks links;
    private final PortalInbox inbox;
    private final PortalOrders orders;
    private QuoteId id;

    public QuotePortalView(PortalLinks links, PortalInbox inbox, PortalOrders orders, Clock clock) {
        this.clock = clock;
        this.links = links;
        this.inbox = inbox;
        this.orders = orders;
        setId("quote-portal-view");
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        try {
            id = RouteIds.id(event).map(QuoteId::new)
                    .orElseThrow(() -> new NotFoundException("quote", "(route)"));
            refresh(null);
        } catch (RuntimeException e) {
            removeAll();
            add(new Paragraph(getTranslation("shared.error.notFound")));
        }
    }

    private void refresh(IssuedLink fresh) {
        removeAll();
        add(new H2(getTranslation("portal.link.title")));
        if (fresh != null) {
            TextField url = new TextField(getTranslation("portal.link.copy"), fresh.portalUrl(), "");
            url.setId("portal-link-url");
            url.setReadOnly(true);
            url.setWidthFull();
            add(url);
        }
        var active = links.links(id).stream().filter(l -> l.active(clock.instant())).toList();
        if (active.isEmpty()) {
            add(new Paragraph(getTranslation("portal.link.none")));
        }
        for (PortalLink l : active) {
            add(new Paragraph(getTranslation("portal.link.active", PortalFormat.time(l.createdAt()),
                    PortalFormat.time(l.expiresAt()), l.firstViewedAt() == null ? ""
                            : getTranslation("portal.link.viewed", PortalFormat.time(l.firstViewedAt())))));
        }
        Button revoke = new Button(getTranslation("portal.link.revoke"), e -> {
            if (Notifications.attempt(() -> links.revokeLinks(id))) {
                Notifications.success(getTranslation("portal.link.revoked"));
                refresh(null);
            }
        });
        revoke.setId("portal-link-revoke");
        revoke.addThemeVariants(ButtonVariant.LUMO_ERROR);
        revoke.setEnabled(!active.isEmpty());
        Button reissue = new Button(getTranslation("portal.link.reissue"), e -> {
            IssuedLink[] issued = new IssuedLink[1];
            if (Notifications.attempt(() -> issued[0] = links.reissueLink(id))) {
                refresh(issued[0]);
            }
        });
        reissue.setId("portal-link-reissue");
        add(new HorizontalLayout(revoke, reissue));
        orders.acceptance(id).ifPresent(this::acceptance);
        add(invite());
        add(new H3(getTranslation("portal.questions")));
        for (QuestionThread t : inbox.questions(id)) {
            add(new QuestionThreadCard(t, false, (q, text) -> {
                if (Notifications.attempt(() -> inbox.answer(q.questionId(), text))) {
                    refresh(null);
                }
            }));
        }
    }

    /** Invites a contact of the quote's customer as a CUSTOMER user of that customer (link shown once). */
    private com.vaadin.flow.component.Component invite() {
        TextField name = new TextField(getTranslation("portal.invite.name"));
        name.setId("portal-invite-name");
        com.vaadin.flow.component.textfield.EmailField email =
                new com.vaadin.flow.component.textfield.EmailField(getTranslation("portal.invite.email"));
        email.setId("portal-invite-email");
        VerticalLayout box = new VerticalLayout();
        box.setPadding(false);
        Button send = new Button(getTranslation("portal.invite.button"), e -> {
            com.gpuquote.user.InvitationLink[] link = new com.gpuquote.user.InvitationLink[1];
            if (Notifications.attempt(() -> link[0] = links.inviteCustomerContact(id, email.getValue(), name.getValue()))) {
                TextField url = new TextField(getTranslation("portal.link.copy"), link[0].url(), "");
                url.setId("portal-invite-url");
                url.setReadOnly(true);
                url.setWidthFull();
                box.add(url);
            }
        });
        send.setId("portal-invite");
        box.add(new H3(getTranslation("portal.invite.title")), new HorizontalLayout(name, email, send));
        return box;
    }

    private void acceptance(Acceptance a) {
        add(new H3(getTranslation("portal.status.ACCEPTED")));
        Paragraph p = new Paragraph(getTranslation("portal.accepted.record", a.optionName(), a.signerName(),
                a.signerEmail(), PortalFormat.time(a.acceptedAt()), a.snapshotSha256()));
        p.setId("portal-acceptance-record");
        add(p, new Paragraph(a.ip() + " · " + a.userAgent()));
        if (a.invoice() != null) { // issue 16: what the finance team invoices to
            add(InvoiceText.of(a.invoice(), this));
        } else {
            Paragraph none = new Paragraph(getTranslation("portal.invoice.none"));
            none.setId("portal-acceptance-invoice");
            add(none);
        }
    }

    @Override
    public String getPageTitle() {
        return getTranslation("portal.link.title");
    }
}
