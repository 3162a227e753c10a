package com.gpuquote.quote.ui;

import com.gpuquote.quote.domain.ApprovalDeniedException;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.UI;

/** Runs a quote action and turns the quote domain's refusals (and the shared exceptions) into friendly messages. */
final class QuoteUi {

    private QuoteUi() {
    }

    static boolean attempt(Runnable action) {
        try {
            action.run();
            return true;
        } catch (ApprovalDeniedException e) { // names the role the waiting step needs, or why this person may not
            Notifications.error(e.message(UI.getCurrent().getLocale()));
        } catch (InvalidInputException e) {
            java.util.Locale locale = UI.getCurrent().getLocale();
            Notifications.error(e.errors().stream().map(f -> FieldPaths.message(f, locale))
                    .collect(java.util.stream.Collectors.joining("\n")));
        } catch (RuntimeException e) {
            Notifications.error(Notifications.describe(e));
        }
        return false;
    }
}
