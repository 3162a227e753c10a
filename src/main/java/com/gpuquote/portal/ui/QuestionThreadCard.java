package com.gpuquote.portal.ui;

import com.gpuquote.portal.PortalQuote;
import com.gpuquote.portal.QuestionThread;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.textfield.TextArea;

import java.util.function.BiConsumer;

/** A customer's question with the answers so far and a box to answer (consultant side). */
class QuestionThreadCard extends Div {

    QuestionThreadCard(QuestionThread t, boolean showQuote, BiConsumer<QuestionThread, String> onAnswer) {
        addClassName("question-thread");
        getStyle().set("border-bottom", "1px solid var(--lumo-contrast-10pct)").set("padding", "var(--lumo-space-s) 0");
        if (showQuote) {
            add(new Anchor("quotes/" + t.quoteId() + "/portal", getTranslation("portal.inbox.quote", t.quoteNumber(),
                    t.customerName())));
        }
        Span asked = new Span(PortalFormat.time(t.askedAt()) + " · " + t.text());
        asked.getStyle().set("display", "block").set("font-weight", "600");
        add(asked);
        for (PortalQuote.Answer a : t.answers()) {
            add(new Paragraph(getTranslation("portal.question.answer", a.by(), a.text())));
        }
        TextArea answer = new TextArea();
        answer.setPlaceholder(getTranslation("portal.inbox.answer"));
        answer.setWidthFull();
        answer.setMaxLength(4000);
        answer.addClassName("question-answer");
        Button send = new Button(getTranslation("portal.inbox.send"), e -> onAnswer.accept(t, answer.getValue()));
        send.addClassName("question-send");
        add(answer, send);
    }
}
