package com.gpuquote.tenancy.internal;

import org.jspecify.annotations.Nullable;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Rows of {@code tenants} read once per transaction (ADR 1854): a request that prices and renders a quote asked for
 * its tenant eight times. The values live as long as the current transaction (a resource bound to it, unbound when
 * it completes), so nothing outlives a request and no other transaction ever sees them; every write to
 * {@code tenants} empties it. Outside a transaction with synchronisation it does not cache.
 */
final class TransactionReadCache {

    private static final Object KEY = new Object();

    private TransactionReadCache() {
    }

    @SuppressWarnings("unchecked")
    static <T> T get(Object key, Supplier<T> read) {
        Map<Object, Object> cache = cache();
        if (cache == null) {
            return read.get();
        }
        Object value = cache.get(key);
        if (value == null) {
            value = read.get();
            cache.put(key, value);
        }
        return (T) value;
    }

    /** Forgets what this transaction read (after any write to {@code tenants}). */
    static void evict() {
        Map<Object, Object> cache = cache();
        if (cache != null) {
            cache.clear();
        }
    }

    @SuppressWarnings("unchecked")
    private static @Nullable Map<Object, Object> cache() {
        if (!TransactionSynchronizationManager.isSynchronizationActive()
                || !TransactionSynchronizationManager.isActualTransactionActive()) {
            return null;
        }
        Map<Object, Object> cache = (Map<Object, Object>) TransactionSynchronizationManager.getResource(KEY);
        if (cache == null) {
            Map<Object, Object> created = new HashMap<>();
            TransactionSynchronizationManager.bindResource(KEY, created);
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCompletion(int status) {
                    TransactionSynchronizationManager.unbindResourceIfPossible(KEY);
                }
            });
            cache = created;
        }
        return cache;
    }
}
