package com.gpuquote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** A tiny real-HTTP client for REST tests: the request goes through the whole filter chain of the running server. */
public final class Api {

    public record Response(int status, String body, HttpResponse<String> raw) {
        public JsonNode json() {
            try {
                return MAPPER.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + body, e);
            }
        }

        public String header(String name) {
            return raw.headers().firstValue(name).orElse(null);
        }
    }

    private static final ObjectMapper MAPPER = new ObjectMapper().findAndRegisterModules();
    private static final HttpClient HTTP = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    private final String baseUrl;
    private final String authorization;

    private Api(String baseUrl, String authorization) {
        this.baseUrl = baseUrl;
        this.authorization = authorization;
    }

    public static Api anonymous(String baseUrl) {
        return new Api(baseUrl, null);
    }

    public static Api basic(String baseUrl, String user, String password) {
        return new Api(baseUrl, "Basic " + Base64.getEncoder()
                .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
    }

    public static Api bearer(String baseUrl, String token) {
        return new Api(baseUrl, "Bearer " + token);
    }

    public Response get(String path) {
        return send(builder(path).GET());
    }

    /** GET with one extra request header (e.g. X-Request-Id). */
    public Response getWithHeader(String path, String header, String value) {
        return send(builder(path).header(header, value).GET());
    }

    public Response delete(String path) {
        return send(builder(path).DELETE());
    }

    public Response post(String path, Object body) {
        return send(builder(path).header("Content-Type", "application/json").POST(body(body)));
    }

    /** POST without a body, with one extra request header (e.g. If-Match). */
    public Response postWithHeader(String path, String header, String value) {
        return send(builder(path).header(header, value).POST(HttpRequest.BodyPublishers.noBody()));
    }

    /** POST a JSON body with one extra request header (e.g. Accept-Language). */
    public Response post(String path, Object body, String header, String value) {
        return send(builder(path).header("Content-Type", "application/json").header(header, value).POST(body(body)));
    }

    public Response put(String path, Object body) {
        return send(builder(path).header("Content-Type", "application/json").PUT(body(body)));
    }

    public Response send(String method, String path, String contentType, String body) {
        return send(builder(path).header("Content-Type", contentType)
                .method(method, HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)));
    }

    /** A raw body (files: CSV, images) with its content type. */
    public Response sendBytes(String method, String path, String contentType, byte[] body) {
        return send(builder(path).header("Content-Type", contentType)
                .method(method, HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    private HttpRequest.Builder builder(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(baseUrl + path));
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        return b;
    }

    private static HttpRequest.BodyPublisher body(Object body) {
        try {
            String s = body instanceof String str ? str : MAPPER.writeValueAsString(body);
            return HttpRequest.BodyPublishers.ofString(s, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static Response send(HttpRequest.Builder b) {
        try {
            HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Response(r.statusCode(), r.body(), r);
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
