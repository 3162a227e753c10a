package com.gpuquote.sizing.ui;

import com.gpuquote.customer.Project;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.sizing.RecommendationReport.Candidate;
import com.vaadin.flow.component.Component;

import java.util.UUID;
import java.util.function.Supplier;

/**
 * An action on one candidate of a recommendation made for a project, contributed by another feature as a bean (the
 * quotes feature adds "Add to quote"), so the sizing views do not depend on it. Shown only when the sizing view was
 * opened for a project.
 */
public interface CandidateAction {

    /** The component (usually a button) for the {@code index}-th candidate. */
    Component render(Project project, SizedCandidate candidate, int index);

    /**
     * Does at once what clicking the rendered component does. The sizing view calls it for the first action when the
     * consultant chose a candidate before choosing the project (sizing opened from the menu), so choosing the project
     * leads straight on to the action. Default: nothing.
     */
    default void perform(Project project, SizedCandidate candidate, int index) {
    }

    /**
     * A candidate with what priced it: the region, billing mode and hours per month of the request (null → 730),
     * the candidate as the sizing hand-over's JSON
     * ({@link com.gpuquote.sizing.SizingHandoverCodec#toJson(Candidate)}: the candidate as the recommendation answered it), and {@code sizingRun}, which returns the id of the
     * project's sizing run holding this input and result, saving the run first when it is not saved yet.
     */
    record SizedCandidate(Candidate candidate, String region, BillingMode billingMode, Integer hoursPerMonth,
                          String candidateJson, Supplier<UUID> sizingRun) {
    }
}
