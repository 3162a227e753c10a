package com.gpuquote.shared.web;

import com.gpuquote.CalendarTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import com.gpuquote.portal.PortalFixtures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hostile input against every JSON write endpoint (issue 11): NUL and control characters, Unicode spaces in e-mails,
 * overlong strings, extreme numbers and dates, wrong JSON types and deep nesting. Every answer must be a 4xx problem
 * that names the field, and the database must hold exactly the rows it held before.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@CalendarTest
class HostileInputTest extends IntegrationTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    enum Kind { TEXT, LINE, EMAIL, INT, DECIMAL, DATE, INSTANT }

    record Target(String method, String path, Api api, String body, Map<String, Kind> fields) {
    }

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    java.time.Clock clock;

    private final List<Target> targets = new ArrayList<>();
    /** File uploads: method, path, who, and the bad files (content type, bytes). */
    private final List<Upload> uploads = new ArrayList<>();

    record Upload(String method, String path, Api api, List<Map.Entry<String, byte[]>> files) {
    }

    @BeforeAll
    void endpoints() throws Exception {
        PortalFixtures.Sent s = fixtures.sentQuote();
        String password = com.gpuquote.TestTenants.PASSWORD;
        Api consultant = bearer(Api.basic(baseUrl(), s.tenant().consultantEmail(), password));
        Api admin = bearer(Api.basic(baseUrl(), s.tenant().adminEmail(), password));
        Api anonymous = Api.anonymous(baseUrl());
        String customerId = s.customer().id().value().toString();
        String projectId = s.project().id().value().toString();
        String line = """
                {"instanceType":"%s","region":"cn-beijing","billingMode":"MONTHLY","quantity":1,"termMonths":12,
                 "hoursPerMonth":730,"manualDiscountPercent":0}""".formatted(PortalFixtures.A10);
        String quote = """
                {"projectId":"%s","validUntil":"%s","options":[{"name":"A","lines":[%s],
                 "serviceLines":[{"description":"部署","oneTimeAmount":"3000.00"}]}]}""".formatted(projectId,
                com.gpuquote.shared.time.BusinessCalendar.today(clock).plusDays(30), line);
        JsonNode draft = consultant.post("/api/v1/quotes", quote).json();
        String quoteId = draft.path("id").asText();
        String agreement = """
                {"name":"框架协议","validFrom":"2031-01-01","validTo":"2031-12-31",
                 "rules":[{"type":"PERCENT_OFF","percent":10,"scope":{}}]}""";
        String agreementId = admin.post("/api/v1/customers/" + customerId + "/agreements", agreement).json()
                .path("id").asText();
        String priceList = """
                {"name":"2030 价目表","provider":"VOLCENGINE","effectiveFrom":"2030-01-01T00:00:00Z"}""";
        String priceListId = admin.post("/api/v1/price-lists", priceList).json().path("id").asText();
        String customer = """
                {"name":"深度智算","creditCode":null,"billingAddress":"北京","language":"zh-CN","notes":"备注",
                 "contacts":[{"name":"张三","email":"zhang@customer.example","phone":"010-1234","role":"CTO"}]}""";
        String sizing = """
                {"workload":"INFERENCE","model":{"preset":"llama-2-7b"},"precision":"FP16","sequenceLength":4096}""";
        String token = s.token();

        add("POST", "/api/v1/customers", consultant, customer, Map.of("name", Kind.LINE, "billingAddress", Kind.TEXT,
                "notes", Kind.TEXT, "contacts[0].name", Kind.LINE, "contacts[0].email", Kind.EMAIL));
        add("PUT", "/api/v1/customers/" + customerId, consultant, customer, Map.of("name", Kind.LINE,
                "contacts[0].email", Kind.EMAIL, "contacts[0].phone", Kind.LINE));
        add("POST", "/api/v1/projects", consultant, """
                {"customerId":"%s","name":"推理集群","description":"说明"}""".formatted(customerId),
                Map.of("name", Kind.LINE, "description", Kind.TEXT));
        add("PUT", "/api/v1/projects/" + projectId, consultant, """
                {"name":"推理集群","description":"说明","version":0}""", Map.of("name", Kind.LINE,
                "description", Kind.TEXT, "version", Kind.INT));
        add("POST", "/api/v1/customers/" + customerId + "/agreements", admin, agreement, Map.of("name", Kind.LINE,
                "validFrom", Kind.DATE, "validTo", Kind.DATE, "rules[0].percent", Kind.DECIMAL));
        add("PUT", "/api/v1/customers/" + customerId + "/agreements/" + agreementId, admin, agreement,
                Map.of("name", Kind.TEXT, "validTo", Kind.DATE));
        add("POST", "/api/v1/quotes", consultant, quote, Map.of("validUntil", Kind.DATE,
                "options[0].lines[0].quantity", Kind.INT, "options[0].lines[0].instanceType", Kind.LINE,
                "options[0].serviceLines[0].description", Kind.TEXT,
                "options[0].serviceLines[0].oneTimeAmount", Kind.DECIMAL,
                "options[0].lines[0].manualDiscountPercent", Kind.DECIMAL));
        add("PUT", "/api/v1/quotes/" + quoteId, consultant, quote, Map.of("validUntil", Kind.DATE,
                "options[0].lines[0].termMonths", Kind.INT, "options[0].serviceLines[0].oneTimeAmount", Kind.DECIMAL));
        add("POST", "/api/v1/quotes/" + quoteId + "/lines", consultant, """
                {"version":0,"option":"A","line":%s}""".formatted(line), Map.of("line.quantity", Kind.INT,
                "line.region", Kind.LINE, "version", Kind.INT));
        for (String transition : List.of("submit", "reopen", "send", "revise")) {
            add("POST", "/api/v1/quotes/" + quoteId + "/" + transition, consultant, "{\"rowVersion\":0}",
                    Map.of("rowVersion", Kind.INT));
        }
        add("POST", "/api/v1/quotes/" + quoteId + "/approve", admin, "{\"comment\":\"好\",\"rowVersion\":0}",
                Map.of("comment", Kind.TEXT, "rowVersion", Kind.INT));
        add("POST", "/api/v1/quotes/" + quoteId + "/reject", admin, "{\"reason\":\"太贵\",\"rowVersion\":0}",
                Map.of("reason", Kind.TEXT));
        add("POST", "/api/v1/price-lists", admin, priceList, Map.of("name", Kind.LINE, "effectiveFrom", Kind.INSTANT));
        add("POST", "/api/v1/price-lists/" + priceListId + "/publish", admin,
                "{\"effectiveFrom\":\"2030-01-01\",\"expectedRowVersion\":0}",
                Map.of("effectiveFrom", Kind.INSTANT, "expectedRowVersion", Kind.INT));
        add("POST", "/api/v1/me/tokens", consultant, "{\"name\":\"cron\",\"expiresInDays\":30}",
                Map.of("name", Kind.LINE, "expiresInDays", Kind.INT));
        add("POST", "/api/v1/projects/" + projectId + "/sizing-runs", consultant,
                "{\"name\":\"7B\",\"input\":" + sizing + "}", Map.of("name", Kind.LINE,
                        "input.sequenceLength", Kind.INT, "input.model.preset", Kind.TEXT));
        add("POST", "/api/v1/sizing", consultant, sizing, Map.of("sequenceLength", Kind.INT, "model.preset", Kind.TEXT));
        add("POST", "/api/v1/recommendations", consultant, sizing.replace("}", ",\"region\":\"cn-beijing\"}")
                .replaceFirst("\\},\"region", "},\"region"), Map.of("region", Kind.TEXT, "sequenceLength", Kind.INT));
        add("POST", "/api/v1/deployments", consultant, """
                {"projectId":"%s","instanceType":"%s","region":"cn-beijing","billingMode":"MONTHLY","count":2,
                 "since":"2030-01-01","workload":"INFERENCE"}""".formatted(projectId, PortalFixtures.A10),
                Map.of("instanceType", Kind.LINE, "count", Kind.INT, "since", Kind.DATE));
        String optionId = s.optionId("B");
        add("POST", "/portal/api/" + token + "/accept", anonymous, """
                {"optionId":"%s","signerName":"张三","signerEmail":"zhang@customer.example","agree":true}"""
                .formatted(optionId), Map.of("signerName", Kind.LINE, "signerEmail", Kind.EMAIL));
        add("POST", "/portal/api/" + token + "/reject", anonymous, "{\"reason\":\"预算不足\"}",
                Map.of("reason", Kind.TEXT));
        add("POST", "/portal/api/" + token + "/questions", anonymous, "{\"text\":\"可以按月付吗？\"}",
                Map.of("text", Kind.TEXT));

        Api.Response deployment = consultant.post("/api/v1/deployments", """
                {"projectId":"%s","instanceType":"%s","region":"cn-beijing","billingMode":"MONTHLY","count":1,
                 "since":"2026-01-01","workload":"INFERENCE"}""".formatted(projectId, PortalFixtures.A10));
        assertThat(deployment.status()).as(deployment.body()).isEqualTo(201);
        String deploymentId = deployment.json().path("id").asText();
        String header = "provider,region,instance_type,billing_mode,list_price,cost_price,currency\n";
        String row = "VOLCENGINE,cn-beijing," + PortalFixtures.A10 + ",MONTHLY,%s,1000,CNY\n";
        uploads.add(new Upload("PUT", "/api/v1/price-lists/" + priceListId + "/rows", admin, List.of(
                Map.entry("text/csv", (header + row.formatted("12\u000034")).getBytes(UTF_8)),
                Map.entry("text/csv;charset=UTF-8", concat(header.getBytes(UTF_8), new byte[] {(byte) 0xff, (byte) 0xfe, 0x41, 0x0a})),
                Map.entry("text/csv", randomBytes(4096)),
                Map.entry("text/csv", "a,b,c\n1,2,3\n".getBytes(UTF_8)),
                Map.entry("text/csv", (header + row.formatted("1e999999")).getBytes(UTF_8)),
                Map.entry("text/csv", (header + row.formatted("-1")).getBytes(UTF_8)),
                Map.entry("text/csv", (header + row.formatted("1234567890123456")).getBytes(UTF_8)),
                Map.entry("text/csv", (header + "VOLCENGINE,cn-beijing," + "x".repeat(10_000) + ",MONTHLY,1,1,CNY\n").getBytes(UTF_8)),
                Map.entry("text/csv", (header + "VOLCENGINE,=HYPERLINK(\"http://evil.example\"),"
                        + PortalFixtures.A10 + ",MONTHLY,1,1,CNY\n").getBytes(UTF_8)),
                Map.entry("text/csv", new byte[6 * 1024 * 1024]),
                Map.entry("text/csv", new byte[0]))));
        String samples = "timestamp, index, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%]\n";
        uploads.add(new Upload("POST", "/api/v1/deployments/" + deploymentId + "/utilization", consultant, List.of(
                Map.entry("text/csv", randomBytes(4096)),
                Map.entry("text/csv", (samples + "2030/01/01 00:00:00.000, 0, NVIDIA A10, 1\u000024, 24564, 50 %\n").getBytes(UTF_8)),
                Map.entry("text/csv", (samples + "+294277/01/01 00:00:00.000, 0, NVIDIA A10, 1024, 24564, 50 %\n").getBytes(UTF_8)),
                Map.entry("text/csv", (samples + "2030/01/01 00:00:00.000, 0, NVIDIA A10, -5, 24564, 50 %\n").getBytes(UTF_8)),
                Map.entry("text/csv", (samples + "2030/01/01 00:00:00.000, 0, NVIDIA A10, 99999999999999999999, 24564, 50 %\n").getBytes(UTF_8)),
                Map.entry("text/plain", "DCGM_FI_DEV_FB_USED{gpu=\"0\"} NaN\n".getBytes(UTF_8)),
                Map.entry("text/csv", new byte[0]))));
        byte[] pngSignature = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
        uploads.add(new Upload("PUT", "/api/v1/tenant/logo", admin, List.of(
                Map.entry("image/png", "not an image".getBytes(UTF_8)),
                Map.entry("image/png", pngSignature),
                Map.entry("image/png", concat(pngSignature, pngHeader(100_000, 100_000))),
                Map.entry("image/jpeg", randomBytes(2048)),
                Map.entry("image/png", "GIF89a\u0001\u0000\u0001\u0000".getBytes(UTF_8)),
                Map.entry("image/png", new byte[600 * 1024]))));
    }

    @Test
    void everyBadUploadIsA4xxProblemAndStoresNothing() throws Exception {
        Map<String, Long> before = rowCounts();
        List<String> failures = new ArrayList<>();
        int sent = 0;
        for (Upload u : uploads) {
            for (Map.Entry<String, byte[]> file : u.files()) {
                sent++;
                String where = u.method() + " " + u.path() + " " + file.getKey() + " (" + file.getValue().length
                        + " bytes, file " + u.files().indexOf(file) + ")";
                Api.Response r;
                try {
                    r = u.api().sendBytes(u.method(), u.path(), file.getKey(), file.getValue());
                } catch (RuntimeException | AssertionError e) {
                    failures.add("no complete answer for " + where + ": " + e.getMessage());
                    continue;
                }
                if (r.status() < 400 || r.status() >= 500) {
                    failures.add(r.status() + " for " + where + " → " + abbreviate(r.body()));
                } else if (!String.valueOf(r.header("Content-Type")).startsWith("application/problem+json")) {
                    failures.add("not a problem: " + r.status() + " " + r.header("Content-Type") + " for " + where);
                }
            }
        }
        assertThat(sent).as("bad files sent").isGreaterThanOrEqualTo(20);
        assertThat(failures).as("answers to bad files that were not a 4xx problem").isEmpty();
        assertThat(rowCounts()).as("row counts per table").isEqualTo(before);
    }

    private static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        new java.util.Random(42).nextBytes(b);
        return b;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /** A PNG IHDR chunk claiming the given size (a decompression bomb announces itself like this). */
    private static byte[] pngHeader(int width, int height) {
        java.nio.ByteBuffer ihdr = java.nio.ByteBuffer.allocate(25);
        ihdr.putInt(13).put("IHDR".getBytes(UTF_8)).putInt(width).putInt(height)
                .put((byte) 8).put((byte) 6).put((byte) 0).put((byte) 0).put((byte) 0);
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(ihdr.array(), 4, 17);
        ihdr.putInt((int) crc.getValue());
        return ihdr.array();
    }

    @Test
    void everyBadBodyIsA4xxProblemNamingTheFieldAndStoresNothing() throws Exception {
        Map<String, Long> before = rowCounts();
        List<String> failures = new ArrayList<>();
        int sent = 0;
        for (Target t : targets) {
            for (Map.Entry<String, Kind> field : t.fields().entrySet()) {
                for (Object bad : badValues(field.getValue())) {
                    String body = replace(t.body(), field.getKey(), bad);
                    sent++;
                    check(t, field.getKey(), body, failures);
                }
            }
            // deep nesting in the first field, and a body that is not JSON at all
            String first = t.fields().keySet().iterator().next();
            sent += 2;
            check(t, first, replace(t.body(), first, nested(200)), failures);
            check(t, null, "{\"a\":", failures);
        }
        assertThat(sent).as("bad bodies sent").isGreaterThanOrEqualTo(200);
        assertThat(failures).as("answers that were not a 4xx problem naming the field").isEmpty();
        assertThat(rowCounts()).as("row counts per table").isEqualTo(before);
    }

    /**
     * Issue 44: a key twice in one object ({"text":"a","text":"b"}) is a 400 naming the key on every write, also on
     * the portal's endpoints without login and for a token that does not exist; before, some answered 500 and the
     * others let the last value win.
     */
    @Test
    @SuppressWarnings("unchecked")
    void aKeyTwiceInOneObjectIsA400NamingTheKeyAndStoresNothing() throws Exception {
        Map<String, Long> before = rowCounts();
        List<String> failures = new ArrayList<>();
        List<Target> all = new ArrayList<>(targets);
        Api anonymous = Api.anonymous(baseUrl());
        for (String action : List.of("accept", "reject", "questions")) {
            all.add(new Target("POST", "/portal/api/" + "0".repeat(43) + "/" + action, anonymous,
                    "{\"text\":\"a\",\"reason\":\"b\",\"optionId\":\"c\"}", Map.of()));
        }
        for (Target t : all) {
            Map<String, Object> body = JSON.readValue(t.body(), Map.class);
            Map.Entry<String, Object> first = body.entrySet().iterator().next();
            String twice = "{" + JSON.writeValueAsString(first.getKey()) + ":"
                    + JSON.writeValueAsString(first.getValue()) + "," + t.body().strip().substring(1);
            check(t, first.getKey(), twice, failures);
        }
        assertThat(failures).as("answers that were not a 400 naming the repeated key").isEmpty();
        assertThat(rowCounts()).as("row counts per table").isEqualTo(before);
    }

    private void check(Target t, String field, String body, List<String> failures) {
        Api.Response r = t.api().send(t.method(), t.path(), "application/json", body);
        String where = t.method() + " " + t.path().replaceFirst("/portal/api/[^/]+", "/portal/api/{token}") + " "
                + field + " = " + abbreviate(body);
        if (r.status() < 400 || r.status() >= 500) {
            failures.add(r.status() + " for " + where + " → " + abbreviate(r.body()));
            return;
        }
        if (r.header("Location") != null || !String.valueOf(r.header("Content-Type")).startsWith("application/problem+json")) {
            failures.add("not a problem: " + r.status() + " " + r.header("Content-Type") + " for " + where);
            return;
        }
        List<String> named = new ArrayList<>();
        r.json().path("errors").forEach(e -> named.add(e.path("field").asText()));
        String leaf = field == null ? "" : field.replaceAll(".*\\.", "").replaceAll("\\[\\d+]", "");
        boolean deep = body.contains("[[[[");
        // a truncated body names where it broke off; a too deep one names the field (or an enclosing one, or the body)
        if (named.isEmpty() || named.stream().anyMatch(String::isBlank) || named.stream().noneMatch(n -> n.contains(leaf)
                || (deep && (n.equals("body") || field.startsWith(n))))) {
            failures.add("field not named (" + named + ", expected " + leaf + "): " + r.status() + " for " + where
                    + " → " + abbreviate(r.body()));
        }
    }

    private static List<Object> badValues(Kind kind) {
        List<Object> text = List.of("\u0000", "a\u0000b", "bell\u0007", "esc\u001b[31m", "del\u007f", "c1\u0085",
                "x".repeat(10_001), 123, true, Map.of("a", 1), List.of("a"));
        return switch (kind) {
            case TEXT -> text;
            case LINE -> java.util.stream.Stream.concat(text.stream(), Stream.of("two\nlines", "cr\rhere", "tab\there"))
                    .toList();
            case EMAIL -> List.of("zhang\u3000san@customer.example", "zhang@customer\u2003.example",
                    "zhang\u00a0@customer.example", "zhang\u0000@customer.example", "z@c.example\u200b.cn", 42,
                    "x".repeat(300) + "@customer.example");
            case INT -> List.of(1.5, "2", 2147483648L, 1e30, true, "x", Map.of(), List.of(1));
            case DECIMAL -> List.of(new java.math.BigInteger("123456789012345678"), 1e30, -1e20, "abc", true,
                    List.of(), "1e999999");
            case DATE -> List.of("+294277-01-01", "0000-01-01", "99999-01-01", "-4714-11-24", "9999-12-31",
                    "10000-01-01", "2030-13-01", 20300101, true);
            case INSTANT -> List.of("+294277-01-01T00:00:00Z", "-4714-11-24T00:00:00Z", "9999-12-31T00:00:00Z",
                    "0000-01-01", "2030-01-01T25:00:00Z", 123, "yesterday", List.of());
        };
    }

    private static Object nested(int depth) {
        Object v = "x";
        for (int i = 0; i < depth; i++) {
            v = List.of(v);
        }
        return v;
    }

    /** The body with the value at a dotted path (with [i] indexes) replaced. */
    @SuppressWarnings("unchecked")
    private static String replace(String body, String path, Object value) {
        try {
            Object root = JSON.readValue(body, Object.class);
            Object node = root;
            String[] parts = path.split("\\.");
            for (int i = 0; i < parts.length; i++) {
                String part = parts[i];
                String name = part.replaceAll("\\[\\d+]", "");
                boolean last = i == parts.length - 1;
                Map<String, Object> map = (Map<String, Object>) node;
                if (part.contains("[")) {
                    int index = Integer.parseInt(part.replaceAll(".*\\[(\\d+)]", "$1"));
                    node = ((List<Object>) map.get(name)).get(index);
                    if (last) {
                        ((List<Object>) map.get(name)).set(index, value);
                    }
                } else if (last) {
                    map.put(name, value);
                } else {
                    node = map.get(name);
                }
            }
            return JSON.writeValueAsString(root);
        } catch (Exception e) {
            throw new AssertionError(path + " in " + body, e);
        }
    }

    private void add(String method, String path, Api api, String body, Map<String, Kind> fields) {
        targets.add(new Target(method, path, api, body, new LinkedHashMap<>(new TreeMap<>(fields))));
    }

    private Api bearer(Api basic) {
        Api.Response r = basic.post("/api/v1/me/tokens", Map.of("name", "hostile", "expiresInDays", 1));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return Api.bearer(baseUrl(), r.json().path("token").asText());
    }

    private static Map<String, Long> rowCounts() throws SQLException {
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
        return counts;
    }

    private static String abbreviate(String s) {
        return s == null ? "null" : s.length() > 160 ? s.substring(0, 160) + "…" : s;
    }
}
