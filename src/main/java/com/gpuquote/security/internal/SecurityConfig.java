package com.gpuquote.security.internal;

import com.gpuquote.security.ui.LoginView;
import com.vaadin.flow.spring.security.VaadinSecurityConfigurer;
import com.vaadin.flow.spring.security.RequestUtil;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.method.configuration.EnableMethodSecurity;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.annotation.web.configurers.HeadersConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;
import org.springframework.security.web.context.SecurityContextHolderFilter;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter;

@Configuration
@EnableWebSecurity
@EnableMethodSecurity(jsr250Enabled = true)
class SecurityConfig {

    /** Argon2id with OWASP's minimum profile: 19 MiB memory, 2 iterations, parallelism 1. */
    @Bean
    PasswordEncoder passwordEncoder(ObjectProvider<MeterRegistry> registry) {
        return new CountingPasswordEncoder(new Argon2PasswordEncoder(16, 32, 1, 19456, 2),
                registry.getIfAvailable(SimpleMeterRegistry::new));
    }

    /**
     * Form login and HTTP Basic: a locked or disabled account is refused at the cost of a password verification, like
     * an unknown e-mail or a wrong password (no timing oracle).
     */
    @Bean
    org.springframework.security.authentication.dao.DaoAuthenticationProvider passwordAuthentication(
            GpuQuoteUserDetailsService users, PasswordEncoder encoder) {
        var provider = new org.springframework.security.authentication.dao.DaoAuthenticationProvider(users);
        provider.setPasswordEncoder(encoder);
        provider.setPreAuthenticationChecks(new EqualCostAccountChecks(encoder));
        return provider;
    }

    /** The Prometheus scrape: only with the configured scrape token (ScrapeTokenFilter), stateless, no account. */
    @Bean
    @Order(0)
    SecurityFilterChain metricsChain(HttpSecurity http,
                                     @Value("${gpuquote.metrics.scrape-token:}") String scrapeToken) throws Exception {
        http.securityMatcher("/actuator/prometheus")
                .authorizeHttpRequests(a -> a.anyRequest().permitAll())
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .csrf(c -> c.disable())
                .anonymous(a -> a.disable())
                .addFilterBefore(new ScrapeTokenFilter(scrapeToken), AuthorizationFilter.class)
                .headers(SecurityConfig::headers);
        return http.build();
    }

    /** The REST API: stateless; HTTP Basic or a personal bearer token; problem-details errors. */
    @Bean
    @Order(1)
    SecurityFilterChain apiChain(HttpSecurity http, AccountRepository accounts, LoginThrottle throttle,
                                 TokenAuthenticationCache tokenCache) throws Exception {
        http.securityMatcher("/api/**")
                .authorizeHttpRequests(a -> a.anyRequest().authenticated())
                .httpBasic(b -> b.authenticationEntryPoint((req, res, ex) -> ProblemResponses.unauthorized(res, ex)))
                .exceptionHandling(e -> e
                        .authenticationEntryPoint((req, res, ex) -> ProblemResponses.unauthorized(res, ex))
                        .accessDeniedHandler((req, res, ex) ->
                                ProblemResponses.write(res, 403, "forbidden", "Forbidden", "You may not do this")))
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .csrf(c -> c.disable())
                .addFilterBefore(new LoginThrottleFilter(throttle), BasicAuthenticationFilter.class)
                .addFilterBefore(new BearerTokenFilter(accounts, tokenCache), BasicAuthenticationFilter.class)
                .addFilterBefore(new LogContextFilter(), AuthorizationFilter.class)
                .headers(SecurityConfig::headers);
        return http.build();
    }

    /** The browser UI: Vaadin views deny by default; login form; sessions with a new id at login. */
    @Bean
    @Order(2)
    SecurityFilterChain webChain(HttpSecurity http, LoginThrottle throttle, AccountRepository accounts,
                                 RequestUtil vaadinRequests) throws Exception {
        http.authorizeHttpRequests(a -> a.requestMatchers(
                        "/actuator/health", "/actuator/health/**",
                        "/v3/api-docs", "/v3/api-docs/**", "/swagger-ui.html", "/swagger-ui/**",
                        "/images/**", "/icons/**", "/portal/**").permitAll()
                .requestMatchers("/actuator/**").denyAll())
                .sessionManagement(s -> s.sessionFixation(f -> f.changeSessionId()))
                .addFilterBefore(new LoginThrottleFilter(throttle), UsernamePasswordAuthenticationFilter.class)
                .addFilterAfter(new SessionValidationFilter(accounts), SecurityContextHolderFilter.class)
                .addFilterBefore(new LogContextFilter(), AuthorizationFilter.class)
                // login CSRF enforced (ADR 0007): Vaadin's own requests carry Vaadin's CSRF token and are exempt, the
                // login form posts Spring's token from the page's meta tags (vaadin-login-form does that itself)
                .csrf(c -> c.ignoringRequestMatchers(vaadinRequests::isFrameworkInternalRequest));
        http.headers(SecurityConfig::headers);
        http.with(VaadinSecurityConfigurer.vaadin(), vaadin -> vaadin.loginView(LoginView.class)
                .enableCsrfConfiguration(false));
        return http.build();
    }

    private static void headers(HeadersConfigurer<HttpSecurity> h) {
        h.contentTypeOptions(c -> { })
                .frameOptions(HeadersConfigurer.FrameOptionsConfig::deny)
                .contentSecurityPolicy(c -> c.policyDirectives(SecurityHeaders.CONTENT_SECURITY_POLICY))
                // sent on HTTPS only; behind a proxy, server.forward-headers-strategy makes X-Forwarded-Proto count
                .httpStrictTransportSecurity(hsts -> hsts.includeSubDomains(true)
                        .maxAgeInSeconds(SecurityHeaders.HSTS_MAX_AGE_SECONDS))
                .addHeaderWriter(SecurityConfig::referrerPolicy);
    }

    /** no-referrer on the customer portal ({@code /portal/**}: its URLs carry the token), else strict-origin. */
    private static void referrerPolicy(jakarta.servlet.http.HttpServletRequest request,
                                       jakarta.servlet.http.HttpServletResponse response) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        ReferrerPolicyHeaderWriter.ReferrerPolicy policy = path.startsWith("/portal/")
                ? ReferrerPolicyHeaderWriter.ReferrerPolicy.NO_REFERRER
                : ReferrerPolicyHeaderWriter.ReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN;
        new ReferrerPolicyHeaderWriter(policy).writeHeaders(request, response);
    }
}
