package com.gpuquote.portal.ui;

import com.gpuquote.portal.AcceptRequest;
import com.gpuquote.portal.PortalQuote;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.details.Details;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextArea;

import java.util.function.Consumer;

/**
 * The customer's actions: accept the chosen option (typed name, email, agreement, optional invoice details;
 * {@link AcceptForm}), reject with a reason, ask.
 */
final class PortalForms {
    private PortalForms() {
    }

    static AcceptForm accept(PortalQuote.Option chosen, String currency, Consumer<AcceptRequest> onAccept) {
        return new AcceptForm(chosen, currency, onAccept);
    }

    static Component reject(Consumer<String> onReject) {
        TextArea reason = new TextArea();
        reason.setId("portal-reject-reason");
        reason.setWidthFull();
        reason.setMaxLength(2000);
        Button button = new Button(reason.getTranslation("portal.reject.button"), e -> onReject.accept(reason.getValue()));
        button.setId("portal-reject");
        button.addThemeVariants(ButtonVariant.LUMO_ERROR);
        reason.setLabel(reason.getTranslation("portal.reject.reason"));
        Details d = new Details(reason.getTranslation("portal.reject.title"), new Div(reason, button));
        d.setId("portal-reject-details");
        d.setWidthFull();
        return d;
    }

    static Component ask(Consumer<String> onAsk) {
        VerticalLayout box = box("portal-question-form");
        TextArea text = new TextArea(box.getTranslation("portal.question.text"));
        text.setId("portal-question-text");
        text.setWidthFull();
        text.setMaxLength(4000);
        Button send = new Button(box.getTranslation("portal.question.button"), e -> onAsk.accept(text.getValue()));
        send.setId("portal-ask");
        box.add(new H3(box.getTranslation("portal.question.title")), text, send);
        return box;
    }

    static Component thread(java.util.List<PortalQuote.Question> questions) {
        VerticalLayout box = box("portal-questions");
        box.add(new H3(box.getTranslation("portal.questions")));
        for (PortalQuote.Question q : questions) {
            Div item = new Div(new Span(PortalFormat.time(q.askedAt()) + " · " + q.text()));
            item.addClassName("portal-question");
            if (q.answers().isEmpty()) {
                item.add(new Paragraph(box.getTranslation("portal.question.pending")));
            }
            for (PortalQuote.Answer a : q.answers()) {
                Paragraph p = new Paragraph(box.getTranslation("portal.question.answer", a.by(), a.text()));
                p.addClassName("portal-answer");
                item.add(p);
            }
            box.add(item);
        }
        return box;
    }

    private static VerticalLayout box(String id) {
        VerticalLayout box = new VerticalLayout();
        box.setId(id);
        box.setPadding(false);
        box.setMaxWidth("40rem");
        return box;
    }
}
