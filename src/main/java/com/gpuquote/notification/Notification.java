package com.gpuquote.notification;

import java.time.Instant;
import java.util.Map;

/**
 * Something a user should know. {@code kind} selects the message ({@code notification.kind.<kind>} in the bundles,
 * with {@code params} as named values); {@code link} is the app route to open.
 */
public record Notification(NotificationId id, String kind, Map<String, String> params, String link, Instant createdAt,
                           Instant readAt) {
    public boolean unread() {
        return readAt == null;
    }
}
