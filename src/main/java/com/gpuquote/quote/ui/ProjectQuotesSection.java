package com.gpuquote.quote.ui;

import com.gpuquote.customer.Project;
import com.gpuquote.customer.ui.ProjectSection;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteSummary;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.RouteParameters;
import org.springframework.context.annotation.Scope;
import org.springframework.core.annotation.Order;

import java.util.List;

/** The project's quotes on the project page, with "New quote" (creates a draft and opens the editor). */
@org.springframework.stereotype.Component
@Scope("prototype")
@Order(200)
public class ProjectQuotesSection implements ProjectSection {

    private final QuoteQueries queries;

    private final QuoteDrafting drafting;

    ProjectQuotesSection(QuoteQueries queries, QuoteDrafting drafting) {
        this.queries = queries;
        this.drafting = drafting;
    }

    @Override
    public Component render(Project project) {
        VerticalLayout section = new VerticalLayout();
        section.setPadding(false);
        section.setId("project-quotes");
        Grid<QuoteSummary> grid = new Grid<>(QuoteSummary.class, false);
        grid.setId("project-quotes-grid");
        grid.setAllRowsVisible(true);
        grid.addColumn(QuoteSummary::number).setHeader(section.getTranslation("quote.number")).setAutoWidth(true);
        grid.addColumn(QuoteSummary::version).setHeader(section.getTranslation("quote.version")).setAutoWidth(true);
        grid.addComponentColumn(q -> new StatusBadge(q.status())).setHeader(section.getTranslation("quote.status"));
        grid.addColumn(q -> q.authorName() == null ? "" : q.authorName()).setHeader(section.getTranslation("quote.consultant"));
        grid.addColumn(q -> q.validUntil().toString()).setHeader(section.getTranslation("quote.validUntil"));
        grid.addItemClickListener(e -> open(e.getItem().id().toString()));
        List<QuoteSummary> list = queries.forProject(project.id());
        grid.setItems(list);
        grid.setVisible(!list.isEmpty());
        Button create = new Button(section.getTranslation("quote.new"), VaadinIcon.PLUS.create(), e -> QuoteUi.attempt(() ->
                open(drafting.create(new NewQuote(project.id(), null,
                        List.of(new com.gpuquote.quote.QuoteInput.Option("A", List.of(), List.of())))).id().toString())));
        create.setId("new-quote");
        create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        HorizontalLayout header = new HorizontalLayout(new H3(section.getTranslation("quote.nav")), create);
        header.setAlignItems(com.vaadin.flow.component.orderedlayout.FlexComponent.Alignment.BASELINE);
        section.add(header, grid);
        return section;
    }

    private static void open(String id) {
        UI.getCurrent().navigate(QuoteEditorView.class, new RouteParameters("id", id));
    }
}
