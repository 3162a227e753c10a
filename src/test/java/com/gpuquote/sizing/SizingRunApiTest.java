package com.gpuquote.sizing;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.SignedIn;
import com.gpuquote.TestTenants;
import com.gpuquote.user.InvitationLink;
import com.gpuquote.user.UserService;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** REST for a project's saved sizing runs: the server sizes the input and keeps input and result as a snapshot. */
class SizingRunApiTest extends IntegrationTest {

    private static final String INFERENCE_7B = """
            {"workload":"INFERENCE","model":{"preset":"llama-2-7b"},"precision":"FP16","sequenceLength":4096}""";

    @Autowired
    TestTenants testTenants;
    @Autowired
    UserService users;
    @Autowired
    SignedIn signedIn;

    private Api consultant(TestTenants.TestTenant t) {
        return Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
    }

    private Api admin(TestTenants.TestTenant t) {
        return Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD);
    }

    private record Project(String customerId, String projectId) {
    }

    private Project project(Api api) {
        var customer = api.post("/api/v1/customers", Map.of("name", "深度智算 " + UUID.randomUUID().toString().substring(0, 6),
                "language", "zh-CN", "contacts", List.of()));
        assertThat(customer.status()).as(customer.body()).isEqualTo(201);
        String customerId = customer.json().path("id").asText();
        var project = api.post("/api/v1/projects", Map.of("customerId", customerId, "name", "推理集群"));
        assertThat(project.status()).as(project.body()).isEqualTo(201);
        return new Project(customerId, project.json().path("id").asText());
    }

    private static String body(String name, String input) {
        return "{\"name\":\"" + name + "\",\"input\":" + input + "}";
    }

    @Test
    void consultantCreatesARunAndListsItWithInputAndResult() {
        var t = testTenants.create();
        Project p = project(consultant(t));
        String path = "/api/v1/projects/" + p.projectId() + "/sizing-runs";
        assertThat(consultant(t).get(path).json()).isEmpty();

        var created = consultant(t).send("POST", path, "application/json", body("7B 推理", INFERENCE_7B));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode run = created.json();
        assertThat(run.path("id").asText()).isNotBlank();
        assertThat(run.path("name").asText()).isEqualTo("7B 推理");
        assertThat(run.path("createdAt").asText()).isNotBlank();
        assertThat(run.path("input").path("model").path("preset").asText()).isEqualTo("llama-2-7b");
        assertThat(run.path("input").path("sequenceLength").asInt()).isEqualTo(4096);
        // the same figures POST /api/v1/sizing answers for this input
        var direct = consultant(t).post("/api/v1/sizing", INFERENCE_7B).json();
        assertThat(run.path("result").path("perGpu").path("weightsGiB").decimalValue()).isEqualByComparingTo("12.551");
        assertThat(run.path("result").path("perGpu")).isEqualTo(direct.path("perGpu"));
        assertThat(run.path("result").path("recommendedHostRamGiB")).isEqualTo(direct.path("recommendedHostRamGiB"));

        var second = admin(t).send("POST", path, "application/json", body("second", """
                {"workload":"INFERENCE","model":{"preset":"llama-3-8b"},"precision":"INT8","sequenceLength":8192}"""));
        assertThat(second.status()).as(second.body()).isEqualTo(201);

        var list = consultant(t).get(path);
        assertThat(list.status()).isEqualTo(200);
        List<String> names = new ArrayList<>();
        list.json().forEach(r -> names.add(r.path("name").asText()));
        assertThat(names).as("newest first").containsExactly("second", "7B 推理");
        JsonNode listed = list.json().get(1);
        assertThat(listed.path("id").asText()).isEqualTo(run.path("id").asText());
        assertThat(listed.path("input")).isEqualTo(run.path("input"));
        assertThat(listed.path("result")).isEqualTo(run.path("result"));
    }

    @Test
    void invalidInputIs400NamingTheFieldsLikeTheSizingEndpointAndStoresNothing() {
        var t = testTenants.create();
        Project p = project(consultant(t));
        String path = "/api/v1/projects/" + p.projectId() + "/sizing-runs";
        String badInputs[][] = {
                {"""
                 {"workload":"TRAINING","model":{"preset":"llama-2-7b"},"precision":"INT8","sequenceLength":2048}""",
                        "precision", "quantizedTraining"},
                {"""
                 {"workload":"INFERENCE","model":{"parameters":0,"layers":32,"hiddenSize":4096,"attentionHeads":32},
                  "precision":"FP16","sequenceLength":2048}""", "model.parameters", "positive"},
                {"""
                 {"workload":"INFERENCE","model":{"preset":"llama-2-7b"},"precision":"FP16","sequenceLength":"long"}""",
                        "sequenceLength", "invalid"},
                {"""
                 {"workload":"INFERENCE","model":{"preset":"llama-2-7b"},"precision":"FP12","sequenceLength":2048}""",
                        "precision", "invalid"}};
        for (String[] bad : badInputs) {
            var sizing = consultant(t).post("/api/v1/sizing", bad[0]);
            var r = consultant(t).send("POST", path, "application/json", body("bad", bad[0]));
            assertThat(r.status()).as(r.body()).isEqualTo(400);
            assertThat(r.header("Content-Type")).startsWith("application/problem+json");
            assertThat(error(r.json(), bad[1])).as(r.body()).isEqualTo(bad[2]);
            assertThat(r.json().path("errors")).as("the same errors as POST /api/v1/sizing")
                    .isEqualTo(sizing.json().path("errors"));
        }
        var noName = consultant(t).send("POST", path, "application/json", body(" ", INFERENCE_7B));
        assertThat(noName.status()).isEqualTo(400);
        assertThat(error(noName.json(), "name")).isEqualTo("required");
        var noInput = consultant(t).send("POST", path, "application/json", "{\"name\":\"x\"}");
        assertThat(noInput.status()).isEqualTo(400);
        assertThat(error(noInput.json(), "input")).isEqualTo("required");

        assertThat(consultant(t).get(path).json()).as("nothing stored").isEmpty();
    }

    @Test
    void anotherTenantsProjectIs404() {
        var mine = testTenants.create();
        var other = testTenants.create();
        Project theirs = project(consultant(other));
        String path = "/api/v1/projects/" + theirs.projectId() + "/sizing-runs";
        assertThat(consultant(other).send("POST", path, "application/json", body("theirs", INFERENCE_7B)).status())
                .isEqualTo(201);

        assertThat(consultant(mine).get(path).status()).isEqualTo(404);
        assertThat(admin(mine).get(path).status()).isEqualTo(404);
        var post = consultant(mine).send("POST", path, "application/json", body("intruder", INFERENCE_7B));
        assertThat(post.status()).isEqualTo(404);
        assertThat(post.header("Content-Type")).startsWith("application/problem+json");
        // an invalid body for someone else's project still answers 404, revealing nothing about validation
        assertThat(consultant(mine).send("POST", path, "application/json", body("", "{}")).status()).isEqualTo(404);
        assertThat(consultant(mine).get("/api/v1/projects/" + UUID.randomUUID() + "/sizing-runs").status()).isEqualTo(404);

        assertThat(consultant(other).get(path).json()).extracting(r -> r.path("name").asText()).containsExactly("theirs");
    }

    @Test
    void customerUsersAndAnonymousCallersAreRefused() {
        var t = testTenants.create();
        Project p = project(consultant(t));
        String path = "/api/v1/projects/" + p.projectId() + "/sizing-runs";
        String email = "buyer-" + UUID.randomUUID().toString().substring(0, 8) + "@customer.example";
        InvitationLink link = signedIn.as(t.consultantEmail(),
                () -> users.inviteCustomerContact(new com.gpuquote.customer.CustomerId(UUID.fromString(p.customerId())), email, "采购 李"));
        String password = "Customer-Password-2026!";
        users.acceptInvitation(link.url().substring(link.url().lastIndexOf('/') + 1), password);
        Api customer = Api.basic(baseUrl(), email, password);
        assertThat(customer.get("/api/v1/me").status()).isEqualTo(200);

        assertThat(customer.get(path).status()).isEqualTo(403);
        assertThat(customer.send("POST", path, "application/json", body("c", INFERENCE_7B)).status()).isEqualTo(403);
        assertThat(Api.anonymous(baseUrl()).get(path).status()).isEqualTo(401);
        assertThat(Api.anonymous(baseUrl()).send("POST", path, "application/json", body("a", INFERENCE_7B)).status())
                .isEqualTo(401);
        assertThat(consultant(t).get(path).json()).as("nothing stored").isEmpty();
    }

    private static String error(JsonNode problem, String field) {
        for (JsonNode e : problem.path("errors")) {
            if (field.equals(e.path("field").asText())) {
                return e.path("code").asText();
            }
        }
        return "(no error on " + field + ")";
    }
}
