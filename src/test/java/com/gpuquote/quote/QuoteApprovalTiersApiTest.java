package com.gpuquote.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.TestTenants;
import com.gpuquote.security.Role;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.user.UserService;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static com.gpuquote.quote.QuoteFixtures.A10;
import static org.assertj.core.api.Assertions.assertThat;

/** Issue 16: the APPROVER role, the tenant's approval tiers and the approval chain on a quote. */
class QuoteApprovalTiersApiTest extends QuoteApiSupport {

    @Autowired
    UserService users;

    String project;
    String approverEmail;
    Api approver;

    @BeforeEach
    void setUp() {
        tenantWithPrices();
        project = customerAndProject()[1];
        approverEmail = account("Approver", Set.of(Role.APPROVER));
        approver = Api.basic(baseUrl(), approverEmail, TestTenants.PASSWORD);
    }

    /** A further account of the test tenant with the given roles; its email. */
    String account(String name, Set<Role> roles) {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String email = name.toLowerCase() + "-" + suffix + "@test.example";
        SystemAuthentication.asPlatformAdmin(() -> users.createAccountIfAbsent(tenant.tenant().id(), email,
                name + " " + suffix, roles, TestTenants.PASSWORD));
        return email;
    }

    @Test
    void anApproverIsATenantRoleThatReadsSubmittedQuotesButDoesNotEditPriceListsOrQuotes() {
        assertThat(Role.TENANT_ROLES).contains(Role.APPROVER);
        String id = createQuote(consultant, project, option(List.of(
                with(line(A10, "HOURLY", 1, 1), "manualDiscountPercent", 40)), List.of())).path("id").asText();
        assertThat(consultant.post("/api/v1/quotes/" + id + "/submit", Map.of()).status()).isEqualTo(200);
        var read = approver.get("/api/v1/quotes/" + id);
        assertThat(read.status()).as(read.body()).isEqualTo(200);
        assertThat(approver.post("/api/v1/price-lists", Map.of("name", "x", "provider", "VOLCENGINE")).status())
                .isEqualTo(403);
        assertThat(approver.post("/api/v1/quotes", quoteBody(project, option(List.of(line(A10, "HOURLY", 1, 1)),
                List.of()))).status()).isEqualTo(403);
    }

    static Map<String, Object> tier(Object percent, Object role) {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("discountPercentAbove", percent);
        m.put("role", role);
        return m;
    }

    Api.Response putTiers(Api api, List<Map<String, Object>> tiers) {
        return api.put("/api/v1/tenant/approval-tiers", Map.of("approvalTiers", tiers));
    }

    @Test
    void tiersAreEmptyByDefaultOnlyTheAdminWritesThemAndBadInputNamesTheField() {
        assertThat(consultant.get("/api/v1/tenant/approval-tiers").json().path("approvalTiers").size()).isZero();
        assertThat(putTiers(consultant, List.of(tier(15, "TENANT_ADMIN"))).status()).isEqualTo(403);
        assertThat(putTiers(approver, List.of(tier(15, "TENANT_ADMIN"))).status()).isEqualTo(403);

        var bad = putTiers(admin, List.of(tier(101, "TENANT_ADMIN"), tier(-1, "APPROVER"), tier(20, "CONSULTANT"),
                tier(null, "BOSS"), tier(20, "APPROVER")));
        assertThat(bad.status()).as(bad.body()).isEqualTo(400);
        assertThat(bad.json().path("errors").findValuesAsText("field")).containsExactlyInAnyOrder(
                "approvalTiers[0].discountPercentAbove", "approvalTiers[1].discountPercentAbove",
                "approvalTiers[2].role", "approvalTiers[3].discountPercentAbove", "approvalTiers[3].role",
                "approvalTiers[4].discountPercentAbove");
        assertThat(admin.get("/api/v1/tenant/approval-tiers").json().path("approvalTiers").size()).isZero();

        var ok = putTiers(admin, List.of(tier(30, "APPROVER"), tier("15", "TENANT_ADMIN")));
        assertThat(ok.status()).as(ok.body()).isEqualTo(200);
        JsonNode tiers = approver.get("/api/v1/tenant/approval-tiers").json().path("approvalTiers");
        assertThat(tiers.findValuesAsText("role")).containsExactly("TENANT_ADMIN", "APPROVER");
        assertThat(tiers.get(0).path("discountPercentAbove").decimalValue()).isEqualByComparingTo("15");
        assertThat(putTiers(admin, List.of()).json().path("approvalTiers").size()).isZero();
    }
}
