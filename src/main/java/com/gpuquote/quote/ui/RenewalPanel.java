package com.gpuquote.quote.ui;

import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.RenewalService;
import com.gpuquote.quote.Subscriptions;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.icon.VaadinIcon;

import java.util.List;
import java.util.function.Consumer;

/**
 * On an accepted quote (issue 16): the subscriptions it started with their end dates and contracted unit prices, the
 * renewal quotes made so far, and "Create renewal quote".
 */
class RenewalPanel extends Div {

    RenewalPanel(QuoteDetails quote, RenewalService renewals, Consumer<QuoteDetails> open) {
        setId("quote-renewal");
        List<Subscriptions.Subscription> subs = renewals.subscriptions(quote.id());
        setVisible(!subs.isEmpty());
        if (subs.isEmpty()) {
            return;
        }
        add(new H4(getTranslation("quote.renewal.title")));
        for (var s : subs) {
            Paragraph p = new Paragraph(getTranslation("quote.renewal.line", s.quantity(), s.instanceType(),
                    getTranslation("quote.billingMode." + s.billingMode().name()), s.startDate().toString(),
                    s.endDate().toString(), com.gpuquote.shared.DisplayFormat.quotedUnitPrice(s.contractedUnitPrice(), quote.currency(),
                    com.gpuquote.shared.DisplayFormat.Per.ofBillingMode(s.billingMode().name()), getLocale())));
            p.addClassName("renewal-subscription");
            add(p);
        }
        List<java.util.Map.Entry<QuoteId, String>> made = renewals.renewals(quote.id());
        if (!made.isEmpty()) {
            Div links = new Div(new com.vaadin.flow.component.html.Span(getTranslation("quote.renewal.existing") + " "));
            links.setId("quote-renewals");
            made.forEach(e -> links.add(new Anchor("quotes/" + e.getKey().value(), e.getValue()),
                    new com.vaadin.flow.component.html.Span(" ")));
            add(links);
        }
        Button create = new Button(getTranslation("quote.renewal.create"), VaadinIcon.REFRESH.create());
        create.setId("create-renewal");
        create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        create.addClickListener(e -> QuoteUi.attempt(() -> open.accept(renewals.createRenewal(quote.id()))));
        add(create);
    }
}
