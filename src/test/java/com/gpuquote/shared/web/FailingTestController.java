package com.gpuquote.shared.web;

import io.swagger.v3.oas.annotations.Hidden;
import org.springframework.context.annotation.Profile;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** Test scope only: an API endpoint failing the way a bug would, to see what the client gets. */
@Hidden
@Profile("test")
@RestController
class FailingTestController {

    static final String SECRET = "select password_hash from app_users -- internal detail";

    /** A constraint the edge rules do not know, refused by PostgreSQL as it words it. */
    @GetMapping("/api/v1/test-support/refused-by-database")
    String refusedByDatabase() {
        throw new org.springframework.dao.DataIntegrityViolationException("insert failed", new java.sql.SQLException(
                "ERROR: new row for relation \"customers\" violates check constraint \"customers_billing_address_check\"",
                "23514"));
    }

    @GetMapping("/api/v1/test-support/failure")
    String failure() {
        throw new IllegalStateException(SECRET, new java.sql.SQLException("connection to 10.0.0.5 refused"));
    }
}
