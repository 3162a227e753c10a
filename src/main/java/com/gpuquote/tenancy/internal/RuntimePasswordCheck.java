package com.gpuquote.tenancy.internal;

import com.gpuquote.tenancy.DatabaseProperties;
import org.springframework.core.env.Environment;
import org.springframework.core.env.Profiles;

/**
 * The runtime role's password is published (application.properties, README): anyone who can reach the database
 * could log in as the application with it. Only the demo and the tests may run with it; anywhere else the
 * application refuses to start and says how to set another (docs/operations.md, "Rotating the runtime password").
 */
final class RuntimePasswordCheck {

    /** The default of {@code gpuquote.db.app-password} in application.properties. */
    static final String DEFAULT_APP_PASSWORD = "gpuquote_app";

    private RuntimePasswordCheck() {
    }

    static void require(DatabaseProperties props, Environment environment) {
        if (DEFAULT_APP_PASSWORD.equals(props.appPassword())
                && !environment.acceptsProfiles(Profiles.of("demo", "test"))) {
            throw new IllegalStateException("The runtime role's password is the published default: set "
                    + "GPUQUOTE_DB_APP_PASSWORD (gpuquote.db.app-password) to a secret of your own; the bootstrap "
                    + "sets it on the role at start (docs/operations.md). Only the demo and test profiles may run "
                    + "with the default.");
        }
    }
}
