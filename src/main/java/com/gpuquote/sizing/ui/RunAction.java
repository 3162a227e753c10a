package com.gpuquote.sizing.ui;

import com.gpuquote.customer.Project;
import com.gpuquote.sizing.RecommendationReport;
import com.vaadin.flow.component.Component;

import java.util.UUID;
import java.util.function.Supplier;

/**
 * An action on the whole recommendation shown for a project, contributed by another feature as a bean (the quotes
 * feature adds "Good / better / best quote", issue 40), so the sizing views do not depend on it. Shown over the
 * candidates when the sizing view has a project and candidates.
 */
public interface RunAction {

    /** The component (usually a button) for the recommendation shown. */
    Component render(Project project, SizedRun run);

    /**
     * The recommendation shown and {@code sizingRun}, which returns the id of the project's sizing run holding it,
     * saving the run first when it is not saved yet.
     */
    record SizedRun(RecommendationReport report, Supplier<UUID> sizingRun) {
    }
}
