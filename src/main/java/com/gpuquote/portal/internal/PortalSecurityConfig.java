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

    /**
     * The API answers JSON and PDF only: nothing in an answer may load, run, frame or be framed, so the policy is the
     * strictest one (OWASP REST Security cheat sheet: {@code default-src 'none'; frame-ancestors 'none'}).
     */
    static final String API_CONTENT_SECURITY_POLICY =
            "default-src 'none'; base-uri 'none'; form-action 'none'; sandbox; frame-ancestors 'none'";

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
                        .contentSecurityPolicy(c -> c.policyDirectives(API_CONTENT_SECURITY_POLICY))
                        .referrerPolicy(r -> r.policy(ReferrerPolicyHeaderWriter.ReferrerPolicy.NO_REFERRER))
                        .cacheControl(c -> { })
                        .httpStrictTransportSecurity(hsts -> hsts.includeSubDomains(true).maxAgeInSeconds(365L * 24 * 3600)));
        return http.build();
    }
}
