package com.gpuquote.tenancy;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Connection settings. The admin account is used only to create the database, migrate and manage the runtime role;
 * the runtime pool connects as the app role, which owns nothing and cannot bypass row-level security.
 */
@ConfigurationProperties(prefix = "gpuquote.db")
public record DatabaseProperties(String url, String adminUser, String adminPassword, String appUser, String appPassword,
                                 int poolSize) {
    public DatabaseProperties {
        if (poolSize <= 0) {
            poolSize = 10;
        }
    }
}
