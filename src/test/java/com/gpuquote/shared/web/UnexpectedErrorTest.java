package com.gpuquote.shared.web;

import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A bug under /api/v1 answers an RFC 9457 problem (500) that gives nothing internal away. */
class UnexpectedErrorTest extends IntegrationTest {

    @Test
    void anUnexpectedExceptionAnswersA500ProblemWithoutInternals() {
        var r = Api.basic(baseUrl(), "consultant@sanfei.demo", "Demo-Consultant-2026!").get("/api/v1/test-support/failure");
        assertThat(r.status()).isEqualTo(500);
        assertThat(r.header("Content-Type")).startsWith("application/problem+json");
        assertThat(r.json().path("status").asInt()).isEqualTo(500);
        assertThat(r.json().path("title").asText()).isEqualTo("Internal error");
        assertThat(r.json().path("type").asText()).endsWith("/internal-error");
        assertThat(r.json().path("incident").asText()).isNotBlank();
        assertThat(r.body()).doesNotContain("password_hash", "internal detail", "IllegalStateException",
                "SQLException", "10.0.0.5", "com.gpuquote", "trace");
    }

    @Test
    void knownFailuresKeepTheirOwnStatus() {
        Api consultant = Api.basic(baseUrl(), "consultant@sanfei.demo", "Demo-Consultant-2026!");
        var unreadable = consultant.post("/api/v1/me/tokens", "{not json");
        assertThat(unreadable.status()).isEqualTo(400);
        assertThat(unreadable.header("Content-Type")).startsWith("application/problem+json");
        var wrongMethod = consultant.delete("/api/v1/me");
        assertThat(wrongMethod.status()).isEqualTo(405);
        assertThat(Api.anonymous(baseUrl()).get("/api/v1/test-support/failure").status()).isEqualTo(401);
    }

    @Test
    void anUnknownApiPathAnswersA404ProblemNotTheAppPage() {
        var r = Api.basic(baseUrl(), "consultant@sanfei.demo", "Demo-Consultant-2026!").get("/api/v1/no-such-resource");
        assertThat(r.status()).isEqualTo(404);
        assertThat(r.header("Content-Type")).startsWith("application/problem+json");
        assertThat(r.body()).doesNotContain("<html");
    }
}
