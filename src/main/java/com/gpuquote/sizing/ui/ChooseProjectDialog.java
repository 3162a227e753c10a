package com.gpuquote.sizing.ui;

import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectService;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Paragraph;

import java.util.function.Consumer;

/**
 * A candidate of a sizing made without a project is about to go into a quote: the quote belongs to a project, so the
 * consultant picks (or creates) the customer and project first; the sizing view then continues with that project.
 */
class ChooseProjectDialog extends Dialog {

    final ProjectPicker picker;
    final Button proceed = new Button();

    ChooseProjectDialog(CustomerService customers, ProjectService projects, Consumer<Project> onChosen) {
        setId("sizing-choose-project-dialog");
        setHeaderTitle(getTranslation("sizing.project.choose.title"));
        setWidth("min(44em, 95vw)");
        picker = new ProjectPicker("sizing-choose", customers, projects);
        add(new Paragraph(getTranslation("sizing.project.choose.text")), picker);
        proceed.setText(getTranslation("sizing.project.choose.continue"));
        proceed.setId("sizing-choose-continue");
        proceed.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        proceed.setEnabled(false);
        picker.onCustomer(c -> proceed.setEnabled(false));
        picker.onProject(p -> proceed.setEnabled(p != null));
        proceed.addClickListener(e -> {
            Project p = picker.project.getValue();
            if (p != null) {
                close();
                onChosen.accept(p);
            }
        });
        Button cancel = new Button(getTranslation("shared.cancel"), e -> close());
        cancel.setId("sizing-choose-cancel");
        getFooter().add(cancel, proceed);
    }
}
