package com.gpuquote.quote.ui;

import com.gpuquote.quote.SentQuote;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.textfield.TextField;

/**
 * Right after sending: the customer's link (the only time its token is shown) with a copy button, and whether the
 * customer was mailed. Without SMTP the mail only lands in the outbox, so the sender is told to pass the link on.
 */
class SentDialog extends Dialog {

    final TextField url = new TextField();
    final Button copy = new Button();
    final Paragraph delivery = new Paragraph();

    SentDialog(SentQuote sent) {
        setId("portal-url-dialog");
        setHeaderTitle(getTranslation("quote.sent.title", sent.quote().number()));
        url.setLabel(getTranslation("portal.link.copy"));
        url.setValue(sent.portalUrl());
        url.setId("quote-portal-url");
        url.setReadOnly(true);
        url.setWidth("34rem");
        copy.setIcon(VaadinIcon.COPY_O.create());
        copy.setText(getTranslation("quote.sent.copy"));
        copy.setId("copy-portal-url");
        copy.addClickListener(e -> {
            // the Clipboard API needs a secure context; otherwise select the text so Ctrl+C copies it
            url.getElement().executeJs("const i = this.inputElement; i.select();"
                    + "if (navigator.clipboard && window.isSecureContext) { navigator.clipboard.writeText($0); }"
                    + "else { document.execCommand('copy'); }", sent.portalUrl());
            com.gpuquote.shared.ui.Notifications.success(getTranslation("quote.sent.copied"));
        });
        HorizontalLayout row = new HorizontalLayout(url, copy);
        row.setAlignItems(HorizontalLayout.Alignment.BASELINE);
        delivery.setId("quote-sent-delivery");
        if (!sent.smtpConfigured()) {
            delivery.setText(getTranslation("quote.sent.noSmtp"));
            delivery.addClassName("warning");
        } else if (sent.mailedTo() == null) {
            delivery.setText(getTranslation("quote.sent.noContact"));
            delivery.addClassName("warning");
        } else {
            delivery.setText(getTranslation("quote.sent.mailed", sent.mailedTo()));
        }
        add(delivery, row);
        Button close = new Button(getTranslation("shared.close"), e -> close());
        close.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        getFooter().add(close);
    }
}
