package com.gpuquote.shared.time;

import java.time.Clock;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The application's clock. Services inject {@link Clock} instead of calling {@code now()} so that tests can move
 * time; instants are UTC, calendar days come from {@link BusinessCalendar}.
 */
@Configuration(proxyBeanMethods = false)
class TimeConfiguration {

    @Bean
    @ConditionalOnMissingBean
    Clock clock() {
        return Clock.systemUTC();
    }
}
