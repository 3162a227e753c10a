package com.gpuquote.customer;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.quote.AsUser;
import com.gpuquote.security.Role;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.user.UserService;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The owner consultant of a customer: tenant admins reassign it to a colleague; consultants cannot give it away. */
class CustomerOwnerApiTest extends IntegrationTest {

    @Autowired
    TestTenants testTenants;
    @Autowired
    UserService userService;
    @Autowired
    AuditLog auditLog;
    @Autowired
    AsUser asUser;

    TestTenants.TestTenant t;
    Api admin;
    Api consultant;
    Api colleague;
    String consultantId;
    String colleagueId;
    String adminId;

    @BeforeEach
    void tenantWithTwoConsultants() {
        t = testTenants.create();
        String colleagueEmail = "colleague-" + UUID.randomUUID().toString().substring(0, 8) + "@test.example";
        SystemAuthentication.asPlatformAdmin(() -> userService.createAccountIfAbsent(t.tenant().id(), colleagueEmail,
                "同事 李四", Set.of(Role.CONSULTANT), TestTenants.PASSWORD));
        admin = Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD);
        consultant = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
        colleague = Api.basic(baseUrl(), colleagueEmail, TestTenants.PASSWORD);
        consultantId = ownerOf(consultant.post("/api/v1/customers", body("顾问自己的客户", null, null)).json());
        colleagueId = ownerOf(colleague.post("/api/v1/customers", body("同事的客户", null, null)).json());
        adminId = ownerOf(admin.post("/api/v1/customers", body("管理员的客户", null, null)).json());
    }

    private static Map<String, Object> body(String name, Integer version, String ownerId) {
        Map<String, Object> m = new HashMap<>(Map.of("name", name, "language", "zh-CN"));
        if (version != null) {
            m.put("version", version);
        }
        if (ownerId != null) {
            m.put("ownerId", ownerId);
        }
        return m;
    }

    private static String ownerOf(JsonNode customer) {
        return customer.path("ownerId").asText();
    }

    private JsonNode create(Api as, String name) {
        var r = as.post("/api/v1/customers", body(name, null, null));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json();
    }

    private List<String> fields(Api.Response r) {
        return r.json().path("errors").findValuesAsText("field");
    }

    @Test
    void aTenantAdminReassignsACustomerToAnotherConsultantAndItIsAudited() {
        JsonNode c = create(consultant, "华东算力有限公司");
        assertThat(ownerOf(c)).isEqualTo(consultantId);

        var moved = admin.put("/api/v1/customers/" + c.path("id").asText(),
                body("华东算力有限公司", c.path("version").asInt(), colleagueId));
        assertThat(moved.status()).as(moved.body()).isEqualTo(200);
        assertThat(ownerOf(moved.json())).isEqualTo(colleagueId);
        assertThat(moved.json().path("ownerName").asText()).isEqualTo("同事 李四");
        assertThat(colleague.get("/api/v1/customers?mine=true").json().findValuesAsText("name")).contains("华东算力有限公司");
        assertThat(consultant.get("/api/v1/customers?mine=true").json().findValuesAsText("name"))
                .doesNotContain("华东算力有限公司");

        List<String> audit = asUser.call(t.adminEmail(), () -> auditLog.find(AuditLog.Filter.NONE, 0, 200).stream()
                .filter(e -> "CUSTOMER_OWNER_CHANGED".equals(e.action())).map(AuditLogDetails::of).toList());
        assertThat(audit).hasSize(1);
        assertThat(audit.get(0)).contains(consultantId).contains(colleagueId);

        // an admin may also create a customer for a consultant
        var forColleague = admin.post("/api/v1/customers", body("西南智算", null, colleagueId));
        assertThat(forColleague.status()).isEqualTo(201);
        assertThat(ownerOf(forColleague.json())).isEqualTo(colleagueId);
    }

    @Test
    void leavingOwnerIdOutKeepsTheOwner() {
        JsonNode c = create(consultant, "保持负责人");
        var edited = admin.put("/api/v1/customers/" + c.path("id").asText(), body("保持负责人（改）", c.path("version").asInt(), null));
        assertThat(edited.status()).isEqualTo(200);
        assertThat(ownerOf(edited.json())).isEqualTo(consultantId);
    }

    @Test
    void aConsultantCannotGiveACustomerAwayButMayKeepTheOwner() {
        JsonNode c = create(consultant, "不许转走");
        String id = c.path("id").asText();
        int version = c.path("version").asInt();

        var refused = consultant.put("/api/v1/customers/" + id, body("不许转走（改名）", version, colleagueId));
        assertThat(refused.status()).isEqualTo(400);
        assertThat(fields(refused)).containsExactly("ownerId");
        var after = consultant.get("/api/v1/customers/" + id).json();
        assertThat(ownerOf(after)).isEqualTo(consultantId);
        assertThat(after.path("name").asText()).as("nothing saved").isEqualTo("不许转走");
        assertThat(after.path("version").asInt()).isEqualTo(version);

        // nor create one for somebody else
        var forOther = consultant.post("/api/v1/customers", body("替别人建", null, adminId));
        assertThat(forOther.status()).isEqualTo(400);
        assertThat(fields(forOther)).containsExactly("ownerId");
        assertThat(consultant.get("/api/v1/customers?q=" + java.net.URLEncoder.encode("替别人建",
                java.nio.charset.StandardCharsets.UTF_8)).json()).isEmpty();

        // naming the current owner (themselves) is fine
        var kept = consultant.put("/api/v1/customers/" + id, body("不许转走（改名）", version, consultantId));
        assertThat(kept.status()).as(kept.body()).isEqualTo(200);
        assertThat(ownerOf(kept.json())).isEqualTo(consultantId);
    }

    @Test
    void anotherTenantsUserOrAnUnknownIdIsRefusedAndNothingIsSaved() {
        TestTenants.TestTenant other = testTenants.create();
        Api otherConsultant = Api.basic(baseUrl(), other.consultantEmail(), TestTenants.PASSWORD);
        String foreignUser = ownerOf(otherConsultant.post("/api/v1/customers", body("别家客户", null, null)).json());
        JsonNode c = create(consultant, "隔离的客户");
        String id = c.path("id").asText();

        for (String owner : List.of(foreignUser, UUID.randomUUID().toString())) {
            var update = admin.put("/api/v1/customers/" + id, body("被改名", c.path("version").asInt(), owner));
            assertThat(update.status()).isEqualTo(400);
            assertThat(fields(update)).containsExactly("ownerId");
            var create = admin.post("/api/v1/customers", body("新客户-" + owner, null, owner));
            assertThat(create.status()).isEqualTo(400);
            assertThat(fields(create)).containsExactly("ownerId");
        }
        JsonNode after = consultant.get("/api/v1/customers/" + id).json();
        assertThat(ownerOf(after)).isEqualTo(consultantId);
        assertThat(after.path("name").asText()).isEqualTo("隔离的客户");
        assertThat(admin.get("/api/v1/customers?q=" + java.net.URLEncoder.encode("新客户-",
                java.nio.charset.StandardCharsets.UTF_8)).json()).isEmpty();
    }

    /** An audit event as one searchable string. */
    record AuditLogDetails() {
        static String of(com.gpuquote.audit.AuditEvent e) {
            return e.action() + " " + e.entityId() + " " + e.details();
        }
    }
}
