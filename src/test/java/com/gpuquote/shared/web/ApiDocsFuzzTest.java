package com.gpuquote.shared.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 44: every write operation the OpenAPI document lists ({@code /v3/api-docs}: POST, PUT, PATCH with a JSON
 * body) gets bodies generated from its request schema and made hostile one property at a time (NUL, overlong text,
 * huge numbers, wrong JSON types, the key twice), and bodies hostile as a whole (malformed JSON, deep nesting, not an
 * object). Each must answer 4xx problem details and the database must hold the same rows afterwards. Path ids are
 * random, so most operations also refuse for the missing resource; the body is read before that, which is what this
 * proves for every operation, including ones added later. HostileInputTest does the same with real ids for the known
 * operations. Bounded: stops sending after 45 s (the count sent is asserted, so a slow machine cannot pass by
 * sending nothing).
 */
class ApiDocsFuzzTest extends IntegrationTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration BUDGET = Duration.ofSeconds(45);

    @Autowired
    TestTenants testTenants;

    @Test
    void everyWriteOperationAnswersHostileBodiesWith4xxAndStoresNothing() throws Exception {
        TestTenants.TestTenant t = testTenants.create();
        Api admin = bearer(Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD));
        JsonNode docs = Api.anonymous(baseUrl()).get("/v3/api-docs").json();
        JsonNode schemas = docs.path("components").path("schemas");

        record Operation(String method, String path, JsonNode schema) {
        }
        List<Operation> operations = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> paths = docs.path("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> p = paths.next();
            for (String method : List.of("post", "put", "patch")) {
                JsonNode op = p.getValue().path(method);
                JsonNode body = op.path("requestBody").path("content").path("application/json").path("schema");
                if (!op.isMissingNode() && !body.isMissingNode()) {
                    String path = p.getKey().replaceAll("\\{[^}]+}", UUID.randomUUID().toString());
                    operations.add(new Operation(method.toUpperCase(), path, resolve(body, schemas)));
                }
            }
        }
        assertThat(operations).as("JSON write operations in the API document").hasSizeGreaterThan(20);

        Map<String, Long> before = rowCounts();
        List<String> failures = new ArrayList<>();
        long deadline = System.nanoTime() + BUDGET.toNanos();
        int sent = 0;
        for (Operation op : operations) {
            List<String> bodies = new ArrayList<>(List.of("{\"a\":", "{", "[", "\"text\"", "12", "null",
                    "[".repeat(5_000) + "]".repeat(5_000), "{\"a\":\"\u0000\"", "\u0000", "{} {}"));
            if (op.schema().path("properties").isObject()) {
                ObjectNode valid = (ObjectNode) example(op.schema(), schemas, 0);
                for (Iterator<Map.Entry<String, JsonNode>> props = op.schema().path("properties").fields();
                     props.hasNext(); ) {
                    Map.Entry<String, JsonNode> prop = props.next();
                    for (Object bad : hostile(resolve(prop.getValue(), schemas))) {
                        ObjectNode body = valid.deepCopy();
                        body.set(prop.getKey(), JSON.valueToTree(bad));
                        bodies.add(JSON.writeValueAsString(body));
                    }
                    String json = JSON.writeValueAsString(valid);
                    bodies.add("{" + JSON.writeValueAsString(prop.getKey()) + ":"
                            + JSON.writeValueAsString(valid.path(prop.getKey())) + "," + json.substring(1));
                }
            }
            for (String body : bodies) {
                if (System.nanoTime() > deadline) {
                    break;
                }
                Api.Response r = admin.send(op.method(), op.path(), "application/json", body);
                sent++;
                String type = String.valueOf(r.header("Content-Type"));
                if (r.status() < 400 || r.status() >= 500 || !type.startsWith("application/problem+json")
                        || r.body().contains("Exception") || r.body().contains("\tat ")) {
                    failures.add(r.status() + " " + op.method() + " " + op.path() + " " + abbreviate(body) + " → "
                            + abbreviate(r.body()));
                }
            }
        }
        assertThat(sent).as("hostile bodies sent within the budget").isGreaterThan(300);
        assertThat(failures).as("answers that were not a 4xx problem").isEmpty();
        assertThat(rowCounts()).as("row counts per table").isEqualTo(before);
    }

    /** The schema behind a {@code $ref} (one level; the API's schemas are flat records). */
    private static JsonNode resolve(JsonNode schema, JsonNode schemas) {
        String ref = schema.path("$ref").asText("");
        return ref.startsWith("#/components/schemas/") ? schemas.path(ref.substring("#/components/schemas/".length()))
                : schema;
    }

    /** A plausible value of the schema's type, so that one property at a time can be made hostile. */
    private static JsonNode example(JsonNode schema, JsonNode schemas, int depth) {
        JsonNode s = resolve(schema, schemas);
        String type = s.path("type").asText(s.has("properties") ? "object" : "string");
        return switch (type) {
            case "object" -> {
                ObjectNode o = JSON.createObjectNode();
                if (depth < 4) {
                    s.path("properties").fields().forEachRemaining(p ->
                            o.set(p.getKey(), example(p.getValue(), schemas, depth + 1)));
                }
                yield o;
            }
            case "array" -> JSON.createArrayNode().add(example(s.path("items"), schemas, depth + 1));
            case "integer" -> JSON.getNodeFactory().numberNode(1);
            case "number" -> JSON.getNodeFactory().textNode("1.00");
            case "boolean" -> JSON.getNodeFactory().booleanNode(true);
            default -> s.path("enum").isArray() ? s.path("enum").get(0)
                    : JSON.getNodeFactory().textNode(switch (s.path("format").asText("")) {
                        case "uuid" -> UUID.randomUUID().toString();
                        case "date" -> "2030-01-01";
                        case "date-time" -> "2030-01-01T00:00:00Z";
                        case "email" -> "fuzz@example.com";
                        default -> "fuzz";
                    });
        };
    }

    /** Values that no property of this type may take. */
    private static List<Object> hostile(JsonNode schema) {
        return switch (schema.path("type").asText("string")) {
            case "integer" -> List.of("12", 1.5, new java.math.BigInteger("9".repeat(400)), true, List.of(1), Map.of());
            case "number" -> List.of("1e999999999", new java.math.BigDecimal("1e400"), true, List.of(), Map.of());
            case "boolean" -> List.of("true", 1, List.of(), Map.of());
            case "array" -> List.of("x", 1, Map.of("a", 1), List.of("\u0000"));
            case "object" -> List.of("x", 1, List.of(), true);
            default -> List.of("\u0000", "a\u0000b", "x".repeat(10_001), 123, true, List.of("a"), Map.of("a", 1));
        };
    }

    private Api bearer(Api basic) {
        Api.Response r = basic.post("/api/v1/me/tokens", Map.of("name", "fuzz", "expiresInDays", 1));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return Api.bearer(baseUrl(), r.json().path("token").asText());
    }

    private static Map<String, Long> rowCounts() throws Exception {
        Map<String, Long> counts = new TreeMap<>();
        try (Connection c = TestDatabase.adminConnection(); Statement st = c.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("select tablename from pg_tables where schemaname = 'public'")) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                }
            }
            for (String table : tables) {
                try (ResultSet rs = st.executeQuery("select count(*) from public.\"" + table + "\"")) {
                    rs.next();
                    counts.put(table, rs.getLong(1));
                }
            }
        }
        return new LinkedHashMap<>(counts);
    }

    private static String abbreviate(String s) {
        return s == null ? "null" : s.length() > 160 ? s.substring(0, 160) + "…" : s;
    }
}
