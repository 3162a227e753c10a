package com.gpuquote.audit.ui;

import com.gpuquote.shared.Roles;
import com.gpuquote.audit.AuditLog;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

/**
 * Platform admin: the platform's own audit log (ADR 0006): platform administrators' logins and failed logins, their
 * API tokens, platform accounts and the tenant lifecycle; newest first, filtered by actor, action and dates.
 */
@Route("platform/audit")
@RolesAllowed(Roles.PLATFORM_ADMIN)
@Menu(order = 15, title = "audit.platform.menu", icon = "vaadin:clipboard-text")
public class PlatformAuditLogView extends VerticalLayout implements HasDynamicTitle {

    public PlatformAuditLogView(AuditLog audit) {
        addClassName("audit-view");
        setSizeFull();
        add(new AuditEventsPanel(AuditFilters.PLATFORM_ACTIONS, audit::findPlatform, audit::countPlatformUpTo));
    }

    @Override
    public String getPageTitle() {
        return getTranslation("audit.platform.title") + " | GpuQuote";
    }
}
