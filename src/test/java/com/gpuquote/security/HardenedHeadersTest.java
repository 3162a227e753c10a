package com.gpuquote.security;

import com.gpuquote.Browsers;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.springframework.beans.factory.annotation.Autowired;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The header findings of issue 11: a real CSP that Vaadin runs with, HSTS behind a proxy, no URL sessions, no Tomcat page. */
class HardenedHeadersTest extends IntegrationTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    @Autowired
    SecurityFixtures fx;

    @Test
    void pagesCarryARealContentSecurityPolicy() throws Exception {
        String csp = get("/login").headers().firstValue("Content-Security-Policy").orElse("");
        assertThat(csp).contains("default-src 'self'", "object-src 'none'", "frame-ancestors 'none'",
                "base-uri 'self'", "form-action 'self'");
    }

    @Test
    void thePortalApiCarriesTheStrictestPolicy() throws Exception {
        HttpResponse<String> r = get("/portal/api/" + "x".repeat(43));
        assertThat(r.statusCode()).isBetween(400, 499);
        String csp = r.headers().firstValue("Content-Security-Policy").orElse("");
        assertThat(csp).contains("default-src 'none'", "frame-ancestors 'none'", "base-uri 'none'", "form-action 'none'")
                .doesNotContain("'self'", "unsafe");
        HttpResponse<String> https = send(HttpRequest.newBuilder(URI.create(baseUrl() + "/portal/api/" + "x".repeat(43)))
                .header("X-Forwarded-Proto", "https").GET());
        assertThat(https.headers().firstValue("Strict-Transport-Security").orElse("")).contains("max-age=31536000");
    }

    @Test
    void hstsIsSentWhenAProxyInFrontSaysTheRequestCameOverHttps() throws Exception {
        assertThat(get("/login").headers().firstValue("Strict-Transport-Security")).as("plain HTTP").isEmpty();
        HttpResponse<String> https = send(HttpRequest.newBuilder(URI.create(baseUrl() + "/login"))
                .header("X-Forwarded-Proto", "https").GET());
        assertThat(https.headers().firstValue("Strict-Transport-Security").orElse(""))
                .contains("max-age=31536000", "includeSubDomains");
    }

    @Test
    void theSessionIdNeverAppearsInAUrl() throws Exception {
        for (String path : List.of("/VAADIN/", "/", "/login")) {
            HttpResponse<String> r = get(path);
            assertThat(r.headers().firstValue("Location").orElse("")).as(path).doesNotContainIgnoringCase("jsessionid");
            assertThat(r.body()).as(path).doesNotContainIgnoringCase(";jsessionid=");
        }
    }

    @Test
    void requestsTomcatRefusesGetTheAppsProblemWithSecurityHeaders() throws Exception {
        HttpResponse<String> longQuery = get("/login?q=" + "x".repeat(90 * 1024));
        HttpResponse<String> nulInPath = get("/api/v1/%00");
        for (HttpResponse<String> r : List.of(longQuery, nulInPath)) {
            assertThat(r.statusCode()).isBetween(400, 499);
            assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
            assertThat(r.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
            assertThat(r.headers().firstValue("Content-Security-Policy").orElse("")).contains("frame-ancestors 'none'");
            assertThat(r.body()).doesNotContain("Apache Tomcat").doesNotContain("<html");
        }
    }

    @Test
    void pathsTheFirewallRefusesAreA400ProblemNotALoginRedirect() throws Exception {
        for (String path : List.of("/api/v1/deployments//utilization", "/api/v1/quotes/%2e%2e/x",
                "/portal/api/abc%2Fdef/questions")) {
            HttpResponse<String> r = get(path);
            assertThat(r.statusCode()).as(path).isEqualTo(400);
            assertThat(r.headers().firstValue("Location")).as(path + " redirects nowhere").isEmpty();
            assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
            assertThat(r.headers().firstValue("Content-Security-Policy").orElse("")).contains("frame-ancestors 'none'");
            assertThat(r.body()).contains("\"status\":400").doesNotContain("<html");
        }
        // the firewall's own refusal (Tomcat lets '//' through) names the path
        assertThat(get("/api/v1/deployments//utilization").body()).contains("\"field\":\"path\"");
    }

    @Test
    void theUiRunsUnderThePolicyWithoutViolations() throws Exception {
        var t = fx.tenants.create();
        WebDriver driver = Browsers.chromium();
        try {
            var wait = Browsers.waitOn(driver);
            Browsers.login(driver, wait, baseUrl(), t.adminEmail(), TestTenants.PASSWORD);
            driver.get(baseUrl() + "/customers");
            wait.until(d -> !d.findElements(org.openqa.selenium.By.tagName("vaadin-grid")).isEmpty());
            List<String> violations = driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                    .map(LogEntry::getMessage)
                    .filter(m -> m.contains("Content Security Policy") || m.contains("Refused to")).toList();
            assertThat(violations).isEmpty();
        } finally {
            driver.quit();
        }
    }

    private HttpResponse<String> get(String path) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(baseUrl() + path)).header("Accept", "text/html").GET());
    }

    private static HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
