package com.gpuquote.shared.web;

import com.gpuquote.IntegrationTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Duration;

/**
 * A test of the REST turns (ADR 1856) that narrows the shared context's limiter for its class: one REST and one
 * portal request at a time, two seconds in the queue, three for a body. Narrowing the shared limiter, rather than
 * configuring one through properties, keeps such tests on the one Spring context the suite shares.
 */
abstract class NarrowedLimitsTest extends IntegrationTest {
    @Autowired
    ApiConcurrencyLimit limit;
    private ApiConcurrencyLimit.Turns configured;

    @BeforeEach
    void narrowTheLimits() {
        configured = limit.replace(1, 0, Duration.ofSeconds(2), Duration.ofSeconds(3));
    }

    @AfterEach
    void restoreTheLimits() {
        limit.restore(configured);
    }
}
