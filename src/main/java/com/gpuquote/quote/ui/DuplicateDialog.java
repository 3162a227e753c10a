package com.gpuquote.quote.ui;

import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;

import java.util.function.Consumer;

/**
 * "Duplicate" (issue 16): pick a project of the quote's customer (the quote's own by default); the copy is a new DRAFT
 * priced at today's prices, which {@code onDone} opens. The service checks the project again.
 */
class DuplicateDialog extends Dialog {

    final ComboBox<Project> project = new ComboBox<>();
    final Button confirm = new Button();

    DuplicateDialog(QuoteDetails q, QuoteDrafting quotes, ProjectService projects, Consumer<QuoteDetails> onDone) {
        setId("duplicate-dialog");
        setHeaderTitle(getTranslation("quote.duplicate.title", q.number() + " v" + q.version()));
        project.setId("duplicate-project");
        project.setLabel(getTranslation("quote.duplicate.project", q.customerName()));
        // searchable and fetched page by page: every project of the customer can be picked, however many
        project.setItems(query -> projects.search(
                new ProjectService.Search(query.getFilter().orElse(""), q.customerId(), null),
                query.getOffset(), query.getLimit()).stream());
        project.setItemLabelGenerator(Project::name);
        project.setRequiredIndicatorVisible(true);
        project.setWidthFull();
        try {
            project.setValue(projects.get(q.projectId())); // the quote's own project first
        } catch (NotFoundException e) {
            // not visible to this user any more: nothing chosen
        }
        project.addValueChangeListener(e -> confirm.setEnabled(e.getValue() != null));
        Paragraph help = new Paragraph(getTranslation("quote.duplicate.help"));
        help.addClassName("sizing-unit");
        VerticalLayout body = new VerticalLayout(project, help);
        body.setPadding(false);
        body.setWidth("28rem");
        body.setMaxWidth("100%");
        add(body);
        confirm.setText(getTranslation("quote.action.duplicate"));
        confirm.setId("duplicate-confirm");
        confirm.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        confirm.setEnabled(project.getValue() != null);
        confirm.addClickListener(e -> {
            QuoteDetails[] copy = new QuoteDetails[1];
            if (QuoteUi.attempt(() -> copy[0] = quotes.duplicate(q.id(), project.getValue().id()))) {
                close();
                Notifications.success(getTranslation("quote.action.duplicate.done", copy[0].number()));
                onDone.accept(copy[0]);
            }
        });
        getFooter().add(new Button(getTranslation("shared.cancel"), e -> close()), confirm);
    }
}
