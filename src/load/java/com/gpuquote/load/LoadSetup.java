package com.gpuquote.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the load test needs before it starts, made through the REST API as a script would: an API token of the demo
 * consultant of 三飞云, a customer and project of its own, the instance types the recommender offers for a serving
 * job in cn-beijing, and one quote of 4 options × 25 lines to read and print.
 */
record LoadSetup(String token, String projectId, List<String> instanceTypes, String bigQuoteId) {

    static final String REGION = "cn-beijing";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    String recommendationRequest() {
        return """
                {"workload":"INFERENCE","model":{"preset":"llama-3-8b"},"precision":"BF16","sequenceLength":4096,
                 "microBatchSize":8,"region":"%s","billingMode":"HOURLY"}""".formatted(REGION);
    }

    String quoteBody(int options, int linesPerOption) {
        return quoteBody(projectId, instanceTypes, options, linesPerOption);
    }

    static LoadSetup prepare(String base) {
        // issue 18: the load test runs against this machine only, never a shared or production instance
        String host = java.net.URI.create(base).getHost();
        if (host == null || !(host.equals("127.0.0.1") || host.equals("localhost") || host.equals("[::1]")
                || host.equals("::1"))) {
            throw new IllegalArgumentException("gatling.baseUrl must be a loopback address (127.0.0.1), not " + base);
        }
        String basic = "Basic " + Base64.getEncoder().encodeToString(
                "consultant@sanfei.demo:Demo-Consultant-2026!".getBytes(StandardCharsets.UTF_8));
        String token = post(base, basic, "/api/v1/me/tokens", Map.of("name", "gatling", "expiresInDays", 1))
                .path("token").asText();
        String bearer = "Bearer " + token;
        String customer = post(base, bearer, "/api/v1/customers", Map.of("name", "压测客户 " + System.currentTimeMillis()))
                .path("id").asText();
        String project = post(base, bearer, "/api/v1/projects", Map.of("customerId", customer, "name", "压测项目"))
                .path("id").asText();
        JsonNode rec = post(base, bearer, "/api/v1/recommendations",
                Map.of("workload", "INFERENCE", "model", Map.of("preset", "llama-3-8b"), "precision", "BF16",
                        "sequenceLength", 4096, "region", REGION, "billingMode", "HOURLY"));
        Set<String> types = new LinkedHashSet<>();
        for (JsonNode c : rec.path("candidates")) {
            types.add(c.path("instanceType").asText());
        }
        if (types.isEmpty()) {
            throw new IllegalStateException("no recommendation candidates in " + REGION + ": " + rec);
        }
        List<String> instanceTypes = new ArrayList<>(types).subList(0, Math.min(5, types.size()));
        String big = post(base, bearer, "/api/v1/quotes", json(quoteBody(project, instanceTypes, 4, 25)))
                .path("id").asText();
        return new LoadSetup(token, project, instanceTypes, big);
    }

    private static String quoteBody(String project, List<String> types, int options, int linesPerOption) {
        StringBuilder b = new StringBuilder("{\"projectId\":\"").append(project).append("\",\"options\":[");
        for (int o = 0; o < options; o++) {
            b.append(o == 0 ? "" : ",").append("{\"lines\":[");
            for (int l = 0; l < linesPerOption; l++) {
                b.append(l == 0 ? "" : ",").append("{\"instanceType\":\"").append(types.get((o + l) % types.size()))
                        .append("\",\"region\":\"").append(REGION)
                        .append("\",\"billingMode\":\"HOURLY\",\"quantity\":").append(1 + l % 4)
                        .append(",\"termMonths\":").append(1 + l % 12).append('}');
            }
            b.append("],\"serviceLines\":[]}");
        }
        return b.append("]}").toString();
    }

    private static Object json(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode post(String base, String auth, String path, Object body) {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(base + path))
                    .header("Authorization", auth).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build();
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() / 100 != 2) {
                throw new IllegalStateException("POST " + path + " answered " + response.statusCode() + ": "
                        + response.body());
            }
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new IllegalStateException("POST " + path + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
