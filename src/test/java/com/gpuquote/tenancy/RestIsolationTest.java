package com.gpuquote.tenancy;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Over HTTP, with Basic and with a bearer token: tenant A's credentials reach nothing of tenant B. */
class RestIsolationTest extends IntegrationTest {

    @Autowired
    PopulatedTenants populated;

    @Test
    void tenantACredentialsSeeOnlyTenantA() {
        var a = populated.create();
        var b = populated.create();
        Api basicA = Api.basic(baseUrl(), a.t().adminEmail(), TestTenants.PASSWORD);
        Api bearerA = Api.bearer(baseUrl(), a.token());

        for (Api api : List.of(basicA, bearerA)) {
            var me = api.get("/api/v1/me");
            assertThat(me.status()).isEqualTo(200);
            assertThat(me.json().path("tenant").path("id").asText()).isEqualTo(a.id().toString());
            assertThat(me.body()).doesNotContain(b.id().toString(), b.t().tenant().slug());

            var mine = api.get("/api/v1/me/tokens");
            assertThat(mine.status()).isEqualTo(200);
            assertThat(ids(mine.json())).contains(a.tokenId().toString()).doesNotContain(b.tokenId().toString());

            var revokeB = api.delete("/api/v1/me/tokens/" + b.tokenId());
            assertThat(revokeB.status()).as("revoking another tenant's token").isEqualTo(404);
            assertThat(revokeB.header("Content-Type")).startsWith("application/problem+json");
            assertThat(revokeB.body()).doesNotContain(b.t().tenant().slug());
        }
        // B's token still works: nothing was revoked
        var meB = Api.bearer(baseUrl(), b.token()).get("/api/v1/me");
        assertThat(meB.status()).isEqualTo(200);
        assertThat(meB.json().path("tenant").path("id").asText()).isEqualTo(b.id().toString());
    }

    @Test
    void revokingAnotherTenantsTokenAnswersLikeAnUnknownId() {
        var a = populated.create();
        var b = populated.create();
        Api basicA = Api.basic(baseUrl(), a.t().adminEmail(), TestTenants.PASSWORD);
        var other = basicA.delete("/api/v1/me/tokens/" + b.tokenId());
        var unknown = basicA.delete("/api/v1/me/tokens/" + java.util.UUID.randomUUID());
        assertThat(other.status()).isEqualTo(unknown.status()).isEqualTo(404);
        assertThat(other.json().path("title").asText()).isEqualTo(unknown.json().path("title").asText());
        // a token created by A belongs to A
        var created = basicA.post("/api/v1/me/tokens", Map.of("name", "a-script", "expiresInDays", 1));
        assertThat(created.status()).isEqualTo(201);
        var meViaToken = Api.bearer(baseUrl(), created.json().path("token").asText()).get("/api/v1/me");
        assertThat(meViaToken.json().path("tenant").path("id").asText()).isEqualTo(a.id().toString());
    }

    private static List<String> ids(JsonNode array) {
        List<String> ids = new ArrayList<>();
        array.forEach(n -> ids.add(n.path("id").asText()));
        return ids;
    }
}
