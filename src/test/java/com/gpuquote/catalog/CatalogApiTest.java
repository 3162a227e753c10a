package com.gpuquote.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CatalogApiTest extends IntegrationTest {

    @Autowired
    TestTenants tenants;

    private Api consultant() {
        return Api.basic(baseUrl(), "consultant@sanfei.demo", "Demo-Consultant-2026!");
    }

    @Test
    void instanceTypesHaveTheDocumentedFieldNames() {
        var r = consultant().get("/api/v1/catalog/instance-types?gpuModel=A800-SXM4-80GB&gpuCount=8&region=cn-shanghai");
        assertThat(r.status()).isEqualTo(200);
        JsonNode first = r.json().get(0);
        List<String> names = new ArrayList<>();
        first.fieldNames().forEachRemaining(names::add);
        assertThat(names).contains("code", "provider", "family", "gpuModel", "gpuCount", "vramPerGpuGiB",
                "totalVramGiB", "vcpu", "ramGiB", "ramToVramRatio", "regions", "status", "source", "sample");
        JsonNode bareMetal = null;
        for (JsonNode n : r.json()) {
            assertThat(n.path("gpuModel").asText()).isEqualTo("A800-SXM4-80GB");
            assertThat(n.path("gpuCount").asInt()).isEqualTo(8);
            if (n.path("code").asText().equals("ecs.ebmhpcpni2l.32xlarge")) {
                bareMetal = n;
            }
        }
        assertThat(bareMetal).isNotNull();
        assertThat(bareMetal.path("totalVramGiB").decimalValue()).isEqualByComparingTo("640");
        assertThat(bareMetal.path("ramToVramRatio").decimalValue()).isEqualByComparingTo("3.20");
        assertThat(bareMetal.path("regions").toString()).isEqualTo("[\"cn-beijing\",\"cn-shanghai\"]");
        assertThat(bareMetal.path("provider").asText()).isEqualTo("VOLCENGINE");
        assertThat(bareMetal.path("status").asText()).isEqualTo("ACTIVE");
        assertThat(bareMetal.path("sample").asBoolean()).isTrue();
        assertThat(bareMetal.path("source").asText()).isNotBlank();
    }

    @Test
    void minVramFiltersPerGpuVram() {
        var r = consultant().get("/api/v1/catalog/instance-types?minVramGiB=90&provider=VOLCENGINE");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().size()).isPositive();
        r.json().forEach(n -> assertThat(n.path("vramPerGpuGiB").decimalValue()).isGreaterThanOrEqualTo(new java.math.BigDecimal("90")));
        assertThat(consultant().get("/api/v1/catalog/instance-types?region=cn-guangzhou").json().size()).isZero();
    }

    @Test
    void badFilterValuesAre400NamingEachParameter() {
        var r = consultant().get("/api/v1/catalog/instance-types?provider=AWS&minVramGiB=lots&gpuCount=0&status=GONE");
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.header("Content-Type")).startsWith("application/problem+json");
        List<String> fields = new ArrayList<>();
        r.json().path("errors").forEach(e -> fields.add(e.path("field").asText()));
        assertThat(fields).containsExactlyInAnyOrder("provider", "minVramGiB", "gpuCount", "status");
    }

    @Test
    void withoutCredentialsIs401() {
        assertThat(Api.anonymous(baseUrl()).get("/api/v1/catalog/instance-types").status()).isEqualTo(401);
        assertThat(Api.anonymous(baseUrl()).get("/api/v1/catalog/gpu-models").status()).isEqualTo(401);
    }

    @Test
    void everyRoleCanRead() {
        var t = tenants.create();
        for (Api api : List.of(Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD),
                Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD),
                Api.basic(baseUrl(), "platform@gpuquote.demo", "Demo-Platform-2026!"))) {
            assertThat(api.get("/api/v1/catalog/instance-types").json().size()).isGreaterThanOrEqualTo(30);
            var models = api.get("/api/v1/catalog/gpu-models");
            assertThat(models.status()).isEqualTo(200);
            assertThat(models.body()).contains("\"code\":\"H20-SXM5-96GB\"", "\"interconnect\":\"NVLINK\"");
        }
        assertThat(consultant().get("/api/v1/catalog/instance-types/VOLCENGINE/ecs.gni2.3xlarge").json()
                .path("gpuModel").asText()).isEqualTo("A10-PCIE-24GB");
        assertThat(consultant().get("/api/v1/catalog/instance-types/VOLCENGINE/ecs.nope.x").status()).isEqualTo(404);
    }
}
