package com.gpuquote.quote.ui;

import com.gpuquote.customer.Project;
import com.gpuquote.quote.GoodBetterBestQuotes;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.sizing.NoPlanToQuoteException;
import com.gpuquote.sizing.SizingRunId;
import com.gpuquote.sizing.ui.RunAction;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.router.RouteParameters;
import org.springframework.core.annotation.Order;

/**
 * "Good / better / best quote" over the candidates of the sizing view opened for a project (issue 40): saves the run
 * when the input shown is not saved yet, builds the three-option quote ({@link GoodBetterBestQuotes}) and opens it in
 * the quote editor. Fewer than three plans meeting the targets are said in a notification; none, in an error.
 */
@org.springframework.stereotype.Component
@Order(100)
class GoodBetterBestAction implements RunAction {

    private final GoodBetterBestQuotes quotes;

    GoodBetterBestAction(GoodBetterBestQuotes quotes) {
        this.quotes = quotes;
    }

    @Override
    public Component render(Project project, SizedRun run) {
        UI ui = UI.getCurrent();
        Button button = new Button(ui.getTranslation("quote.goodBetterBest.button"), VaadinIcon.SPLIT.create());
        button.setId("sizing-good-better-best");
        button.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        button.addClickListener(e -> perform(project, run));
        return button;
    }

    void perform(Project project, SizedRun run) {
        UI ui = UI.getCurrent();
        QuoteUi.attempt(() -> {
            GoodBetterBestQuotes.Built built;
            try {
                built = quotes.create(new SizingRunId(run.sizingRun().get()), project.id(), null);
            } catch (NoPlanToQuoteException e) {
                Notifications.error(e.message(ui.getLocale()));
                return;
            }
            if (built.complete()) {
                Notifications.success(built.message(ui.getLocale()));
            } else { // fewer than three: said where it is seen, not as a failure
                com.vaadin.flow.component.notification.Notification.show(built.message(ui.getLocale()), 8000,
                        com.vaadin.flow.component.notification.Notification.Position.MIDDLE)
                        .addThemeVariants(com.vaadin.flow.component.notification.NotificationVariant.LUMO_CONTRAST);
            }
            ui.navigate(QuoteEditorView.class, new RouteParameters("id", built.quote().id().toString()));
        });
    }
}
