package com.gpuquote.portal.internal;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.HeadersConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter;

/**
 * The portal's REST API {@code /portal/api/**} has its own stateless chain ahead of the others: no login (the token
 * in the path is the credential), no session, no cookies, hence no CSRF token; the same security headers as
 * everywhere, except that the referrer policy is {@code no-referrer} so the token never leaks via Referer.
 * (The portal page {@code /portal/q/**} is in the web chain, which sends no-referrer for {@code /portal/**}.)
 */
@Configuration
class PortalSecurityConfig {

    @Bean
    @Order(0)
    SecurityFilterChain portalApiChain(HttpSecurity http) throws Exception {
        http.securityMatcher("/portal/api/**")
                .authorizeHttpRequests(a -> a.anyRequest().permitAll())
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .csrf(c -> c.disable())
                .requestCache(c -> c.disable())
                .securityContext(c -> c.requireExplicitSave(true))
                .anonymous(a -> { })
                .headers(h -> h.contentTypeOptions(c -> { })
                        .frameOptions(HeadersConfigurer.FrameOptionsConfig::deny)
                        .contentSecurityPolicy(c -> c.policyDirectives("frame-ancestors 'none'"))
                        .referrerPolicy(r -> r.policy(ReferrerPolicyHeaderWriter.ReferrerPolicy.NO_REFERRER))
                        .cacheControl(c -> { }));
        return http.build();
    }
}
