package com.gpuquote.layout;

import com.gpuquote.security.GpuQuoteUser;
import com.vaadin.flow.component.Component;

import java.util.Optional;

/**
 * A card another feature adds to the home page (open quotes, approvals waiting, customer questions): declare a
 * Spring bean (prototype scope) implementing this; the page renders, in {@code @Order}, every card that has
 * something for the signed-in user. Keeps {@code layout} free of dependencies on the features (ADR 0005).
 */
public interface HomeCard {

    /** The card for this user, or empty when it does not apply to their roles. */
    Optional<Component> render(GpuQuoteUser user);
}
