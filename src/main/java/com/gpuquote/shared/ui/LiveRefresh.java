package com.gpuquote.shared.ui;

import com.gpuquote.shared.LiveUpdates;
import com.vaadin.flow.component.UI;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * A view's subscription to a {@link LiveUpdates} topic: the refresh runs in the view's UI ({@code ui.access}, pushed
 * to the browser) as the view's own user, whose security context is captured when subscribing, since the signal
 * arrives on another user's request thread. Subscribe on attach or when the topic changes, {@link #close()} on
 * detach.
 */
public final class LiveRefresh implements AutoCloseable {

    private final LiveUpdates.Subscription subscription;

    private LiveRefresh(LiveUpdates.Subscription subscription) {
        this.subscription = subscription;
    }

    public static LiveRefresh subscribe(LiveUpdates live, UI ui, String topic, Runnable refresh) {
        SecurityContext captured = SecurityContextHolder.createEmptyContext();
        captured.setAuthentication(SecurityContextHolder.getContext().getAuthentication());
        return new LiveRefresh(live.subscribe(topic, () -> ui.access(() -> {
            SecurityContext before = SecurityContextHolder.getContext();
            SecurityContextHolder.setContext(captured);
            try {
                refresh.run();
            } finally {
                SecurityContextHolder.setContext(before);
            }
        })));
    }

    @Override
    public void close() {
        subscription.remove();
    }
}
