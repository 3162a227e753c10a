package com.gpuquote.quote.ui;

import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteDrafting;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.RouteParameters;

import java.util.List;

/**
 * "New quote" from the quotes list (issue 12): pick the customer, then one of its projects, and the empty DRAFT
 * (option A) opens in the editor. A customer without a project, or a new customer, is one link away.
 */
class NewQuoteDialog extends Dialog {

    final ComboBox<Customer> customer = new ComboBox<>();
    final ComboBox<Project> project = new ComboBox<>();
    final Button create = new Button();

    NewQuoteDialog(QuoteDrafting quotes, CustomerService customers, ProjectService projects) {
        setHeaderTitle(getTranslation("quote.new"));
        setId("new-quote-dialog");
        customer.setId("new-quote-customer");
        customer.setLabel(getTranslation("quote.customer"));
        customer.setRequiredIndicatorVisible(true);
        customer.setItems(q -> customers.search(new CustomerService.Search(q.getFilter().orElse(""), false),
                q.getOffset(), q.getLimit()).stream());
        customer.setItemLabelGenerator(Customer::name);
        customer.setWidthFull();
        project.setId("new-quote-project");
        project.setLabel(getTranslation("quote.project"));
        project.setRequiredIndicatorVisible(true);
        project.setItemLabelGenerator(Project::name);
        project.setWidthFull();
        project.setEnabled(false);
        customer.addValueChangeListener(e -> {
            project.clear();
            Customer c = e.getValue();
            project.setEnabled(c != null);
            if (c != null) {
                // searchable and fetched page by page, so a customer's every project can be picked (not only the
                // first few hundred); the first two tell "none" and "just one" apart
                project.setItems(q -> projects.search(new ProjectService.Search(q.getFilter().orElse(""), c.id(), null),
                        q.getOffset(), q.getLimit()).stream());
                List<Project> first = projects.search(new ProjectService.Search(null, c.id(), null), 0, 2);
                if (first.size() == 1) {
                    project.setValue(first.get(0));
                }
                project.setHelperText(first.isEmpty() ? getTranslation("quote.newDialog.noProject") : null);
            }
            create.setEnabled(project.getValue() != null);
        });
        project.addValueChangeListener(e -> create.setEnabled(e.getValue() != null));
        Anchor newCustomer = new Anchor("customers", getTranslation("quote.newDialog.customers"));
        newCustomer.setId("new-quote-customers-link");
        VerticalLayout body = new VerticalLayout(customer, project, newCustomer);
        body.setPadding(false);
        body.setWidth("28rem");
        body.setMaxWidth("100%");
        add(body);
        create.setText(getTranslation("quote.newDialog.create"));
        create.setId("new-quote-create");
        create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        create.setEnabled(false);
        create.addClickListener(e -> QuoteUi.attempt(() -> {
            var created = quotes.create(new NewQuote(project.getValue().id(), null,
                    List.of(new QuoteInput.Option("A", List.of(), List.of()))));
            close();
            UI.getCurrent().navigate(QuoteEditorView.class, new RouteParameters("id", created.id().toString()));
        }));
        Button cancel = new Button(getTranslation("shared.cancel"), e -> close());
        getFooter().add(cancel, create);
    }
}
