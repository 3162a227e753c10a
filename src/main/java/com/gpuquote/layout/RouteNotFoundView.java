package com.gpuquote.layout;

import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.ErrorParameter;
import com.vaadin.flow.router.HasErrorParameter;
import com.vaadin.flow.router.NotFoundException;
import com.vaadin.flow.router.ParentLayout;
import com.vaadin.flow.server.auth.AnonymousAllowed;

/** An unknown route: the friendly translated page instead of Vaadin's "Could not navigate to …" (404). */
@ParentLayout(MainLayout.class)
@AnonymousAllowed
public class RouteNotFoundView extends ErrorPage implements HasErrorParameter<NotFoundException> {

    @Override
    public int setErrorParameter(BeforeEnterEvent event, ErrorParameter<NotFoundException> parameter) {
        return show();
    }
}
