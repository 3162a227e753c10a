package com.gpuquote.quote.ui;

import com.gpuquote.layout.HomeCard;
import com.gpuquote.quote.QuoteOverview;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.QuoteSummary;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.Role;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.ListItem;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.html.UnorderedList;
import org.springframework.context.annotation.Scope;
import org.springframework.core.annotation.Order;

import java.util.Optional;

/**
 * Home card "Quotes": how many of the consultant's (an admin: the tenant's) quotes are in each stage, each a link
 * to the filtered quote list, and the sent quotes that expire within a week.
 */
@org.springframework.stereotype.Component
@Scope("prototype")
@Order(10)
class QuoteHomeCard implements HomeCard {

    static final int EXPIRING_DAYS = 7;

    private final QuoteQueries quotes;

    QuoteHomeCard(QuoteQueries quotes) {
        this.quotes = quotes;
    }

    @Override
    public Optional<Component> render(GpuQuoteUser user) {
        if (!user.hasRole(Role.CONSULTANT) && !user.hasRole(Role.TENANT_ADMIN)) {
            return Optional.empty();
        }
        QuoteOverview overview = quotes.overview(EXPIRING_DAYS);
        Div card = new Div();
        card.addClassName("home-card");
        card.setId("home-quotes");
        card.add(new H3(card.getTranslation(overview.wholeTenant() ? "quote.home.titleTenant" : "quote.home.titleMine")));
        Div tiles = new Div();
        tiles.addClassName("home-tiles");
        String scope = overview.wholeTenant() ? "" : "&mine=true";
        tiles.add(tile(card, overview, QuoteStatus.DRAFT, "quote.status.DRAFT", scope),
                tile(card, overview, QuoteStatus.PENDING_APPROVAL, "quote.status.PENDING_APPROVAL", scope),
                tile(card, overview, QuoteStatus.APPROVED, "quote.home.readyToSend", scope),
                tile(card, overview, QuoteStatus.SENT, "quote.home.sent", scope),
                tile(card, overview, QuoteStatus.VIEWED, "quote.home.viewed", scope),
                tile(card, overview, QuoteStatus.ACCEPTED, "quote.status.ACCEPTED", scope));
        card.add(tiles);
        if (overview.expiringSoon().isEmpty()) {
            Paragraph none = new Paragraph(card.getTranslation("quote.home.noneExpiring", EXPIRING_DAYS));
            none.addClassName("home-empty");
            card.add(none);
        } else {
            card.add(new Paragraph(card.getTranslation("quote.home.expiring", EXPIRING_DAYS)));
            UnorderedList list = new UnorderedList();
            list.addClassName("home-list");
            list.setId("home-expiring");
            for (QuoteSummary q : overview.expiringSoon()) {
                Anchor link = new Anchor("quotes/" + q.id().value(), q.number() + " v" + q.version());
                list.add(new ListItem(link, new Span(" " + card.getTranslation("quote.home.expiringItem",
                        q.customerName(), q.validUntil().toString()))));
            }
            card.add(list);
        }
        return Optional.of(card);
    }

    private static Anchor tile(Component i18n, QuoteOverview overview, QuoteStatus status, String labelKey,
                               String scope) {
        Span number = new Span(String.valueOf(overview.count(status)));
        number.addClassName("home-tile-count");
        Span label = new Span(i18n.getTranslation(labelKey));
        label.addClassName("home-tile-label");
        Anchor tile = new Anchor("quotes?status=" + status.name() + scope, number, label);
        tile.addClassName("home-tile");
        tile.getElement().setAttribute("data-status", status.name());
        return tile;
    }
}
