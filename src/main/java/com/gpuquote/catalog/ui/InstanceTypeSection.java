package com.gpuquote.catalog.ui;

import com.gpuquote.catalog.InstanceType;
import com.vaadin.flow.component.Component;
import org.jspecify.annotations.Nullable;

/**
 * A section another feature adds to the catalog's instance type detail panel (pricing: the list price history), as
 * in ADR 0005: declare a Spring bean implementing this; the panel renders every section in {@code @Order}. Return
 * null when there is nothing to show for the signed-in user (e.g. the platform admin has no prices).
 */
public interface InstanceTypeSection {
    @Nullable Component render(InstanceType type);
}
