package com.gpuquote.layout;

import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.ErrorParameter;
import com.vaadin.flow.router.HasErrorParameter;
import com.vaadin.flow.server.auth.AnonymousAllowed;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * A view that could not open because its service found no database connection (down, or the pool empty within its
 * timeout; docs/operations.md): the friendly translated page with a 503 instead of Vaadin's exception page. Without
 * the main layout, which would need the database itself. Requests that fail before Vaadin (the session check) get the
 * same words from {@code shared.web.DatabaseFaultFilter}.
 */
@AnonymousAllowed
public class DatabaseUnavailableView extends ErrorPage
        implements HasErrorParameter<CannotCreateTransactionException> {

    @Override
    public int setErrorParameter(BeforeEnterEvent event, ErrorParameter<CannotCreateTransactionException> parameter) {
        return show("shared.error.unavailable.title", "shared.error.unavailable.text",
                com.vaadin.flow.server.HttpStatusCode.SERVICE_UNAVAILABLE.getCode());
    }
}
