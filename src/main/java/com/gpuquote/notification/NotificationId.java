package com.gpuquote.notification;

import java.util.Objects;
import java.util.UUID;

/** The id of one in-app notification (issue 14: typed ids in service signatures). */
public record NotificationId(UUID value) {
    public NotificationId {
        Objects.requireNonNull(value, "notification id");
    }

    public static NotificationId random() {
        return new NotificationId(UUID.randomUUID());
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
