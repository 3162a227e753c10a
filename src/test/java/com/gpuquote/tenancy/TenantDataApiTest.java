package com.gpuquote.tenancy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.security.SystemAuthentication;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A departing reseller (issue 18): the platform admin exports all of its data and then deletes it; the counts are
 * taken with the database owner's connection (no row-level security), independently of the code under test.
 */
class TenantDataApiTest extends IntegrationTest {

    private static final String PLATFORM = "platform@gpuquote.demo";
    private static final String PLATFORM_PASSWORD = "Demo-Platform-2026!";

    @Autowired
    PopulatedTenants populated;
    @Autowired
    TenantService tenants;

    @Test
    void theExportHoldsEveryRowOfTheTenantAndNothingOfOthersOrAnySecret() throws Exception {
        var a = populated.create();
        var b = populated.create();
        HttpResponse<byte[]> response = download("/api/v1/platform/tenants/" + a.id() + "/export");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/zip");
        Map<String, String> files = unzip(response.body());

        Map<String, Integer> expected = rowsPerTable(a.id());
        JsonNode manifest = new ObjectMapper().readTree(files.get("manifest.json"));
        assertThat(manifest.path("slug").asText()).isEqualTo(a.t().tenant().slug());
        for (var e : expected.entrySet()) {
            assertThat(manifest.path("tables").path(e.getKey()).asInt(-1)).as(e.getKey()).isEqualTo(e.getValue());
            assertThat(files).containsKeys(e.getKey() + ".json", e.getKey() + ".csv");
            JsonNode rows = new ObjectMapper().readTree(files.get(e.getKey() + ".json"));
            assertThat(rows.size()).as(e.getKey() + ".json").isEqualTo(e.getValue());
        }
        assertThat(expected.get("app_users")).isEqualTo(2);
        assertThat(expected.get("api_tokens")).isEqualTo(1);
        assertThat(files.get("app_users.csv")).contains(a.t().adminEmail(), a.t().consultantEmail())
                .contains("email,display_name,roles").doesNotContain("password_hash").doesNotContain("$argon2");
        assertThat(files.get("api_tokens.csv")).doesNotContain("token_hash");
        String everything = String.join("\n", files.values());
        assertThat(everything).doesNotContain(b.id().toString(), b.t().adminEmail(), b.t().tenant().slug());

        // the export is audited in the platform's log: who, which tenant, how many rows left with it
        List<Object[]> audit = TestDatabase.adminRows("""
                select actor, details ->> 'slug', (details ->> 'rows')::int from platform_audit_events
                where action = 'TENANT_DATA_EXPORTED' and entity = 'tenant' and entity_id = ?::text""", a.id());
        assertThat(audit).hasSize(1);
        assertThat(audit.get(0)[0]).isEqualTo(PLATFORM);
        assertThat(audit.get(0)[1]).isEqualTo(a.t().tenant().slug());
        // the tenant's own row (tenant.json) and every row of its tables
        assertThat(audit.get(0)[2]).isEqualTo(1 + expected.values().stream().mapToInt(Integer::intValue).sum());
        assertThat(count("select count(*) from platform_audit_events where action = 'TENANT_DATA_EXPORTED' "
                + "and entity_id = ?::text", b.id())).as("nothing recorded for a tenant not exported").isZero();
    }


    @Test
    void deletingNeedsTheSlugAndASuspendedTenantThenRemovesEveryRowOfItAndNoneOfOthers() throws Exception {
        var a = populated.create();
        var b = populated.create();
        Api platform = Api.basic(baseUrl(), PLATFORM, PLATFORM_PASSWORD);
        Map<String, Integer> before = rowsPerTable(b.id());
        int aRows = rowsPerTable(a.id()).values().stream().mapToInt(Integer::intValue).sum();

        var noConfirm = platform.delete("/api/v1/platform/tenants/" + a.id());
        assertThat(noConfirm.status()).isEqualTo(400);
        assertThat(noConfirm.body()).contains("confirm");
        var active = platform.delete("/api/v1/platform/tenants/" + a.id() + "?confirm=" + a.t().tenant().slug());
        assertThat(active.status()).as("an active tenant is suspended first").isEqualTo(409);
        assertThat(rowsPerTable(a.id()).values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(aRows);
        var tenantAdmin = Api.basic(baseUrl(), a.t().adminEmail(), TestTenants.PASSWORD);
        assertThat(tenantAdmin.delete("/api/v1/platform/tenants/" + a.id() + "?confirm=" + a.t().tenant().slug())
                .status()).as("tenant admins may not").isEqualTo(403);

        SystemAuthentication.asPlatformAdmin(() -> tenants.setStatus(a.t().tenant().id(), TenantStatus.SUSPENDED));
        var deleted = platform.delete("/api/v1/platform/tenants/" + a.id() + "?confirm=" + a.t().tenant().slug());
        assertThat(deleted.status()).as(deleted.body()).isEqualTo(200);
        // every row the tenant had, plus the tenant row itself; the suspension added one audit row
        assertThat(deleted.json().path("totalRows").asInt()).isEqualTo(aRows + 1 + 1);

        assertThat(rowsPerTable(a.id()).values()).allMatch(n -> n == 0);
        assertThat(count("select count(*) from tenants where id = ?", a.id())).isZero();
        assertThat(rowsPerTable(b.id())).isEqualTo(before);
        assertThat(Api.bearer(baseUrl(), b.token()).get("/api/v1/me").status()).isEqualTo(200);
        assertThat(Api.bearer(baseUrl(), a.token()).get("/api/v1/me").status()).isEqualTo(401);
        assertThat(count("select count(*) from platform_audit_events where action = 'TENANT_DELETED' "
                + "and entity_id = ?::text", a.id())).isEqualTo(1);
        assertThat(platform.delete("/api/v1/platform/tenants/" + a.id() + "?confirm=x").status()).isEqualTo(404);
    }

    /** Rows of the tenant in every table with a tenant_id column, counted as the database owner. */
    private static Map<String, Integer> rowsPerTable(UUID tenant) throws SQLException {
        Map<String, Integer> counts = new TreeMap<>();
        try (Connection admin = TestDatabase.adminConnection()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = admin.createStatement().executeQuery("""
                    select c.table_name from information_schema.columns c
                    join information_schema.tables t using (table_schema, table_name)
                    where c.table_schema = 'public' and c.column_name = 'tenant_id' and t.table_type = 'BASE TABLE'""")) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                }
            }
            for (String table : tables) {
                try (PreparedStatement ps = admin.prepareStatement("select count(*) from " + table + " where tenant_id = ?")) {
                    ps.setObject(1, tenant);
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        counts.put(table, rs.getInt(1));
                    }
                }
            }
        }
        return counts;
    }

    private static int count(String sql, UUID id) throws SQLException {
        try (Connection admin = TestDatabase.adminConnection(); PreparedStatement ps = admin.prepareStatement(sql)) {
            ps.setObject(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    private HttpResponse<byte[]> download(String path) throws IOException, InterruptedException {
        String basic = Base64.getEncoder().encodeToString((PLATFORM + ":" + PLATFORM_PASSWORD)
                .getBytes(StandardCharsets.UTF_8));
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(baseUrl() + path))
                .header("Authorization", "Basic " + basic).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static Map<String, String> unzip(byte[] zip) throws IOException {
        Map<String, String> files = new HashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip), StandardCharsets.UTF_8)) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                files.put(e.getName(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        return files;
    }
}
