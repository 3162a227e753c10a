package com.gpuquote.shared;

import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArraySet;

/**
 * In-memory signals from services to the open views of this server (issue 12: an open quote and the bell update when
 * an admin approves or a customer accepts). A service {@linkplain #publishAfterCommit publishes} a topic such as
 * {@code quote:<id>} or {@code notifications:<user id>}; a view subscribes on attach, unsubscribes on detach, and
 * pushes the change to its browser (Vaadin {@code @Push}). Signals carry no data, only "look again", so nothing
 * crosses a tenant: the view reads through the services with its own user. Fired after the transaction commits (an
 * undone change signals nothing), or at once outside a transaction, on a thread of its own: the committing thread
 * still has its finished transaction bound (a read there would run outside the tenant's scope) and must not wait
 * for other users' sessions. Other app instances get the topic through {@link Relay} (ClusterSignals: PostgreSQL
 * NOTIFY, ADR 0010).
 */
@Component
public class LiveUpdates {

    /** A subscription; {@link #remove()} ends it. */
    public interface Subscription {
        void remove();
    }

    /** Carries a published topic to the other app instances (ClusterSignals); none on a single server or in tests. */
    public interface Relay {
        void publish(String topic);
    }

    private final Map<String, Set<Runnable>> listeners = new ConcurrentHashMap<>();
    private volatile Relay relay;
    private final java.util.concurrent.ExecutorService dispatcher = java.util.concurrent.Executors.newSingleThreadExecutor(
            r -> {
                Thread t = new Thread(r, "live-updates");
                t.setDaemon(true);
                return t;
            });

    @jakarta.annotation.PreDestroy
    void stop() {
        dispatcher.shutdownNow();
    }

    public void relayTo(Relay relay) {
        this.relay = relay;
    }

    /** A topic another instance published (after its commit): fires this instance's listeners. */
    public void deliverFromElsewhere(String topic) {
        dispatcher.execute(() -> fire(topic));
    }

    public Subscription subscribe(String topic, Runnable listener) {
        listeners.computeIfAbsent(topic, t -> new CopyOnWriteArraySet<>()).add(listener);
        return () -> listeners.computeIfPresent(topic, (t, set) -> {
            set.remove(listener);
            return set.isEmpty() ? null : set;
        });
    }

    public void publishAfterCommit(String topic) {
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    dispatcher.execute(() -> fireAndRelay(topic));
                }
            });
        } else {
            dispatcher.execute(() -> fireAndRelay(topic));
        }
    }

    private void fireAndRelay(String topic) {
        fire(topic);
        Relay r = relay;
        if (r != null) {
            try {
                r.publish(topic);
            } catch (RuntimeException e) {
                org.slf4j.LoggerFactory.getLogger(LiveUpdates.class).debug("live update of {} not relayed", topic, e);
            }
        }
    }

    /** How many listeners a topic has (tests). */
    public int listeners(String topic) {
        Set<Runnable> set = listeners.get(topic);
        return set == null ? 0 : set.size();
    }

    private void fire(String topic) {
        Set<Runnable> set = listeners.get(topic);
        if (set == null) {
            return;
        }
        for (Runnable r : set) {
            try {
                r.run();
            } catch (RuntimeException e) {
                org.slf4j.LoggerFactory.getLogger(LiveUpdates.class).debug("live update of {} failed", topic, e);
            }
        }
    }

    public static String quote(java.util.UUID quoteId) {
        return "quote:" + quoteId;
    }

    public static String notifications(java.util.UUID userId) {
        return "notifications:" + userId;
    }
}
