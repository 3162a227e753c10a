package com.gpuquote.tenancy;

import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** GET/PUT /api/v1/tenant/profile: the seller block of quote documents (issue 16). */
class TenantProfileApiTest extends IntegrationTest {

    /** A valid unified social credit code: check character computed by hand from GB 32100-2015 weights. */
    static final String CODE = "91110108MA01FE3Y7U";

    @Autowired
    TestTenants tenants;

    @Test
    void theAdminWritesTheProfileConsultantsReadItAndAnotherTenantSeesItsOwn() {
        TestTenants.TestTenant mine = tenants.create("zh-CN");
        TestTenants.TestTenant theirs = tenants.create("zh-CN");
        Api admin = Api.basic(baseUrl(), mine.adminEmail(), TestTenants.PASSWORD);
        Map<String, Object> body = new HashMap<>(Map.of("legalName", "  北京测试科技有限公司 ",
                "creditCode", "9111 0108 ma01 fe3y 7u", "address", "北京市海淀区", "phone", "010-1234",
                "bankName", "招商银行", "bankAccount", "1109 0001"));
        var put = admin.put("/api/v1/tenant/profile", body);
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        assertThat(put.json().path("legalName").asText()).isEqualTo("北京测试科技有限公司");
        assertThat(put.json().path("creditCode").asText()).as("spaces out, upper case").isEqualTo(CODE);

        var read = Api.basic(baseUrl(), mine.consultantEmail(), TestTenants.PASSWORD).get("/api/v1/tenant/profile");
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json().path("bankAccount").asText()).isEqualTo("1109 0001");
        var other = Api.basic(baseUrl(), theirs.adminEmail(), TestTenants.PASSWORD).get("/api/v1/tenant/profile");
        assertThat(other.json().path("legalName").isNull()).as("another tenant has its own, empty profile").isTrue();

        assertThat(Api.basic(baseUrl(), mine.consultantEmail(), TestTenants.PASSWORD)
                .put("/api/v1/tenant/profile", body).status()).as("consultants do not write").isEqualTo(403);
    }

    @Test
    void aWrongCheckCharacterOrOverlongFieldIs400NamingEachFieldAndChangesNothing() {
        TestTenants.TestTenant t = tenants.create("zh-CN");
        Api admin = Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD);
        var bad = admin.put("/api/v1/tenant/profile", Map.of("legalName", "x".repeat(201),
                "creditCode", "91110108MA01FE3Y7A", "phone", "1".repeat(51)));
        assertThat(bad.status()).as(bad.body()).isEqualTo(400);
        List<String> fields = new ArrayList<>();
        bad.json().path("errors").forEach(e -> fields.add(e.path("field").asText()));
        assertThat(fields).containsExactlyInAnyOrder("legalName", "creditCode", "phone");
        assertThat(admin.get("/api/v1/tenant/profile").json().path("creditCode").isNull()).isTrue();
    }
}
