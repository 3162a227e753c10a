package com.gpuquote.user.ui;

import com.gpuquote.shared.Roles;
import com.gpuquote.shared.ui.Confirm;
import com.gpuquote.shared.ui.Downloads;
import com.gpuquote.shared.ui.Formats;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.shared.ui.SecretOnceDialog;
import com.gpuquote.tenancy.Tenant;
import com.gpuquote.tenancy.TenantDataService;
import com.gpuquote.tenancy.TenantService;
import com.gpuquote.tenancy.TenantStatus;
import com.gpuquote.user.UserService;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.data.renderer.ComponentRenderer;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

/**
 * Platform admin: all tenants; onboard a new one with its first admin's invitation; suspend and reactivate; export a
 * tenant's data and delete a suspended one.
 */
@Route("tenants")
@RolesAllowed(Roles.PLATFORM_ADMIN)
@Menu(order = 10, title = "tenant.menu", icon = "vaadin:office")
public class TenantsView extends VerticalLayout implements HasDynamicTitle {

    private final TenantService tenants;
    private final UserService users;
    private final TenantDataService tenantData;
    private final Grid<Tenant> grid = new Grid<>(Tenant.class, false);

    public TenantsView(TenantService tenants, UserService users, TenantDataService tenantData) {
        this.tenants = tenants;
        this.users = users;
        this.tenantData = tenantData;
        addClassName("tenants-view");
        setSizeFull();
        Button create = new Button(getTranslation("tenant.create"), VaadinIcon.PLUS.create(), e -> openCreate());
        create.setId("create-tenant");
        create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        configureGrid();
        add(new HorizontalLayout(create), grid);
        refresh();
    }

    private void configureGrid() {
        grid.setId("tenants-grid");
        grid.addThemeVariants(GridVariant.LUMO_ROW_STRIPES);
        grid.addColumn(Tenant::slug).setKey("slug").setHeader(getTranslation("tenant.slug")).setSortable(true).setAutoWidth(true);
        grid.addColumn(Tenant::name).setKey("name").setHeader(getTranslation("tenant.name")).setSortable(true).setFlexGrow(1);
        grid.addColumn(new ComponentRenderer<>(this::statusBadge)).setKey("status").setHeader(getTranslation("tenant.status"))
                .setAutoWidth(true);
        grid.addColumn(t -> getTranslation("tenant.locale." + t.locale())).setKey("locale")
                .setHeader(getTranslation("tenant.locale")).setAutoWidth(true);
        grid.addColumn(t -> Formats.dateTime(t.createdAt())).setKey("created").setHeader(getTranslation("tenant.created"))
                .setSortable(true).setComparator(Tenant::createdAt).setAutoWidth(true);
        grid.addColumn(new ComponentRenderer<>(this::actions)).setKey("actions").setHeader(getTranslation("shared.actions"))
                .setAutoWidth(true);
        grid.setSizeFull();
    }

    private Span statusBadge(Tenant t) {
        Span badge = new Span(getTranslation("tenant.status." + t.status().name()));
        badge.getElement().getThemeList().add(t.active() ? "badge success" : "badge error");
        badge.addClassName("tenant-status");
        return badge;
    }

    private Component actions(Tenant t) {
        Button button;
        if (t.active()) {
            button = new Button(getTranslation("tenant.suspend"), e -> confirmStatus(t, TenantStatus.SUSPENDED));
            button.addClassName("tenant-suspend");
            button.addThemeVariants(ButtonVariant.LUMO_ERROR);
        } else {
            button = new Button(getTranslation("tenant.reactivate"), e -> confirmStatus(t, TenantStatus.ACTIVE));
            button.addClassName("tenant-reactivate");
        }
        button.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY);
        // a departing reseller: its data as a zip, then (once suspended) deletion for good
        Anchor export = new Anchor(Downloads.attachment("tenant-" + t.slug() + "-export.zip", "application/zip",
                () -> tenantData.export(t.id())), getTranslation("tenant.export"));
        export.addClassName("tenant-export");
        HorizontalLayout actions = new HorizontalLayout(button, export);
        actions.setAlignItems(FlexComponent.Alignment.CENTER);
        if (!t.active()) {
            Button delete = new Button(getTranslation("tenant.delete"),
                    e -> new DeleteTenantDialog(tenantData, t, this::refresh).open());
            delete.addClassName("tenant-delete");
            delete.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ERROR);
            actions.add(delete);
        }
        return actions;
    }

    private void confirmStatus(Tenant t, TenantStatus status) {
        String prefix = status == TenantStatus.SUSPENDED ? "tenant.suspend" : "tenant.reactivate";
        Confirm.ask(getTranslation(prefix + ".confirm.title", t.name()), getTranslation(prefix + ".confirm.text"),
                getTranslation(prefix), status == TenantStatus.SUSPENDED, () -> {
                    if (Notifications.attempt(() -> tenants.setStatus(t.id(), status))) {
                        Notifications.success(getTranslation(status == TenantStatus.SUSPENDED
                                ? "tenant.suspended.message" : "tenant.reactivated.message", t.name()));
                        refresh();
                    }
                });
    }

    private void openCreate() {
        new CreateTenantDialog(users, onboarding -> {
            refresh();
            Notifications.success(getTranslation("tenant.created.message", onboarding.tenant().name()));
            var link = onboarding.adminInvitation();
            new SecretOnceDialog(getTranslation("invitation.link.title"),
                    getTranslation("invitation.link.text", link.email(), Formats.dateTime(link.expiresAt())),
                    getTranslation("invitation.link.field"), link.url()).open();
        }).open();
    }

    private void refresh() {
        grid.setItems(tenants.list());
    }

    @Override
    public String getPageTitle() {
        return getTranslation("tenant.title") + " | GpuQuote";
    }
}
