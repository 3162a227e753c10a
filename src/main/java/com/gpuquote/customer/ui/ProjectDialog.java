package com.gpuquote.customer.ui;

import com.gpuquote.customer.CustomerId;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectDraft;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.shared.ui.FieldErrors;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;

import java.util.function.Consumer;

/** Creates a project of a customer; {@code onCreated} gets the saved project (the project page, the sizing view). */
public class ProjectDialog extends Dialog {

    final TextField name = new TextField();
    final TextArea description = new TextArea();
    /** The service's validation errors on their fields (issue 42). */
    final FieldErrors errors = new FieldErrors();

    public ProjectDialog(ProjectService projects, CustomerId customer, Consumer<Project> onCreated) {
        setHeaderTitle(getTranslation("project.new"));
        name.setLabel(getTranslation("project.name"));
        name.setId("project-name");
        name.setRequiredIndicatorVisible(true);
        description.setLabel(getTranslation("project.description"));
        add(new FormLayout(name, description));
        errors.on("name", name).on("description", description);
        Button create = new Button(getTranslation("shared.create"), e -> errors.attempt(() -> {
            Project p = projects.create(new ProjectDraft(customer, name.getValue(), description.getValue()));
            close();
            onCreated.accept(p);
        }));
        create.setId("create-project");
        create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        getFooter().add(new Button(getTranslation("shared.cancel"), e -> close()), create);
    }
}
