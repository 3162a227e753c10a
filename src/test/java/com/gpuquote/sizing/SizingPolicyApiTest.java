package com.gpuquote.sizing;

import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.audit.AuditEvent;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.security.GpuQuoteUser;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.userdetails.UserDetailsService;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SizingPolicyApiTest extends IntegrationTest {

    @Autowired
    TestTenants tenants;
    @Autowired
    AuditLog audit;
    @Autowired
    UserDetailsService users;

    static String policy(double trainingMin, double trainingMax, double inferenceMin, double inferenceMax, double fraction) {
        return """
                {"bands":{"TRAINING":{"min":%s,"max":%s},"LORA_FINE_TUNING":{"min":2,"max":4},
                          "INFERENCE":{"min":%s,"max":%s},"GENERAL_COMPUTE":{"min":2,"max":4}},
                 "cpuIntensiveBand":{"min":4,"max":8},"usableVramFraction":%s}"""
                .formatted(trainingMin, trainingMax, inferenceMin, inferenceMax, fraction);
    }

    @Test
    void defaultsUntilAnAdminChangesThemAndTheChangeIsAudited() {
        var t = tenants.create();
        var admin = Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD);
        var consultant = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
        var initial = consultant.get("/api/v1/sizing/policy");
        assertThat(initial.status()).isEqualTo(200);
        assertThat(initial.json().path("defaults").asBoolean()).isTrue();
        assertThat(initial.json().path("bands").path("INFERENCE").path("min").asDouble()).isEqualTo(1.0);
        assertThat(initial.json().path("usableVramFraction").asDouble()).isEqualTo(0.9);

        var put = admin.put("/api/v1/sizing/policy", policy(3, 6, 1.5, 3, 0.85));
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        assertThat(put.json().path("defaults").asBoolean()).isFalse();
        var after = consultant.get("/api/v1/sizing/policy").json();
        assertThat(after.path("bands").path("TRAINING").path("min").asDouble()).isEqualTo(3.0);
        assertThat(after.path("bands").path("INFERENCE").path("max").asDouble()).isEqualTo(3.0);
        assertThat(after.path("usableVramFraction").asDouble()).isEqualTo(0.85);

        // the sizing uses it: INFERENCE band of the result
        var sized = consultant.post("/api/v1/sizing", """
                {"workload":"INFERENCE","model":{"preset":"llama-2-7b"},"precision":"FP16","sequenceLength":4096}""");
        assertThat(sized.json().path("ratioBand").path("min").asDouble()).isEqualTo(1.5);

        login(t.adminEmail());
        try {
            List<AuditEvent> events = audit.find(new AuditLog.Filter(null, "SIZING_POLICY_CHANGED", null, null), 0, 10);
            assertThat(events).hasSize(1);
            assertThat(events.get(0).actor()).isEqualTo(t.adminEmail());
            assertThat(events.get(0).details()).contains("\"before\"").contains("\"after\"")
                    .contains("\"TRAINING\": \"2-4\"").contains("\"TRAINING\": \"3-6\"");
        } finally {
            SecurityContextHolder.clearContext();
        }
    }

    @Test
    void consultantMayNotChangeThePolicy() {
        var t = tenants.create();
        var consultant = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
        assertThat(consultant.put("/api/v1/sizing/policy", policy(3, 6, 1, 2, 0.9)).status()).isEqualTo(403);
        assertThat(consultant.get("/api/v1/sizing/policy").json().path("defaults").asBoolean()).isTrue();
    }

    @Test
    void invalidPolicyNamesEveryBadField() {
        var t = tenants.create();
        var admin = Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD);
        var r = admin.put("/api/v1/sizing/policy", policy(0.4, 6, 3, 2, 1.2));
        assertThat(r.status()).isEqualTo(400);
        List<String> fields = new ArrayList<>();
        r.json().path("errors").forEach(e -> fields.add(e.path("field").asText()));
        assertThat(fields).containsExactlyInAnyOrder("bands.TRAINING.min", "bands.INFERENCE.max", "usableVramFraction");
        var missing = admin.put("/api/v1/sizing/policy", "{\"bands\":{},\"usableVramFraction\":0.9}");
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.body()).contains("bands.TRAINING").contains("cpuIntensiveBand");
    }

    @Test
    void oneTenantsPolicyDoesNotAffectAnother() {
        var a = tenants.create();
        var b = tenants.create();
        var adminA = Api.basic(baseUrl(), a.adminEmail(), TestTenants.PASSWORD);
        assertThat(adminA.put("/api/v1/sizing/policy", policy(5, 10, 4, 8, 0.7)).status()).isEqualTo(200);
        var consultantB = Api.basic(baseUrl(), b.consultantEmail(), TestTenants.PASSWORD);
        var policyB = consultantB.get("/api/v1/sizing/policy").json();
        assertThat(policyB.path("defaults").asBoolean()).isTrue();
        assertThat(policyB.path("bands").path("TRAINING").path("min").asDouble()).isEqualTo(2.0);
        var sizedB = consultantB.post("/api/v1/sizing", """
                {"workload":"INFERENCE","model":{"preset":"llama-2-7b"},"precision":"FP16","sequenceLength":4096}""");
        assertThat(sizedB.json().path("ratioBand").path("min").asDouble()).isEqualTo(1.0);
        // B's admin writing its own policy leaves A's alone
        var adminB = Api.basic(baseUrl(), b.adminEmail(), TestTenants.PASSWORD);
        assertThat(adminB.put("/api/v1/sizing/policy", policy(2.5, 5, 1, 2, 0.9)).status()).isEqualTo(200);
        var policyA = Api.basic(baseUrl(), a.consultantEmail(), TestTenants.PASSWORD).get("/api/v1/sizing/policy").json();
        assertThat(policyA.path("bands").path("TRAINING").path("min").asDouble()).isEqualTo(5.0);
    }

    private void login(String email) {
        GpuQuoteUser user = (GpuQuoteUser) users.loadUserByUsername(email);
        SecurityContextHolder.getContext().setAuthentication(
                UsernamePasswordAuthenticationToken.authenticated(user, null, user.getAuthorities()));
    }
}
