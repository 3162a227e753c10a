package com.gpuquote.quote.ui;

import com.gpuquote.quote.QuoteStatus;
import com.vaadin.flow.component.html.Span;

/** A Lumo badge with the translated status. */
class StatusBadge extends Span {

    StatusBadge(QuoteStatus status) {
        setText(getTranslation("quote.status." + status.name()));
        String theme = switch (status) {
            case APPROVED, ACCEPTED -> "badge success";
            case PENDING_APPROVAL -> "badge contrast";
            case REJECTED, EXPIRED -> "badge error";
            case SUPERSEDED -> "badge contrast small";
            default -> "badge";
        };
        getElement().getThemeList().addAll(java.util.List.of(theme.split(" ")));
        getElement().setAttribute("data-status", status.name());
        addClassName("status-badge");
    }
}
