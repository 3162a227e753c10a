package com.gpuquote.deployment.ui;

import com.gpuquote.catalog.CatalogService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ui.ProjectSection;
import com.gpuquote.deployment.Deployment;
import com.gpuquote.deployment.DeploymentService;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.QuoteSummary;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.sizing.engine.Workload;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.RouteParameters;
import org.springframework.context.annotation.Scope;
import org.springframework.core.annotation.Order;

import java.time.Clock;
import java.util.List;

/**
 * The project's deployments on the project page: what the customer actually runs. "New deployment" by hand, and one
 * click per accepted quote whose deployments are not there yet.
 */
@org.springframework.stereotype.Component
@Scope("prototype")
@Order(300)
public class DeploymentsSection implements ProjectSection {

    private final DeploymentService deployments;
    private final QuoteQueries quotes;
    private final CatalogService catalog;
    private final Clock clock;

    DeploymentsSection(DeploymentService deployments, QuoteQueries quotes, CatalogService catalog, Clock clock) {
        this.deployments = deployments;
        this.quotes = quotes;
        this.catalog = catalog;
        this.clock = clock;
    }

    @Override
    public Component render(Project project) {
        VerticalLayout section = new VerticalLayout();
        section.setPadding(false);
        section.setId("project-deployments");
        fill(section, project);
        return section;
    }

    private void fill(VerticalLayout section, Project project) {
        section.removeAll();
        List<Deployment> list = deployments.forProject(project.id());
        Grid<Deployment> grid = new Grid<>(Deployment.class, false);
        grid.setId("deployments-grid");
        grid.setAllRowsVisible(true);
        grid.addColumn(Deployment::instanceType).setHeader(section.getTranslation("deployment.field.instanceType")).setAutoWidth(true);
        grid.addColumn(Deployment::count).setHeader(section.getTranslation("deployment.field.count")).setAutoWidth(true);
        grid.addColumn(Deployment::region).setHeader(section.getTranslation("deployment.field.region")).setAutoWidth(true);
        grid.addColumn(d -> section.getTranslation("deployment.mode." + d.billingMode().name()))
                .setHeader(section.getTranslation("deployment.field.billingMode")).setAutoWidth(true);
        grid.addColumn(d -> d.since().toString()).setHeader(section.getTranslation("deployment.field.since")).setAutoWidth(true);
        grid.addColumn(d -> section.getTranslation(d.sourceQuoteId() == null ? "deployment.source.manual" : "deployment.source.order"))
                .setHeader(section.getTranslation("deployment.field.source"));
        grid.addItemClickListener(e -> UI.getCurrent().navigate(DeploymentView.class,
                new RouteParameters("id", e.getItem().id().toString())));
        grid.setItems(list);
        grid.setVisible(!list.isEmpty());

        Button create = new Button(section.getTranslation("deployment.new"), VaadinIcon.PLUS.create(),
                e -> new DeploymentDialog(deployments, catalog, clock, project, d -> fill(section, project)).open());
        create.setId("new-deployment");
        HorizontalLayout header = new HorizontalLayout(new H3(section.getTranslation("deployment.nav")), create);
        header.setAlignItems(FlexComponent.Alignment.BASELINE);
        section.add(header);
        if (list.isEmpty()) {
            section.add(new Paragraph(section.getTranslation("deployment.none")));
        }
        // one click per accepted quote of the project that has no deployments yet
        for (QuoteSummary q : quotes.forProject(project.id())) {
            boolean done = list.stream().anyMatch(d -> q.id().value().equals(d.sourceQuoteId()));
            if (q.status() != QuoteStatus.ACCEPTED || done) {
                continue;
            }
            Button fromOrder = new Button(section.getTranslation("deployment.fromOrder", q.number() + " v" + q.version()),
                    VaadinIcon.CHECK_CIRCLE_O.create());
            fromOrder.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
            fromOrder.addClassName("deployment-from-order");
            fromOrder.getElement().setAttribute("data-quote", q.id().value().toString());
            // the workload of lines without a sizing that names one (lines from a sizing bring their own)
            com.vaadin.flow.component.select.Select<Workload> workload = new com.vaadin.flow.component.select.Select<>();
            workload.addClassName("deployment-from-order-workload");
            workload.setLabel(section.getTranslation("deployment.fromOrder.workload"));
            workload.setItems(Workload.values());
            workload.setItemLabelGenerator(w -> section.getTranslation("deployment.workload." + w.name()));
            workload.setValue(Workload.TRAINING);
            workload.setHelperText(section.getTranslation("deployment.fromOrder.workloadHelp"));
            fromOrder.addClickListener(e -> {
                if (Notifications.attempt(() -> deployments.createFromOrder(q.id(), workload.getValue()))) {
                    Notifications.success(section.getTranslation("deployment.fromOrder.done"));
                    fill(section, project);
                }
            });
            HorizontalLayout row = new HorizontalLayout(workload, fromOrder);
            row.setAlignItems(FlexComponent.Alignment.BASELINE);
            section.add(row);
        }
        section.add(grid);
    }
}
