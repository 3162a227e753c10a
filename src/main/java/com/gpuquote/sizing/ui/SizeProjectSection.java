package com.gpuquote.sizing.ui;

import com.gpuquote.customer.Project;
import com.gpuquote.customer.ui.ProjectSection;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H3;
import org.springframework.core.annotation.Order;

/** "Size this project" on the project page: opens the sizing view for the project (prices for its customer). */
@org.springframework.stereotype.Component
@Order(100)
class SizeProjectSection implements ProjectSection {

    @Override
    public Component render(Project project) {
        UI ui = UI.getCurrent();
        Anchor link = new Anchor("sizing?project=" + project.id(), ui.getTranslation("sizing.project.size"));
        link.setId("size-this-project");
        return new Div(new H3(ui.getTranslation("sizing.nav")), link);
    }
}
