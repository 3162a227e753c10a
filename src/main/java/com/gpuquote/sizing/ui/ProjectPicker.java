package com.gpuquote.sizing.ui;

import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.customer.ui.CustomerDialog;
import com.gpuquote.customer.ui.ProjectDialog;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;

import java.util.function.Consumer;

/**
 * Which customer and project a sizing is for: pick each from the tenant's own (lazy, searchable), or create one on
 * the spot with the customers feature's dialogs. Reports the chosen customer (prices then follow its agreement) and
 * the chosen project (the sizing can then be saved to it and its candidates added to its quotes).
 */
class ProjectPicker extends HorizontalLayout {

    final ComboBox<Customer> customer = new ComboBox<>();
    final ComboBox<Project> project = new ComboBox<>();
    final Button newCustomer = new Button(VaadinIcon.PLUS.create());
    final Button newProject = new Button(VaadinIcon.PLUS.create());
    private final ProjectService projects;
    private Consumer<Customer> onCustomer = c -> { };
    private Consumer<Project> onProject = p -> { };

    ProjectPicker(String idPrefix, CustomerService customers, ProjectService projects) {
        this.projects = projects;
        setId(idPrefix + "-picker");
        setAlignItems(FlexComponent.Alignment.BASELINE);
        setWidthFull();
        getStyle().set("flex-wrap", "wrap");
        customer.setId(idPrefix + "-customer");
        customer.setLabel(getTranslation("sizing.project.customer"));
        customer.setPlaceholder(getTranslation("sizing.project.customer.none"));
        customer.setClearButtonVisible(true);
        customer.setItems(q -> customers.search(new CustomerService.Search(q.getFilter().orElse(""), false),
                q.getOffset(), q.getLimit()).stream());
        customer.setItemLabelGenerator(Customer::name);
        customer.addValueChangeListener(e -> {
            if (e.isFromClient()) {
                customerChosen(e.getValue());
            }
        });
        project.setId(idPrefix + "-project");
        project.setLabel(getTranslation("sizing.project.project"));
        project.setPlaceholder(getTranslation("sizing.project.project.none"));
        project.setClearButtonVisible(true);
        project.setItemLabelGenerator(Project::name);
        project.addValueChangeListener(e -> {
            if (e.isFromClient()) {
                onProject.accept(e.getValue());
            }
        });
        newCustomer.setId(idPrefix + "-new-customer");
        newCustomer.setAriaLabel(getTranslation("sizing.project.newCustomer"));
        newCustomer.setTooltipText(getTranslation("sizing.project.newCustomer"));
        newCustomer.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        newCustomer.addClickListener(e -> new CustomerDialog(customers, null, created -> {
            customer.setValue(created);
            customerChosen(created);
        }).open());
        newProject.setId(idPrefix + "-new-project");
        newProject.setAriaLabel(getTranslation("sizing.project.newProject"));
        newProject.setTooltipText(getTranslation("sizing.project.newProject"));
        newProject.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        newProject.addClickListener(e -> {
            if (customer.getValue() != null) {
                new ProjectDialog(projects, customer.getValue().id(), created -> {
                    project.setValue(created);
                    onProject.accept(created);
                }).open();
            }
        });
        add(customer, newCustomer, project, newProject);
        listProjects(null);
    }

    void onCustomer(Consumer<Customer> listener) {
        this.onCustomer = listener;
    }

    void onProject(Consumer<Project> listener) {
        this.onProject = listener;
    }

    /** Shows {@code p} (and its customer) as chosen, without reporting it (the view already uses it). */
    void show(Customer c, Project p) {
        customer.setValue(c);
        listProjects(c);
        project.setValue(p);
    }

    private void customerChosen(Customer c) {
        listProjects(c);
        project.clear();
        onCustomer.accept(c);
    }

    private void listProjects(Customer c) {
        project.setEnabled(c != null);
        newProject.setEnabled(c != null);
        if (c == null) {
            project.setItems(java.util.List.of());
            return;
        }
        project.setItems(q -> projects.search(new ProjectService.Search(q.getFilter().orElse(""), c.id(), null),
                q.getOffset(), q.getLimit()).stream());
    }
}
