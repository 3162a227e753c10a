package com.gpuquote.audit;

import java.time.Instant;

public record AuditEvent(long id, String actor, String action, String entity, String entityId, Instant at, String ip,
                         String details) {
}
