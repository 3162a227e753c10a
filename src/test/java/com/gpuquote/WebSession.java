package com.gpuquote;

import java.io.IOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A browser's HTTP side without a browser: keeps cookies (the session), follows no redirects, and logs in through the
 * real form login exactly as vaadin-login-form does (username, password and the CSRF token from the page's meta tags).
 */
public final class WebSession {
    private static final Pattern META = Pattern.compile("<meta\\s+name=\"(_csrf(?:_parameter)?)\"\\s+content=\"([^\"]*)\"");

    private final String baseUrl;
    private final HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL))
            .followRedirects(HttpClient.Redirect.NEVER).build();

    public WebSession(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    /** Logs in through the form; returns this when the server accepted (redirect not to the error page). */
    public WebSession login(String email, String password) {
        HttpResponse<String> page = get("/login");
        Map<String, String> form = new LinkedHashMap<>();
        form.put("username", email);
        form.put("password", password);
        form.putAll(csrf(page.body()));
        HttpResponse<String> login = post("/login", form);
        String location = login.headers().firstValue("Location").orElse("");
        if (login.statusCode() != 302 || location.contains("error")) {
            throw new AssertionError("login of " + email + " refused: " + login.statusCode() + " " + location);
        }
        return this;
    }

    /** A page as the browser asks for it (text/html). */
    public HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(URI.create(baseUrl + path)).header("Accept", "text/html").GET());
    }

    public HttpResponse<String> post(String path, Map<String, String> form) {
        String body = form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(URI.create(baseUrl + path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** True when the home page opens; false when the server sends the browser to the login page. */
    public boolean signedIn() {
        HttpResponse<String> home = get("/");
        if (home.statusCode() == 200) {
            return true;
        }
        if (home.statusCode() == 302 && home.headers().firstValue("Location").orElse("").contains("/login")) {
            return false;
        }
        throw new AssertionError("unexpected answer for /: " + home.statusCode());
    }

    /** The CSRF parameter and token a page carries in its meta tags (empty if none). */
    public static Map<String, String> csrf(String html) {
        Map<String, String> meta = new LinkedHashMap<>();
        Matcher m = META.matcher(html);
        while (m.find()) {
            meta.put(m.group(1), m.group(2));
        }
        if (!meta.containsKey("_csrf")) {
            return Map.of();
        }
        return Map.of(meta.getOrDefault("_csrf_parameter", "_csrf"), meta.get("_csrf"));
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
