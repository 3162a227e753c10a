package com.gpuquote.shared.web;

import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 44: a negative offset or a limit below one is a 400 naming the parameter on every paged REST list. */
class PagingParametersTest extends IntegrationTest {

    @Autowired
    TestTenants testTenants;

    @Test
    void negativeOffsetsAndLimitsBelowOneAre400sNamingTheParameter() {
        TestTenants.TestTenant t = testTenants.create();
        Api admin = Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD);
        Api.Response list = admin.post("/api/v1/price-lists",
                Map.of("name", "paging", "provider", "VOLCENGINE", "effectiveFrom", "2030-01-01T00:00:00Z"));
        assertThat(list.status()).as(list.body()).isEqualTo(201);
        String rows = "/api/v1/price-lists/" + list.json().path("id").asText() + "/rows";
        for (String path : List.of("/api/v1/customers", "/api/v1/projects", "/api/v1/quotes", rows)) {
            Api.Response both = admin.get(path + "?limit=-1&offset=-5");
            assertThat(both.status()).as(path + ": " + both.body()).isEqualTo(400);
            assertThat(fields(both)).as(path).containsExactlyInAnyOrder("offset", "limit");
            assertThat(fields(admin.get(path + "?limit=0"))).as(path).containsExactly("limit");
            assertThat(admin.get(path + "?limit=1&offset=0").status()).as(path).isEqualTo(200);
        }
    }

    private static List<String> fields(Api.Response r) {
        List<String> names = new ArrayList<>();
        r.json().path("errors").forEach(e -> names.add(e.path("field").asText()));
        return names;
    }
}
