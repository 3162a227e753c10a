package com.gpuquote.mail.internal;

import java.util.List;
import java.util.UUID;

/** Test access to what the outbox sender would pick up next. */
public final class OutboxTestAccess {
    private OutboxTestAccess() {
    }

    public static List<UUID> pendingIds(OutboxRepository repository) {
        return repository.pending(10_000).stream().map(OutboxRepository.PendingMail::id).toList();
    }
}
