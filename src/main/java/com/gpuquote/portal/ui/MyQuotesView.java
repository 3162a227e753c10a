package com.gpuquote.portal.ui;

import com.gpuquote.shared.ui.Downloads;
import com.gpuquote.shared.Roles;
import com.gpuquote.portal.PortalQuote;
import com.gpuquote.portal.MyPortalQuotes;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuoteSummary;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.shared.ui.RouteIds;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.AnchorTarget;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEvent;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.HasUrlParameter;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.OptionalParameter;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;


/**
 * A customer contact's account (CUSTOMER): every quote version sent to their company, newest first, and any one of
 * them as the portal shows it, with its PDF, the question threads and the consultants' answers, the acceptance or
 * the rejection reason (read-only here; accepting happens through the emailed link). {@code my-quotes/<id>} opens one
 * version directly; a quote of another customer answers the not-found page.
 */
@Route("my-quotes")
@RolesAllowed(Roles.CUSTOMER)
@Menu(order = 370, title = "portal.my.nav", icon = "vaadin:file-text-o")
public class MyQuotesView extends VerticalLayout implements HasDynamicTitle, HasUrlParameter<String> {

    private final MyPortalQuotes portal;
    final Grid<QuoteSummary> grid = new Grid<>();
    private final Div detail = new Div();

    public MyQuotesView(MyPortalQuotes portal) {
        this.portal = portal;
        setId("my-quotes-view");
        grid.setId("my-quotes-grid");
        grid.addColumn(QuoteSummary::number).setHeader(getTranslation("portal.orders.quote")).setAutoWidth(true);
        grid.addColumn(QuoteSummary::version).setHeader(getTranslation("portal.my.version"));
        grid.addColumn(q -> getTranslation("portal.status." + q.status().name())).setHeader(getTranslation("portal.my.status"));
        grid.addColumn(q -> q.validUntil().toString()).setHeader(getTranslation("portal.my.validUntil"));
        grid.addColumn(q -> PortalFormat.time(q.sentAt())).setHeader(getTranslation("portal.my.sentAt"));
        grid.setItems(query -> portal.myQuotes(query.getOffset(), query.getLimit()).stream(),
                query -> portal.countMyQuotes());
        grid.setEmptyStateText(getTranslation("portal.my.empty"));
        grid.setAllRowsVisible(true);
        grid.asSingleSelect().addValueChangeListener(e -> {
            if (e.getValue() != null) {
                Notifications.attempt(() -> show(e.getValue().id()));
            }
        });
        detail.setId("my-quote-detail");
        detail.setWidthFull();
        add(new H2(getTranslation("portal.my.title")), grid, detail);
    }

    @Override
    public void setParameter(BeforeEvent event, @OptionalParameter String id) {
        detail.removeAll();
        if (id == null || id.isBlank()) {
            return;
        }
        var quote = RouteIds.parse(id).map(QuoteId::new);
        try {
            if (quote.isPresent()) {
                show(quote.get());
                return;
            }
        } catch (NotFoundException | IllegalArgumentException e) {
            // below: the same answer as a malformed id
        }
        event.rerouteToError(com.vaadin.flow.router.NotFoundException.class);
    }

    /** One version as the portal shows it (404 unless sent to the signed-in contact's company). */
    private void show(QuoteId id) {
        PortalQuote q = portal.myQuote(id);
        detail.removeAll();
        PortalQuote.Snapshot s = q.quote();
        // the customer PDF (no cost or margin), fetched when clicked and checked again for this customer
        Anchor pdf = new Anchor(Downloads.inline(s.number() + "-v" + s.version() + ".pdf", Downloads.PDF,
                () -> portal.myPdf(id).bytes()), getTranslation("portal.my.pdf"));
        pdf.setId("my-quote-pdf");
        pdf.setTarget(AnchorTarget.BLANK);
        detail.add(new H3(getTranslation("portal.title", s.number()) + " · " + getTranslation("portal.version", s.version())),
                new Paragraph(getTranslation("portal.preparedFor", s.customerName(), s.projectName())
                        + " · " + getTranslation("portal.validUntil", s.validUntil().toString())), pdf);
        detail.add(new Paragraph(getTranslation("portal.consultant", consultant(q.consultant()))));
        q.acceptance().ifPresent(a -> detail.add(new Paragraph(getTranslation("portal.accepted.record", a.optionName(),
                a.signerName(), a.signerEmail(), PortalFormat.time(a.acceptedAt()), a.snapshotSha256()))));
        q.rejection().ifPresent(r -> {
            Paragraph p = new Paragraph(getTranslation("portal.my.rejected", r.reason(), PortalFormat.time(r.rejectedAt())));
            p.setId("my-quote-rejection");
            detail.add(p);
        });
        // the same document as the portal page and the PDF (ADR 1601)
        var text = new com.gpuquote.quote.pdf.QuoteDocumentText(q.document());
        detail.add(DocumentBlocks.parties(text));
        Div options = new Div();
        options.addClassName("portal-options");
        s.options().forEach(o -> options.add(new OptionCard(o, text,
                q.acceptance().map(a -> a.optionId().equals(o.id())).orElse(false), null)));
        detail.add(options);
        detail.add(DocumentBlocks.validity(text));
        DocumentBlocks.terms(text, getTranslation("portal.terms.title")).ifPresent(detail::add);
        if (q.questions().isEmpty()) {
            Paragraph none = new Paragraph(getTranslation("portal.my.noQuestions"));
            none.setId("my-quote-no-questions");
            detail.add(none);
        } else {
            detail.add(PortalForms.thread(q.questions()));
        }
    }

    private static String consultant(PortalQuote.Consultant c) {
        return c.email() == null ? c.name() : c.name() + " <" + c.email() + ">";
    }

    @Override
    public String getPageTitle() {
        return getTranslation("portal.my.title");
    }
}
