package com.gpuquote.customer.ui;

import com.gpuquote.shared.Roles;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.customer.ProjectStatus;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.shared.ui.RouteIds;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;
import org.springframework.beans.factory.ObjectProvider;


/**
 * One project: status, and what other features contribute: saved sizing runs, sizing actions, quotes (sizing, quotes)
 * through {@link ProjectSection} beans, so this view does not depend on them.
 */
@Route("projects/:id")
@RolesAllowed({Roles.CONSULTANT, Roles.TENANT_ADMIN})
public class ProjectDetailView extends VerticalLayout implements BeforeEnterObserver, HasDynamicTitle {

    private final ProjectService projects;
    private final ObjectProvider<ProjectSection> sections;
    final Select<ProjectStatus> status = new Select<>();
    private Project project;

    public ProjectDetailView(ProjectService projects, ObjectProvider<ProjectSection> sections) {
        this.projects = projects;
        this.sections = sections;
        setSizeFull();
        status.setLabel(getTranslation("project.status"));
        status.setId("project-status");
        status.setItems(ProjectStatus.values());
        status.setItemLabelGenerator(s -> getTranslation("project.status." + s.name()));
        status.addValueChangeListener(e -> {
            if (e.isFromClient() && e.getValue() != null) {
                Notifications.attempt(() -> {
                    project = projects.update(project.id(), project.name(), project.description(), e.getValue(),
                            project.version());
                    Notifications.success(getTranslation("shared.saved"));
                });
            }
        });
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        RouteIds.load(event, id -> projects.get(new ProjectId(id)), CustomersView.class).ifPresent(found -> {
            project = found;
            render();
        });
    }

    private void render() {
        removeAll();
        status.setValue(project.status());
        Anchor customer = new Anchor("customers/" + project.customerId(), project.customerName());
        H2 title = new H2(project.name());
        title.setId("project-title");
        add(title, new HorizontalLayout(new Paragraph(getTranslation("shared.label", getTranslation("project.customer"))), customer), status);
        if (!project.description().isBlank()) {
            add(new Paragraph(project.description()));
        }
        sections.orderedStream().forEach(s -> add(s.render(project)));
    }

    @Override
    public String getPageTitle() {
        return (project == null ? getTranslation("project.nav") : project.name()) + " | GpuQuote";
    }

}
