package com.gpuquote.customer.ui;

import com.gpuquote.customer.Customer;
import com.vaadin.flow.component.Component;

/**
 * A section another feature adds to the customer page (ADR 0005, e.g. pricing's agreements): declare a Spring bean
 * implementing this; the page renders every section in {@code @Order} below the projects.
 */
public interface CustomerSection {
    Component render(Customer customer);
}
