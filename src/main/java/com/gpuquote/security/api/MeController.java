package com.gpuquote.security.api;

import com.gpuquote.security.ApiToken;
import com.gpuquote.security.ApiTokenId;
import com.gpuquote.security.ApiTokenService;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.Role;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

@RestController
@RequestMapping("/api/v1/me")
@Tag(name = "Me", description = "The signed-in user and personal API tokens")
class MeController {

    record TenantRef(String id, String slug, String name) {
    }

    record Me(String email, String displayName, TenantRef tenant, List<String> roles) {
    }

    record NewToken(String name, Integer expiresInDays) {
    }

    record TokenCreated(UUID id, String token, Instant expiresAt) {
    }

    /** One token as the API lists it (the JSON of {@link ApiToken} with its id as the plain UUID). */
    record TokenView(UUID id, String name, Instant createdAt, Instant expiresAt, Instant lastUsedAt, Instant revokedAt) {
    }

    private final ApiTokenService tokens;

    MeController(ApiTokenService tokens) {
        this.tokens = tokens;
    }

    @GetMapping
    @Operation(summary = "Who am I: email, tenant and roles")
    Me me() {
        GpuQuoteUser u = CurrentUser.require();
        TenantRef tenant = u.tenantId().map(t -> new TenantRef(t.toString(), u.tenantSlug(), u.tenantName())).orElse(null);
        return new Me(u.email(), u.displayName(), tenant, u.roles().stream().map(Role::name).sorted().toList());
    }

    @PostMapping("/tokens")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Create a personal API token; the token is shown only in this response")
    TokenCreated createToken(@RequestBody NewToken body) {
        ApiTokenService.CreatedToken t = tokens.create(body.name(), body.expiresInDays());
        return new TokenCreated(t.id().value(), t.token(), t.expiresAt());
    }

    @GetMapping("/tokens")
    @Operation(summary = "My tokens (never the secret)")
    List<TokenView> listTokens() {
        return tokens.mine().stream().map(t -> new TokenView(t.id().value(), t.name(), t.createdAt(), t.expiresAt(),
                t.lastUsedAt(), t.revokedAt())).toList();
    }

    @DeleteMapping("/tokens/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(summary = "Revoke a token")
    void revoke(@PathVariable UUID id) {
        tokens.revoke(new ApiTokenId(id));
    }
}
