package com.gpuquote.shared.ui;

import com.gpuquote.shared.NotFoundException;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.router.BeforeEnterEvent;

import org.jspecify.annotations.Nullable;

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
            Optional<UUID> id = id(event);
            if (id.isPresent()) {
                return Optional.of(loader.apply(id.get()));
            }
        } catch (IllegalArgumentException | NotFoundException e) {
            // below: the same answer as a malformed id
        }
        Notifications.error(event.getUI().getTranslation("shared.error.notFound"));
        event.forwardTo(fallback);
        return Optional.empty();
    }

    /** The route's {@code id} parameter as a UUID; empty when it is missing or malformed. */
    public static Optional<UUID> id(BeforeEnterEvent event) {
        return parse(event.getRouteParameters().get("id").orElse(null));
    }

    /**
     * A route segment as a UUID; empty when it is null, blank or malformed (the one place route ids are parsed, for
     * views whose "not found" looks different from {@link #load}'s).
     */
    public static Optional<UUID> parse(@Nullable String segment) {
        if (segment == null || segment.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(UUID.fromString(segment));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
