package com.gpuquote.shared.ui;

import com.gpuquote.shared.NotFoundException;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.router.BeforeEnterEvent;

import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * Detail views open the entity named by the route's {@code id}. A malformed id, another tenant's id and a deleted
 * entity look the same to the user: "not found", and back to the list the view belongs to.
 */
public final class RouteIds {

    private RouteIds() {
    }

    /**
     * The entity for the route's {@code id}, loaded by {@code loader}; empty after telling the user and forwarding to
     * {@code fallback} when the id is malformed or the loader answers {@link NotFoundException}.
     */
    public static <T> Optional<T> load(BeforeEnterEvent event, Function<UUID, T> loader,
                                       Class<? extends Component> fallback) {
        try {
            return Optional.of(loader.apply(UUID.fromString(event.getRouteParameters().get("id").orElse(""))));
        } catch (IllegalArgumentException | NotFoundException e) {
            Notifications.error(event.getUI().getTranslation("shared.error.notFound"));
            event.forwardTo(fallback);
            return Optional.empty();
        }
    }
}
