package com.gpuquote.sizing.ui;

import com.gpuquote.customer.Project;
import com.gpuquote.customer.ui.ProjectSection;
import com.gpuquote.shared.ui.Formats;
import com.gpuquote.sizing.SizingRun;
import com.gpuquote.sizing.SizingRunService;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import org.springframework.core.annotation.Order;

import java.util.List;

/** The project's saved sizing runs on the project page, first of the contributed sections (ADR 1406: sizing owns runs). */
@org.springframework.stereotype.Component
@Order(0)
class SavedRunsProjectSection implements ProjectSection {

    private final SizingRunService runs;

    SavedRunsProjectSection(SizingRunService runs) {
        this.runs = runs;
    }

    @Override
    public Component render(Project project) {
        UI ui = UI.getCurrent();
        VerticalLayout section = new VerticalLayout(new H3(ui.getTranslation("project.runs")));
        section.setPadding(false);
        List<SizingRun> saved = runs.list(project.id());
        if (saved.isEmpty()) {
            section.add(new Paragraph(ui.getTranslation("project.runs.none")));
            return section;
        }
        Grid<SizingRun> grid = new Grid<>(SizingRun.class, false);
        grid.addColumn(SizingRun::name).setHeader(ui.getTranslation("project.run.name")).setFlexGrow(2);
        grid.addColumn(r -> r.createdBy() == null ? "" : r.createdBy()).setHeader(ui.getTranslation("project.run.by"));
        grid.addColumn(r -> Formats.chinaDateTime(r.createdAt())).setKey("created").setHeader(ui.getTranslation("project.created"));
        grid.addComponentColumn(run -> openRun(ui, project, run)).setKey("open").setHeader("").setAutoWidth(true).setFlexGrow(0);
        grid.setAllRowsVisible(true);
        grid.setId("project-runs");
        grid.setItems(saved);
        section.add(grid);
        return section;
    }

    /** "Open": the sizing view with the run's input, so candidates can still be added to quotes (route by name). */
    private static Anchor openRun(UI ui, Project project, SizingRun run) {
        Anchor open = new Anchor("sizing?project=" + project.id() + "&run=" + run.id(), ui.getTranslation("project.run.open"));
        open.setId("sizing-run-open-" + run.id());
        return open;
    }
}
