package com.gpuquote.layout;

import com.vaadin.flow.router.AccessDeniedException;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.ErrorParameter;
import com.vaadin.flow.router.HasErrorParameter;
import com.vaadin.flow.router.ParentLayout;
import com.vaadin.flow.server.auth.AnonymousAllowed;

/**
 * A signed-in user opening a view their roles do not allow: the same friendly page as an unknown route, with 404, so
 * the refusal does not reveal that the view exists (anonymous visitors are sent to the login view before this).
 */
@ParentLayout(MainLayout.class)
@AnonymousAllowed
public class AccessDeniedView extends ErrorPage implements HasErrorParameter<AccessDeniedException> {

    @Override
    public int setErrorParameter(BeforeEnterEvent event, ErrorParameter<AccessDeniedException> parameter) {
        return show();
    }
}
