package com.gpuquote.shared.time;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

/** Replaces the application's system clock in the (single) test context by one tests can move. */
@Configuration(proxyBeanMethods = false)
class TestClockConfiguration {

    @Bean
    @Primary
    MovableClock movableClock() {
        return new MovableClock();
    }
}
