package com.gpuquote.quote.ui;

import com.gpuquote.customer.Project;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.SizingRef;
import com.gpuquote.sizing.ui.CandidateAction;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.ComponentUtil;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.notification.Notification;
import com.vaadin.flow.component.notification.NotificationVariant;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.router.RouteParameters;
import org.springframework.core.annotation.Order;

/**
 * "Add to quote" on each candidate of the sizing view opened for a project: one line of the candidate's instance type
 * × instances (the instances the stated traffic needs, when given), in the request's region and billing mode, 12 months, referring to the project's sizing run (saved on
 * confirmation if needed) and keeping the candidate JSON. After adding, a notification offers to open the quote.
 */
@org.springframework.stereotype.Component
@Order(100)
class AddToQuoteAction implements CandidateAction {

    private static final String OPEN_QUOTE_NOTIFICATION = AddToQuoteAction.class.getName() + ".notification";

    private final QuoteQueries queries;
    private final QuoteDrafting drafting;

    AddToQuoteAction(QuoteQueries queries, QuoteDrafting drafting) {
        this.queries = queries;
        this.drafting = drafting;
    }

    @Override
    public Component render(Project project, SizedCandidate sized, int index) {
        UI ui = UI.getCurrent();
        Button button = new Button(ui.getTranslation("quote.addToQuote.candidate"), VaadinIcon.PLUS.create());
        button.setId("candidate-add-to-quote-" + index);
        button.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_PRIMARY);
        button.addClickListener(e -> perform(project, sized, index));
        return button;
    }

    @Override
    public void perform(Project project, SizedCandidate sized, int index) {
        QuoteUi.attempt(() -> new AddToQuoteDialog(queries, drafting, project.id(), line(sized), AddToQuoteAction::offerToOpen)
                .beforeAdd(l -> l.withSizing(new SizingRef(new com.gpuquote.sizing.SizingRunId(sized.sizingRun().get()), sized.candidateJson())))
                .withoutNotification()
                .open());
    }

    /** The line "Add to quote" makes ({@link com.gpuquote.quote.SizedLines}, also each good / better / best option). */
    static QuoteInput.Line line(SizedCandidate sized) {
        return com.gpuquote.quote.SizedLines.line(sized.candidate(), sized.region(), sized.billingMode(),
                sized.hoursPerMonth());
    }

    private static void offerToOpen(QuoteDetails quote) {
        UI ui = UI.getCurrent();
        if (ComponentUtil.getData(ui, OPEN_QUOTE_NOTIFICATION) instanceof Notification previous) {
            previous.close(); // one "open quote" at a time, so its ids stay unique
        }
        Notification n = new Notification();
        ComponentUtil.setData(ui, OPEN_QUOTE_NOTIFICATION, n);
        n.setDuration(8000);
        n.setPosition(Notification.Position.BOTTOM_START);
        n.addThemeVariants(NotificationVariant.LUMO_SUCCESS);
        Button open = new Button(ui.getTranslation("quote.addToQuote.open"), e -> {
            n.close();
            ui.navigate(QuoteEditorView.class, new RouteParameters("id", quote.id().toString()));
        });
        open.setId("added-quote-open");
        open.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE);
        Span text = new Span(ui.getTranslation("quote.addToQuote.done", quote.number()));
        text.setId("added-quote-text");
        HorizontalLayout content = new HorizontalLayout(text, open);
        content.setAlignItems(HorizontalLayout.Alignment.CENTER);
        n.add(content);
        n.open();
    }
}
