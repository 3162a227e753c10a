package com.gpuquote.portal.ui;

import com.gpuquote.shared.ui.Downloads;
import com.gpuquote.shared.ui.LanguageSwitch;
import com.gpuquote.portal.AcceptRequest;
import com.gpuquote.portal.PortalGoneException;
import com.gpuquote.portal.PortalQuote;
import com.gpuquote.portal.CustomerPortal;
import com.gpuquote.portal.PortalThrottledException;
import com.gpuquote.quote.pdf.QuoteDocumentText;
import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.AnchorTarget;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Image;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.auth.AnonymousAllowed;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.OptimisticLockingFailureException;

import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The customer's page behind the emailed link, in the customer's language and usable on a phone: the reseller's
 * name, the options side by side (wrapping on narrow screens), the PDF, and accept / reject / ask. Accepted quotes
 * are read-only with the acceptance record; expired, superseded and rejected ones explain and name the consultant;
 * unknown or revoked links get a not-found page. No login: the token in the path is the credential.
 */
@Route(value = "portal/q/:token", autoLayout = false)
@AnonymousAllowed
public class PortalView extends VerticalLayout implements BeforeEnterObserver, HasDynamicTitle {

    private static final Logger log = LoggerFactory.getLogger(PortalView.class);

    private final CustomerPortal portal;
    /** The accept form on the page (null when the quote is not open). */
    private AcceptForm acceptForm;
    private String token;
    private String title = "";
    private PortalQuote current;
    private UUID chosen;
    private Optional<Image> logo; // the reseller's logo, looked up once per link (null: not yet)

    public PortalView(CustomerPortal portal) {
        this.portal = portal;
        setId("portal-view");
        addClassName("portal-view");
        setMaxWidth("72rem");
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        token = event.getRouteParameters().get("token").orElse("");
        title = getTranslation("portal.appName");
        logo = null;
        guard(() -> {
            LanguageSwitch.applySessionLocale();
            run(() -> portal.open(token), null);
        });
    }

    @Override
    public String getPageTitle() {
        return title;
    }

    /**
     * Runs a portal call and shows what it answered. Invalid input becomes a notification; a refusal (accepted in
     * another tab, lost a race, rejected or replaced meanwhile) re-renders the page from the quote's current state
     * with the reason on top; gone and unknown links get their pages; anything unexpected an error page (and a log
     * line that names the link by its hash, never by the token, which would otherwise reach the log via the router).
     */
    private void run(Supplier<PortalQuote> call, String successKey) {
        run(call, successKey, null);
    }

    /** As {@link #run(Supplier, String)}; invalid input is also shown at the fields by {@code invalidAt}. */
    private void run(Supplier<PortalQuote> call, String successKey, java.util.function.Consumer<InvalidInputException> invalidAt) {
        try {
            show(call.get());
            if (successKey != null) {
                Notifications.success(getTranslation(successKey, current.acceptance()
                        .map(PortalQuote.Acceptance::optionName).orElse("")));
            }
        } catch (InvalidInputException e) {
            if (invalidAt != null) {
                invalidAt.accept(e);
            }
            Notifications.error(Notifications.describe(e));
        } catch (ConflictException | OptimisticLockingFailureException e) {
            refused(Notifications.describe(e));
        } catch (RuntimeException e) {
            showFailure(e);
        }
    }

    /** The pages for a failed call that leaves nothing to show of the quote. */
    private void showFailure(RuntimeException e) {
        if (e instanceof NotFoundException) {
            page("portal-not-found", getTranslation("portal.notFound.title"), getTranslation("portal.notFound.text"));
        } else if (e instanceof PortalGoneException gone) {
            gone(gone);
        } else if (e instanceof com.gpuquote.portal.PortalUnavailableException) {
            page("portal-unavailable", getTranslation("portal.unavailable.title"),
                    getTranslation(com.gpuquote.portal.PortalUnavailableException.MESSAGE_KEY));
        } else if (e instanceof PortalThrottledException) {
            page("portal-throttled", getTranslation("portal.appName"), getTranslation("portal.throttled"));
        } else {
            TokenSafeLog.error(log, "Portal page failed", token, e);
            page("portal-error", getTranslation("portal.failed.title"), getTranslation("portal.failed.text"));
        }
    }

    /** Shows the quote as it is now, with why the customer's action was refused above it. */
    private void refused(String reason) {
        try {
            show(portal.open(token));
        } catch (RuntimeException e) {
            showFailure(e);
        }
        Div notice = new Div(new Paragraph(reason));
        notice.setId("portal-refused");
        notice.addClassName("portal-refused");
        addComponentAsFirst(notice);
    }

    /** Last line of defence for work outside {@link #run}: nothing escapes to the router with the token in its path. */
    private void guard(Runnable work) {
        try {
            work.run();
        } catch (RuntimeException e) {
            TokenSafeLog.error(log, "Portal page failed", token, e);
            page("portal-error", getTranslation("portal.failed.title"), getTranslation("portal.failed.text"));
        }
    }

    private void show(PortalQuote q) {
        current = q;
        acceptForm = null;
        useLocale(q.language());
        removeAll();
        PortalQuote.Snapshot s = q.quote();
        title = s.tenantName() + " · " + s.number();
        H1 brand = new H1(s.tenantName());
        brand.setId("portal-brand");
        brand.getStyle().set("color", "var(--lumo-primary-text-color)").set("margin-bottom", "0");
        Span status = new Span(getTranslation("portal.status." + q.status().name()));
        status.setId("portal-status");
        status.getElement().setAttribute("data-status", q.status().name());
        status.getElement().getThemeList().add("badge " + (q.open() ? "contrast" : "success"));
        Anchor pdf = new Anchor("/portal/api/" + token + "/pdf", getTranslation("portal.pdf"));
        pdf.setId("portal-pdf");
        pdf.setTarget(AnchorTarget.BLANK);
        pdf.setRouterIgnore(true);
        add(withLogo(brand, s.tenantName()), new H2(getTranslation("portal.title", s.number()) + " · " + getTranslation("portal.version", s.version())),
                new Paragraph(getTranslation("portal.preparedFor", s.customerName(), s.projectName())),
                new Div(status, new Span(" " + getTranslation("portal.validUntil", s.validUntil().toString()) + " · "),
                        pdf),
                new Paragraph(getTranslation("portal.consultant", consultant(q.consultant()))));
        // the customer's quote document (ADR 1601): the words and figures of the PDF, laid out for the screen
        QuoteDocumentText document = new QuoteDocumentText(q.document());
        add(DocumentBlocks.parties(document));
        q.acceptance().ifPresent(a -> add(acceptance(a)));
        Div options = new Div();
        options.setId("portal-options");
        options.addClassName("portal-options");
        for (PortalQuote.Option o : s.options()) {
            boolean isChosen = q.acceptance().map(a -> a.optionId().equals(o.id())).orElse(o.id().equals(chosen));
            options.add(new OptionCard(o, document, isChosen, q.open() ? this::choose : null));
        }
        add(options);
        add(DocumentBlocks.validity(document));
        DocumentBlocks.terms(document, getTranslation("portal.terms.title")).ifPresent(this::add);
        if (q.open()) {
            acceptForm = PortalForms.accept(q.option(chosen == null ? new UUID(0, 0) : chosen).orElse(null),
                    s.currency(), this::accept);
            add(acceptForm,
                    PortalForms.reject(reason -> run(() -> {
                        portal.reject(token, reason);
                        return portal.open(token); // a rejected quote answers with its explanation page
                    }, "portal.reject.done")));
        }
        add(PortalForms.ask(text -> run(() -> portal.ask(token, text), "portal.question.done")));
        if (!q.questions().isEmpty()) {
            add(PortalForms.thread(q.questions()));
        }
    }

    private void choose(PortalQuote.Option option) {
        chosen = option.id();
        guard(() -> show(current));
    }

    private void accept(AcceptRequest request) {
        AcceptForm form = acceptForm;
        run(() -> portal.accept(token, request), "portal.accept.done", form == null ? null : form::showErrors);
    }

    private Component acceptance(PortalQuote.Acceptance a) {
        Div box = new Div();
        box.setId("portal-acceptance");
        box.addClassName("portal-acceptance");
        box.add(new H2(getTranslation("portal.accepted.title")), new Paragraph(getTranslation("portal.accepted.record",
                a.optionName(), a.signerName(), a.signerEmail(), PortalFormat.time(a.acceptedAt()), a.snapshotSha256())));
        if (a.invoice() != null) {
            box.add(InvoiceText.of(a.invoice(), box));
        }
        return box;
    }

    private void gone(PortalGoneException e) {
        useLocale(e.language());
        page("portal-gone", getTranslation("portal.gone.title"), getTranslation(e.messageKey()));
        Paragraph contact = new Paragraph(getTranslation("portal.gone.contact", e.tenantName(), e.consultant().name()));
        if (e.consultant().email() != null) {
            Anchor mail = new Anchor("mailto:" + e.consultant().email(), e.consultant().email());
            mail.setId("portal-contact");
            contact.add(new Span(" "), mail);
        }
        add(contact);
    }

    private void page(String id, String heading, String text) {
        removeAll();
        title = heading;
        Div box = new Div(new H1(heading), new Paragraph(text));
        box.setId(id);
        add(box);
    }

    /**
     * The brand line: the reseller's logo before its name when it has one. The image is served by this view's own
     * session-bound resource (the token was verified for it), so no URL can fetch another tenant's logo.
     */
    private Component withLogo(H1 brand, String tenantName) {
        if (logo == null) {
            try {
                logo = portal.logo(token).map(l -> {
                    Image image = new Image(Downloads.inline(l.fileName(), l.contentType(), l::bytes),
                            getTranslation("portal.logo.alt", tenantName));
                    image.setId("portal-logo");
                    image.setHeight("3rem");
                    image.getStyle().set("max-width", "12rem").set("object-fit", "contain");
                    return image;
                });
            } catch (RuntimeException e) {
                logo = Optional.empty(); // the page works without its logo
            }
        }
        if (logo.isEmpty()) {
            return brand;
        }
        HorizontalLayout line = new HorizontalLayout(logo.get(), brand);
        line.setAlignItems(FlexComponent.Alignment.CENTER);
        return line;
    }

    private static String consultant(PortalQuote.Consultant c) {
        return c.email() == null ? c.name() : c.name() + " <" + c.email() + ">";
    }

    private static void useLocale(String tag) {
        UI ui = UI.getCurrent();
        if (ui != null) {
            ui.setLocale(I18n.fromTag(tag));
        }
    }
}
