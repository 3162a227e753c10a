package com.gpuquote.customer.ui;

import com.gpuquote.customer.Project;
import com.vaadin.flow.component.Component;

/**
 * A section another feature adds to the project page (sizing actions, quotes): declare a Spring bean
 * (prototype or UI scope) implementing this; the page renders every section in {@code @Order}.
 */
public interface ProjectSection {
    Component render(Project project);
}
