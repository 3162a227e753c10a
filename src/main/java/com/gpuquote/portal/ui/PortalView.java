package com.gpuquote.portal.ui;

import com.gpuquote.shared.ui.LanguageSwitch;
import com.gpuquote.portal.AcceptRequest;
import com.gpuquote.portal.PortalGoneException;
import com.gpuquote.portal.PortalQuote;
import com.gpuquote.portal.PortalService;
import com.gpuquote.portal.PortalThrottledException;
import com.gpuquote.shared.I18n;
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
import com.vaadin.flow.server.StreamResource;
import com.vaadin.flow.server.auth.AnonymousAllowed;

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

    private final PortalService portal;
    private String token;
    private String title = "GpuQuote";
    private PortalQuote current;
    private UUID chosen;
    private Optional<Image> logo; // the reseller's logo, looked up once per link (null: not yet)

    public PortalView(PortalService portal) {
        this.portal = portal;
        setId("portal-view");
        addClassName("portal-view");
        setMaxWidth("72rem");
        getStyle().set("margin", "0 auto").set("box-sizing", "border-box");
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        token = event.getRouteParameters().get("token").orElse("");
        logo = null;
        LanguageSwitch.applySessionLocale();
        run(() -> portal.open(token), null);
    }

    @Override
    public String getPageTitle() {
        return title;
    }

    /** Runs a portal call and shows what it answered; refusals become a notification, gone/unknown a page. */
    private void run(Supplier<PortalQuote> call, String successKey) {
        try {
            show(call.get());
            if (successKey != null) {
                Notifications.success(getTranslation(successKey, current.acceptance()
                        .map(PortalQuote.Acceptance::optionName).orElse("")));
            }
        } catch (NotFoundException e) {
            page("portal-not-found", getTranslation("portal.notFound.title"), getTranslation("portal.notFound.text"));
        } catch (PortalGoneException e) {
            gone(e);
        } catch (PortalThrottledException e) {
            page("portal-throttled", "GpuQuote", getTranslation("portal.throttled"));
        } catch (RuntimeException e) {
            Notifications.error(Notifications.describe(e));
        }
    }

    private void show(PortalQuote q) {
        current = q;
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
        q.acceptance().ifPresent(a -> add(acceptance(a)));
        Div options = new Div();
        options.setId("portal-options");
        options.setWidthFull();
        options.getStyle().set("display", "flex").set("flex-wrap", "wrap").set("gap", "var(--lumo-space-m)");
        for (PortalQuote.Option o : s.options()) {
            boolean isChosen = q.acceptance().map(a -> a.optionId().equals(o.id())).orElse(o.id().equals(chosen));
            options.add(new OptionCard(o, isChosen, q.open() ? this::choose : null));
        }
        add(options);
        if (q.open()) {
            add(PortalForms.accept(q.option(chosen == null ? new UUID(0, 0) : chosen).orElse(null), this::accept),
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
        show(current);
    }

    private void accept(AcceptRequest request) {
        run(() -> portal.accept(token, request), "portal.accept.done");
    }

    private Component acceptance(PortalQuote.Acceptance a) {
        Div box = new Div();
        box.setId("portal-acceptance");
        box.getStyle().set("padding", "var(--lumo-space-m)").set("border-radius", "var(--lumo-border-radius-l)")
                .set("background", "var(--lumo-success-color-10pct)");
        box.add(new H2(getTranslation("portal.accepted.title")), new Paragraph(getTranslation("portal.accepted.record",
                a.optionName(), a.signerName(), a.signerEmail(), PortalFormat.time(a.acceptedAt()), a.snapshotSha256())));
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
                    Image image = new Image(new StreamResource(l.fileName(),
                            () -> new java.io.ByteArrayInputStream(l.bytes())), getTranslation("portal.logo.alt", tenantName));
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
