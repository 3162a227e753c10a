package com.gpuquote.customer;

import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class CustomerApiTest extends IntegrationTest {

    @Autowired
    TestTenants testTenants;

    TestTenants.TestTenant a;
    TestTenants.TestTenant b;
    Api consultantA;
    Api consultantB;

    @BeforeEach
    void tenants() {
        a = testTenants.create();
        b = testTenants.create();
        consultantA = Api.basic(baseUrl(), a.consultantEmail(), TestTenants.PASSWORD);
        consultantB = Api.basic(baseUrl(), b.consultantEmail(), TestTenants.PASSWORD);
    }

    private static Map<String, Object> customer(String name, String code) {
        return Map.of("name", name, "creditCode", code, "language", "zh-CN",
                "contacts", List.of(Map.of("name", "张三", "email", "zhang@example.cn", "phone", "+86 10 1234 5678")));
    }

    @Test
    void consultantCreatesAndFindsACustomerWithContacts() {
        var created = consultantA.post("/api/v1/customers", customer("北京深度智算科技有限公司", "91110000MA01ABCD1M"));
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().path("contacts").get(0).path("name").asText()).isEqualTo("张三");
        assertThat(created.json().path("ownerName").asText()).startsWith("Consultant");

        var found = consultantA.get("/api/v1/customers?q=" + java.net.URLEncoder.encode("深度", java.nio.charset.StandardCharsets.UTF_8));
        assertThat(found.json()).hasSize(1);
        var byContact = consultantA.get("/api/v1/customers?q=zhang@example");
        assertThat(byContact.json()).hasSize(1);
    }

    @Test
    void searchTextWithLikeWildcardsMatchesLiterally() {
        assertThat(consultantA.post("/api/v1/customers", customer("满载100%算力有限公司", "91110000MA01ABCD1M")).status())
                .isEqualTo(201);
        assertThat(consultantA.post("/api/v1/customers", Map.of("name", "千卡1000_集群有限公司", "language", "zh-CN"))
                .status()).isEqualTo(201);

        // "0%" is a literal "0%", not "a 0 followed by anything" (which would also find "1000")
        assertThat(names(consultantA.get("/api/v1/customers?q=0%25").json())).containsExactly("满载100%算力有限公司");
        // "0_" is a literal "0_", not "a 0 and one more character"
        assertThat(names(consultantA.get("/api/v1/customers?q=0_").json())).containsExactly("千卡1000_集群有限公司");
    }

    private static List<String> names(com.fasterxml.jackson.databind.JsonNode customers) {
        return java.util.stream.StreamSupport.stream(customers.spliterator(), false)
                .map(c -> c.path("name").asText()).toList();
    }

    @Test
    void badInputNamesEveryFieldAndSavesNothing() {
        var r = consultantA.post("/api/v1/customers", Map.of("name", "", "creditCode", "12345", "language", "fr",
                "contacts", List.of(Map.of("name", "", "email", "not-an-email"))));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().path("errors").findValuesAsText("field"))
                .containsExactlyInAnyOrder("name", "creditCode", "language", "contacts[0].name", "contacts[0].email");
        assertThat(consultantA.get("/api/v1/customers").json()).isEmpty();
    }

    @Test
    void duplicateCreditCodeInTheSameTenantIsAConflictButAnotherTenantMayUseIt() {
        assertThat(consultantA.post("/api/v1/customers", customer("A 公司", "91440300708461136T")).status()).isEqualTo(201);
        assertThat(consultantA.post("/api/v1/customers", customer("A 公司二", "91440300708461136T")).status()).isEqualTo(409);
        assertThat(consultantB.post("/api/v1/customers", customer("B 公司", "91440300708461136T")).status()).isEqualTo(201);
    }

    @Test
    void anotherTenantsCustomerAndProjectAnswer404() {
        String customerId = consultantA.post("/api/v1/customers", customer("隔离测试", "12100000400000624D")).json().path("id").asText();
        String projectId = consultantA.post("/api/v1/projects", Map.of("customerId", customerId, "name", "推理集群"))
                .json().path("id").asText();
        assertThat(consultantB.get("/api/v1/customers/" + customerId).status()).isEqualTo(404);
        assertThat(consultantB.put("/api/v1/customers/" + customerId, Map.of("name", "x", "version", 0)).status()).isEqualTo(404);
        assertThat(consultantB.get("/api/v1/projects/" + projectId).status()).isEqualTo(404);
        assertThat(consultantB.post("/api/v1/projects", Map.of("customerId", customerId, "name", "steal")).status()).isEqualTo(404);
        assertThat(consultantB.get("/api/v1/customers").json()).isEmpty();
        assertThat(consultantB.get("/api/v1/projects").json()).isEmpty();
    }

    @Test
    void projectLifecycleWithOptimisticLocking() {
        String customerId = consultantA.post("/api/v1/customers", customer("项目客户", "91110000MA01ABCD1M")).json().path("id").asText();
        var project = consultantA.post("/api/v1/projects", Map.of("customerId", customerId, "name", "LLM 微调", "description", "Qwen2.5-7B LoRA"));
        assertThat(project.status()).isEqualTo(201);
        assertThat(project.json().path("status").asText()).isEqualTo("OPEN");
        String id = project.json().path("id").asText();
        var held = consultantA.put("/api/v1/projects/" + id, Map.of("name", "LLM 微调", "status", "ON_HOLD", "version", 0));
        assertThat(held.json().path("status").asText()).isEqualTo("ON_HOLD");
        // a second write with the stale version is refused, not silently applied
        assertThat(consultantA.put("/api/v1/projects/" + id, Map.of("name", "x", "status", "LOST", "version", 0)).status())
                .isEqualTo(409);
        assertThat(consultantA.get("/api/v1/projects?customerId=" + customerId).json()).hasSize(1);
        assertThat(consultantA.put("/api/v1/projects/" + id, Map.of("name", "x", "status", "DONE", "version", 1)).status())
                .isEqualTo(400);
    }

    @Test
    void adminsMayUseCustomersButPlatformAdminsMayNot() {
        var admin = Api.basic(baseUrl(), a.adminEmail(), TestTenants.PASSWORD);
        assertThat(admin.get("/api/v1/customers").status()).isEqualTo(200);
        var platform = Api.basic(baseUrl(), "platform@gpuquote.demo", "Demo-Platform-2026!");
        assertThat(platform.get("/api/v1/customers").status()).isEqualTo(403);
        assertThat(Api.anonymous(baseUrl()).get("/api/v1/customers").status()).isEqualTo(401);
    }
}
