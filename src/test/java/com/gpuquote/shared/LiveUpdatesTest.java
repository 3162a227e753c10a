package com.gpuquote.shared;

import com.gpuquote.IntegrationTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Signals to open views fire after the change commits, never for a rolled-back one, and stop on unsubscribe. */
class LiveUpdatesTest extends IntegrationTest {

    @Autowired
    LiveUpdates live;
    @Autowired
    TransactionTemplate transactions;

    @Test
    void firesAfterCommitOnlyAndStopsWhenRemoved() {
        String topic = LiveUpdates.quote(UUID.randomUUID());
        AtomicInteger fired = new AtomicInteger();
        LiveUpdates.Subscription s = live.subscribe(topic, fired::incrementAndGet);

        transactions.executeWithoutResult(tx -> {
            live.publishAfterCommit(topic);
            assertThat(fired).as("not before the commit").hasValue(0);
        });
        await(fired, 1);

        transactions.executeWithoutResult(tx -> {
            live.publishAfterCommit(topic);
            tx.setRollbackOnly();
        });
        assertThat(fired).as("a rolled-back change signals nothing").hasValue(1);

        live.publishAfterCommit(LiveUpdates.quote(UUID.randomUUID()));
        s.remove();
        assertThat(live.listeners(topic)).isZero();
        live.publishAfterCommit(topic);
        // signals run in order on one dispatcher thread: once a later signal to a second listener has run, the
        // earlier ones have too
        String probe = LiveUpdates.quote(UUID.randomUUID());
        AtomicInteger probed = new AtomicInteger();
        live.subscribe(probe, probed::incrementAndGet);
        live.publishAfterCommit(probe);
        await(probed, 1);
        assertThat(fired).as("rolled back, another topic, removed: still once").hasValue(1);
    }

    private static void await(AtomicInteger counter, int value) {
        long until = System.nanoTime() + 10_000_000_000L;
        while (counter.get() < value && System.nanoTime() < until) {
            Thread.onSpinWait();
        }
        assertThat(counter).hasValue(value);
    }
}
