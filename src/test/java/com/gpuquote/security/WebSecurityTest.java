package com.gpuquote.security;

import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.web.ServerProperties;
import org.springframework.core.env.Environment;

import java.io.IOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.HttpCookie;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** What the web server exposes and how browser sessions behave. */
class WebSecurityTest extends IntegrationTest {

    @Autowired
    SecurityFixtures fx;
    @Autowired
    Environment env;
    @Autowired
    ServerProperties server;

    @AfterEach
    void resetThrottle() {
        fx.resetThrottle();
    }

    @Test
    void onlyHealthIsPublicAmongActuatorEndpoints() {
        var health = Api.anonymous(baseUrl()).get("/actuator/health");
        assertThat(health.status()).isEqualTo(200);
        assertThat(health.body()).contains("UP").doesNotContain("postgres", "db");
        for (String path : new String[]{"/actuator/env", "/actuator/beans", "/actuator/configprops", "/actuator", "/actuator/heapdump"}) {
            assertThat(Api.anonymous(baseUrl()).get(path).status()).as(path).isNotEqualTo(200);
        }
        // not for signed-in users either
        var asPlatform = Api.basic(baseUrl(), "platform@gpuquote.demo", "Demo-Platform-2026!").get("/actuator/env");
        assertThat(asPlatform.status()).isNotEqualTo(200);
    }

    @Test
    void openApiDocumentIsPublicAndListsTheMeEndpoint() {
        var docs = Api.anonymous(baseUrl()).get("/v3/api-docs");
        assertThat(docs.status()).isEqualTo(200);
        assertThat(docs.json().path("paths").has("/api/v1/me")).isTrue();
        assertThat(docs.json().path("paths").has("/api/v1/me/tokens")).isTrue();
    }

    @Test
    void securityHeadersOnUiPagesAndApiResponses() {
        var ui = Api.anonymous(baseUrl()).get("/login");
        var api = Api.basic(baseUrl(), "consultant@sanfei.demo", "Demo-Consultant-2026!").get("/api/v1/me");
        var apiUnauthorized = Api.anonymous(baseUrl()).get("/api/v1/me");
        assertThat(ui.status()).isEqualTo(200);
        assertThat(api.status()).isEqualTo(200);
        for (Api.Response r : new Api.Response[]{ui, api, apiUnauthorized}) {
            assertThat(r.header("X-Content-Type-Options")).isEqualTo("nosniff");
            String frame = r.header("X-Frame-Options");
            String csp = r.header("Content-Security-Policy");
            assertThat("DENY".equalsIgnoreCase(frame) || (csp != null && csp.contains("frame-ancestors 'none'")))
                    .as("framing forbidden: X-Frame-Options=%s CSP=%s", frame, csp).isTrue();
            assertThat(r.header("Referrer-Policy")).isNotBlank();
        }
    }

    @Test
    void idleSessionsExpireAfter30Minutes() {
        assertThat(server.getServlet().getSession().getTimeout()).isEqualTo(Duration.ofMinutes(30));
        assertThat(env.getProperty("server.servlet.session.timeout")).isEqualTo("30m");
        // heartbeats must not keep an idle Vaadin session alive
        assertThat(env.getProperty("vaadin.closeIdleSessions")).isEqualTo("true");
    }

    @Test
    void formLoginIssuesANewSessionIdAndLogoutInvalidatesIt() throws Exception {
        var t = fx.tenants.create();
        Browser browser = new Browser();

        var loginPage = browser.get("/login");
        assertThat(loginPage.statusCode()).isEqualTo(200);
        String before = browser.sessionId();
        assertThat(before).as("the login page opens a session").isNotNull();
        assertThat(browser.get("/").statusCode()).as("not signed in yet").isEqualTo(302);

        // as the browser does: the vaadin-login-form posts username/password and the CSRF token from the page
        Map<String, String> form = new LinkedHashMap<>();
        form.put("username", t.consultantEmail());
        form.put("password", TestTenants.PASSWORD);
        Csrf csrf = Csrf.of(loginPage.body());
        if (csrf != null) {
            form.put(csrf.parameter(), csrf.token());
        }
        var login = browser.post("/login", form);
        assertThat(login.statusCode()).isEqualTo(302);
        assertThat(login.headers().firstValue("Location").orElse("")).doesNotContain("error");
        String after = browser.sessionId();
        assertThat(after).as("new session id at login").isNotNull().isNotEqualTo(before);
        var home = browser.get("/");
        assertThat(home.statusCode()).as("signed in").isEqualTo(200);

        // the old (pre-login) session id is worthless
        Browser attacker = new Browser();
        attacker.setSession(before);
        assertThat(attacker.get("/").statusCode()).isEqualTo(302);

        Map<String, String> logoutForm = new LinkedHashMap<>();
        Csrf afterLogin = Csrf.of(home.body());
        if (afterLogin != null) {
            logoutForm.put(afterLogin.parameter(), afterLogin.token());
        }
        var logout = browser.post("/logout", logoutForm);
        assertThat(logout.statusCode()).isEqualTo(302);
        // Vaadin's logout success URL is "/", which sends the now anonymous browser on to the login page
        String next = URI.create(baseUrl()).relativize(URI.create(logout.headers().firstValue("Location").orElseThrow())).toString();
        var landing = browser.get("/" + next.replaceFirst("^/", ""));
        assertThat(landing.statusCode()).isEqualTo(302);
        assertThat(landing.headers().firstValue("Location").orElse("")).contains("/login");
        assertThat(browser.get("/login").statusCode()).isEqualTo(200);

        Browser replay = new Browser();
        replay.setSession(after);
        var replayed = replay.get("/");
        assertThat(replayed.statusCode()).as("the signed-in session is gone after logout").isEqualTo(302);
        assertThat(replayed.headers().firstValue("Location").orElse("")).contains("/login");
    }

    /**
     * Login CSRF is enforced (ADR 0007): a login post without the token the login page carries is refused, so a
     * foreign site cannot sign a victim into the attacker's account; with the page's token (as vaadin-login-form
     * sends it) the login works. Logout needs the token too.
     */
    @Test
    void csrfIsRequiredForTheLoginPostAndForLogout() throws Exception {
        var t = fx.tenants.create();
        Browser browser = new Browser();
        var page = browser.get("/login");
        Csrf csrf = Csrf.of(page.body());
        assertThat(csrf).as("the login page carries a CSRF token").isNotNull();
        var forged = browser.post("/login", Map.of("username", t.consultantEmail(), "password", TestTenants.PASSWORD));
        // refused (403, which an anonymous browser is shown as the way back to the login page), not signed in
        assertThat(forged.statusCode()).as("login post without CSRF token").isIn(302, 403);
        assertThat(forged.headers().firstValue("Location").orElse("/login")).as("not the post-login redirect")
                .contains("/login");
        assertThat(browser.get("/").statusCode()).as("not signed in").isEqualTo(302);

        var login = browser.post("/login", Map.of("username", t.consultantEmail(), "password", TestTenants.PASSWORD,
                csrf.parameter(), csrf.token()));
        assertThat(login.statusCode()).isEqualTo(302);
        assertThat(login.headers().firstValue("Location").orElse("")).doesNotContain("error");
        assertThat(browser.get("/").statusCode()).as("signed in with the page's token").isEqualTo(200);

        var logoutWithoutToken = browser.post("/logout", Map.of());
        assertThat(logoutWithoutToken.statusCode()).as("logout without CSRF token").isNotEqualTo(302);
        assertThat(browser.get("/").statusCode()).as("still signed in").isEqualTo(200);
    }

    @Test
    void openApiDocumentsBasicAndBearerTokenAuthenticationAndSwaggerUiAnswers() {
        var docs = Api.anonymous(baseUrl()).get("/v3/api-docs").json();
        var schemes = docs.path("components").path("securitySchemes");
        assertThat(schemes.path("basicAuth").path("type").asText()).isEqualTo("http");
        assertThat(schemes.path("basicAuth").path("scheme").asText()).isEqualTo("basic");
        assertThat(schemes.path("bearerToken").path("type").asText()).isEqualTo("http");
        assertThat(schemes.path("bearerToken").path("scheme").asText()).isEqualTo("bearer");
        assertThat(schemes.path("bearerToken").path("bearerFormat").asText()).startsWith("gqt_");
        assertThat(docs.path("security").toString()).contains("basicAuth", "bearerToken");

        var ui = Api.anonymous(baseUrl()).get("/swagger-ui/index.html");
        assertThat(ui.status()).isEqualTo(200);
        assertThat(ui.body()).contains("swagger-ui");
        var shortcut = Api.anonymous(baseUrl()).get("/swagger-ui.html");
        assertThat(shortcut.status()).isEqualTo(302);
        assertThat(shortcut.header("Location")).contains("/swagger-ui/index.html");
        assertThat(Api.anonymous(baseUrl()).get("/v3/api-docs/swagger-config").status()).isEqualTo(200);
    }

    record Csrf(String parameter, String token) {
        private static final Pattern META = Pattern.compile("<meta\\s+name=\"(_csrf(?:_parameter)?)\"\\s+content=\"([^\"]*)\"");

        static Csrf of(String html) {
            Map<String, String> meta = new LinkedHashMap<>();
            Matcher m = META.matcher(html);
            while (m.find()) {
                meta.put(m.group(1), m.group(2));
            }
            if (!meta.containsKey("_csrf")) {
                return null;
            }
            return new Csrf(meta.getOrDefault("_csrf_parameter", "_csrf"), meta.get("_csrf"));
        }
    }

    final class Browser {
        final CookieManager cookies = new CookieManager(null, CookiePolicy.ACCEPT_ALL);
        final HttpClient http = HttpClient.newBuilder().cookieHandler(cookies)
                .followRedirects(HttpClient.Redirect.NEVER).build();

        HttpResponse<String> get(String path) throws IOException, InterruptedException {
            return http.send(HttpRequest.newBuilder(URI.create(baseUrl() + path)).header("Accept", "text/html").GET().build(),
                    HttpResponse.BodyHandlers.ofString());
        }

        HttpResponse<String> post(String path, Map<String, String> form) throws IOException, InterruptedException {
            String body = form.entrySet().stream()
                    .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                    .collect(Collectors.joining("&"));
            return http.send(HttpRequest.newBuilder(URI.create(baseUrl() + path))
                            .header("Content-Type", "application/x-www-form-urlencoded")
                            .POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                    HttpResponse.BodyHandlers.ofString());
        }

        String sessionId() {
            return cookies.getCookieStore().getCookies().stream().filter(c -> c.getName().equals("JSESSIONID"))
                    .map(HttpCookie::getValue).findFirst().orElse(null);
        }

        void setSession(String id) {
            HttpCookie c = new HttpCookie("JSESSIONID", id);
            c.setPath("/");
            c.setVersion(0);
            cookies.getCookieStore().add(URI.create(baseUrl()), c);
        }
    }
}
