package com.gpuquote.catalog.ui;

import com.gpuquote.shared.Roles;
import com.gpuquote.catalog.CatalogService;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.splitlayout.SplitLayout;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;
import org.springframework.beans.factory.ObjectProvider;

/** Catalog browser for every tenant role and the platform admin: filters, lazy grid, detail panel. */
@Route("catalog")
@RolesAllowed({Roles.PLATFORM_ADMIN, Roles.TENANT_ADMIN, Roles.CONSULTANT})
@Menu(order = 100, title = "catalog.menu.browser", icon = "vaadin:server")
public class CatalogView extends VerticalLayout implements HasDynamicTitle {

    public CatalogView(CatalogService catalog, ObjectProvider<InstanceTypeSection> sections) {
        addClassName("catalog-view");
        setSizeFull();
        InstanceTypeGrid grid = new InstanceTypeGrid(catalog);
        InstanceTypeFilterBar filters = new InstanceTypeFilterBar(catalog, grid::setFilter);
        InstanceTypeDetails details = new InstanceTypeDetails(sections.orderedStream().toList());
        grid.asSingleSelect().addValueChangeListener(e -> details.show(e.getValue()));

        Paragraph note = new Paragraph(getTranslation("catalog.gib.note"));
        note.addClassName("catalog-note");
        note.setId("catalog-gib-note");

        SplitLayout split = new SplitLayout(grid, details);
        split.setSizeFull();
        split.setSplitterPosition(70);
        add(new H2(getTranslation("catalog.title")), filters, grid.countLabel(), split, note);
        setFlexGrow(1, split);
    }

    @Override
    public String getPageTitle() {
        return getTranslation("catalog.title") + " | GpuQuote";
    }
}
