package com.gpuquote.audit.ui;

import com.gpuquote.shared.Roles;
import com.gpuquote.audit.AuditLog;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

/** Tenant admin: who did what, when, from which IP; newest first, lazily loaded, filtered by actor, action and dates. */
@Route("audit")
@RolesAllowed(Roles.TENANT_ADMIN)
@Menu(order = 40, title = "audit.menu", icon = "vaadin:clipboard-text")
public class AuditLogView extends VerticalLayout implements HasDynamicTitle {

    public AuditLogView(AuditLog audit) {
        addClassName("audit-view");
        setSizeFull();
        add(new AuditEventsPanel(AuditFilters.TENANT_ACTIONS, audit::find, audit::countUpTo));
    }

    @Override
    public String getPageTitle() {
        return getTranslation("audit.title") + " | GpuQuote";
    }
}
