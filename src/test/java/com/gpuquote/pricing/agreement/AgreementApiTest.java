package com.gpuquote.pricing.agreement;

import com.gpuquote.CalendarTest;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.quote.AsUser;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@CalendarTest
class AgreementApiTest extends IntegrationTest {

    @Autowired
    TestTenants testTenants;

    TestTenants.TestTenant a;
    Api adminA;
    Api consultantA;
    Api adminB;
    String customerId;

    @BeforeEach
    void setUp() {
        a = testTenants.create();
        TestTenants.TestTenant b = testTenants.create();
        adminA = Api.basic(baseUrl(), a.adminEmail(), TestTenants.PASSWORD);
        consultantA = Api.basic(baseUrl(), a.consultantEmail(), TestTenants.PASSWORD);
        adminB = Api.basic(baseUrl(), b.adminEmail(), TestTenants.PASSWORD);
        customerId = consultantA.post("/api/v1/customers", Map.of("name", "协议客户")).json().path("id").asText();
    }

    static Map<String, Object> agreement(String from, String to) {
        Map<String, Object> scope = new HashMap<>();
        scope.put("instanceType", null);
        scope.put("family", null);
        scope.put("gpuModel", null);
        scope.put("billingMode", null);
        Map<String, Object> body = new HashMap<>();
        body.put("name", "2027 框架协议");
        body.put("validFrom", from);
        body.put("validTo", to);
        body.put("rules", List.of(
                Map.of("type", "PERCENT_OFF", "percent", 10, "scope", scope),
                Map.of("type", "FIXED_PRICE", "instanceType", "ecs.gni2.3xlarge", "region", "cn-beijing",
                        "billingMode", "MONTHLY", "unitPrice", "1234.5"),
                Map.of("type", "VOLUME_TIER", "minGpus", 8, "percent", 3),
                Map.of("type", "TERM", "minMonths", 12, "percent", 5)));
        return body;
    }

    @Test
    void adminCreatesAnAgreementConsultantReadsIt() {
        var created = adminA.post("/api/v1/customers/" + customerId + "/agreements", agreement("2027-01-01", "2027-12-31"));
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().path("rules")).hasSize(4);
        assertThat(created.json().path("rules").get(0).path("type").asText()).isEqualTo("PERCENT_OFF");
        assertThat(created.json().path("rules").get(1).path("unitPrice").decimalValue()).isEqualByComparingTo("1234.5");

        var list = consultantA.get("/api/v1/customers/" + customerId + "/agreements");
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.json()).hasSize(1);
        String id = created.json().path("id").asText();
        assertThat(consultantA.get("/api/v1/customers/" + customerId + "/agreements/" + id).status()).isEqualTo(200);
    }

    @Test
    void consultantCannotWriteAgreements() {
        assertThat(consultantA.post("/api/v1/customers/" + customerId + "/agreements",
                agreement("2027-01-01", null)).status()).isEqualTo(403);
    }

    @Test
    void overlappingAgreementsAreRefusedAdjacentOnesAccepted() {
        String path = "/api/v1/customers/" + customerId + "/agreements";
        assertThat(adminA.post(path, agreement("2027-01-01", "2027-06-30")).status()).isEqualTo(201);
        var overlap = adminA.post(path, agreement("2027-06-30", "2027-12-31"));
        assertThat(overlap.status()).isEqualTo(409);
        assertThat(overlap.json().path("code").asText()).isEqualTo("customer.agreement.error.overlap");
        assertThat(adminA.post(path, agreement("2027-07-01", null)).status()).isEqualTo(201);
        // open-ended agreement overlaps everything later
        assertThat(adminA.post(path, agreement("2030-01-01", "2030-12-31")).status()).isEqualTo(409);
    }

    @Test
    void invalidAgreementNamesEveryField() {
        Map<String, Object> body = new HashMap<>();
        body.put("name", "");
        body.put("validFrom", "2027-02-01");
        body.put("validTo", "2027-01-01");
        body.put("rules", List.of(Map.of("type", "PERCENT_OFF", "percent", 101),
                Map.of("type", "VOLUME_TIER", "minGpus", 0, "percent", 3),
                Map.of("type", "FIXED_PRICE", "unitPrice", "-1")));
        var r = adminA.post("/api/v1/customers/" + customerId + "/agreements", body);
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().path("errors").findValuesAsText("field")).contains("name", "validTo", "rules[0].percent",
                "rules[1].minGpus", "rules[2].instanceType", "rules[2].region", "rules[2].billingMode",
                "rules[2].unitPrice");
        var unknown = adminA.post("/api/v1/customers/" + customerId + "/agreements",
                Map.of("name", "x", "validFrom", "2027-01-01", "rules", List.of(Map.of("type", "BOGUS"))));
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.json().path("errors").findValuesAsText("field")).containsExactly("rules[0].type");
    }

    @Test
    void updateIsVersionedAndAuditedWithBeforeAndAfter() {
        String path = "/api/v1/customers/" + customerId + "/agreements";
        String id = adminA.post(path, agreement("2027-01-01", "2027-12-31")).json().path("id").asText();
        Map<String, Object> change = agreement("2027-01-01", "2028-12-31");
        change.put("version", 0);
        var updated = adminA.put(path + "/" + id, change);
        assertThat(updated.status()).isEqualTo(200);
        assertThat(updated.json().path("validTo").asText()).isEqualTo("2028-12-31");
        assertThat(adminA.put(path + "/" + id, change).status()).isEqualTo(409); // stale version

        var audit = auditFor(a);
        assertThat(audit).anySatisfy(e -> assertThat(e).contains("AGREEMENT_CREATED"));
        assertThat(audit).anySatisfy(e -> assertThat(e).contains("AGREEMENT_UPDATED").contains("before")
                .contains("after").contains("2028-12-31"));
    }

    @Test
    void anotherTenantsCustomerAndAgreementAnswer404() {
        String path = "/api/v1/customers/" + customerId + "/agreements";
        String id = adminA.post(path, agreement("2027-01-01", null)).json().path("id").asText();
        assertThat(adminB.get(path).status()).isEqualTo(404);
        assertThat(adminB.post(path, agreement("2029-01-01", null)).status()).isEqualTo(404);
        assertThat(adminB.get(path + "/" + id).status()).isEqualTo(404);
        Map<String, Object> change = agreement("2027-01-01", null);
        change.put("version", 0);
        assertThat(adminB.put(path + "/" + id, change).status()).isEqualTo(404);
    }

    @Autowired
    AuditLog auditLog;
    @Autowired
    AsUser asUser;

    private List<String> auditFor(TestTenants.TestTenant tenant) {
        return asUser.call(tenant.adminEmail(),
                () -> auditLog.find(AuditLog.Filter.NONE, 0, 100).stream()
                        .map(e -> e.action() + " " + e.details()).toList());
    }
}
