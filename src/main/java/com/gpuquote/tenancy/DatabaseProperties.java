package com.gpuquote.tenancy;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * Connection settings. The admin account is used only to create the database, migrate and manage the runtime role;
 * the runtime pool connects as the app role, which owns nothing and cannot bypass row-level security.
 * <p>
 * The three timeouts bound how long a request can wait on the database (docs/operations.md): for a pooled connection
 * ({@code connectionTimeout}, default 3 s: a full pool or a database that is down answers 503 quickly instead of
 * hanging), for one statement ({@code statementTimeout}, 30 s) and for a row or table lock ({@code lockTimeout}, 5 s).
 */
@ConfigurationProperties(prefix = "gpuquote.db")
public record DatabaseProperties(String url, String adminUser, String adminPassword, String appUser, String appPassword,
                                 int poolSize, Duration connectionTimeout, Duration statementTimeout,
                                 Duration lockTimeout) {
    public DatabaseProperties {
        if (poolSize <= 0) {
            poolSize = 10;
        }
        if (connectionTimeout == null || connectionTimeout.toMillis() < 250) {
            connectionTimeout = Duration.ofSeconds(3); // Hikari's floor is 250 ms
        }
        if (statementTimeout == null || statementTimeout.isNegative()) {
            statementTimeout = Duration.ofSeconds(30);
        }
        if (lockTimeout == null || lockTimeout.isNegative()) {
            lockTimeout = Duration.ofSeconds(5);
        }
    }
}
