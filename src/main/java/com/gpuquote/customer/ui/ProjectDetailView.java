package com.gpuquote.customer.ui;

import com.gpuquote.security.Roles;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.customer.ProjectStatus;
import com.gpuquote.customer.SizingRun;
import com.gpuquote.shared.ui.Formats;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.shared.ui.RouteIds;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.H3;
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

import java.util.List;

/**
 * One project: status, saved sizing runs, and its quotes. Other features contribute sections (sizing, quotes)
 * through {@link ProjectSection} beans, so this view does not depend on them.
 */
@Route("projects/:id")
@RolesAllowed({Roles.CONSULTANT, Roles.TENANT_ADMIN})
public class ProjectDetailView extends VerticalLayout implements BeforeEnterObserver, HasDynamicTitle {

    private final ProjectService projects;
    private final ObjectProvider<ProjectSection> sections;
    final Select<ProjectStatus> status = new Select<>();
    final Grid<SizingRun> runs = new Grid<>(SizingRun.class, false);
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
        runs.addColumn(SizingRun::name).setHeader(getTranslation("project.run.name")).setFlexGrow(2);
        runs.addColumn(r -> r.createdBy() == null ? "" : r.createdBy()).setHeader(getTranslation("project.run.by"));
        runs.addColumn(r -> Formats.chinaDateTime(r.createdAt())).setKey("created").setHeader(getTranslation("project.created"));
        runs.addComponentColumn(this::openRun).setKey("open").setHeader("").setAutoWidth(true).setFlexGrow(0);
        runs.setAllRowsVisible(true);
        runs.setId("project-runs");
    }

    /** "Open": the sizing view with the run's input, so candidates can still be added to quotes (route by name). */
    private Anchor openRun(SizingRun run) {
        Anchor open = new Anchor("sizing?project=" + project.id() + "&run=" + run.id(), getTranslation("project.run.open"));
        open.setId("sizing-run-open-" + run.id());
        return open;
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
        List<SizingRun> saved = projects.sizingRuns(project.id());
        add(new H3(getTranslation("project.runs")));
        if (saved.isEmpty()) {
            add(new Paragraph(getTranslation("project.runs.none")));
        } else {
            runs.setItems(saved);
            add(runs);
        }
        sections.orderedStream().forEach(s -> add(s.render(project)));
    }

    @Override
    public String getPageTitle() {
        return (project == null ? getTranslation("project.nav") : project.name()) + " | GpuQuote";
    }

}
