package com.gpuquote.security;

import com.gpuquote.shared.Roles;
import java.time.Clock;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.security.internal.ApiTokenRepository;
import com.gpuquote.security.internal.TokenAuthenticationCache;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.Validation;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Personal API tokens for scripts: shown once, stored as SHA-256, revocable, audited. */
@Service
public class ApiTokenService {

    private final Clock clock;

    public static final String PREFIX = "gqt_";
    public static final int MAX_DAYS = 365;

    public record CreatedToken(ApiTokenId id, String token, Instant expiresAt) {
    }

    private final ApiTokenRepository repository;
    private final AuditLog audit;
    private final TokenAuthenticationCache tokenCache;

    ApiTokenService(ApiTokenRepository repository, AuditLog audit, Clock clock, TokenAuthenticationCache tokenCache) {
        this.clock = clock;
        this.tokenCache = tokenCache;
        this.repository = repository;
        this.audit = audit;
    }

    @PreAuthorize(Roles.IS_API_USER)
    @Transactional
    public CreatedToken create(String name, Integer expiresInDays) {
        int days = expiresInDays == null ? 90 : expiresInDays;
        new Validation()
                .check(name != null && !name.isBlank() && name.length() <= 100, "name", "required", "Name is required (at most 100 characters)")
                .check(days >= 1 && days <= MAX_DAYS, "expiresInDays", "range", "expiresInDays must be between 1 and 365")
                .throwIfInvalid();
        GpuQuoteUser me = CurrentUser.require();
        String token = SecretTokens.newToken(PREFIX);
        ApiTokenId id = ApiTokenId.random();
        Instant expires = clock.instant().plus(Duration.ofDays(days));
        repository.insert(id.value(), me, name.trim(), SecretTokens.sha256(token), expires);
        me.tenantId().ifPresentOrElse(
                t -> audit.record(t, "API_TOKEN_CREATED", "api_token", id, Map.of("name", name.trim())),
                () -> audit.recordPlatform("API_TOKEN_CREATED", "api_token", id, Map.of("name", name.trim())));
        return new CreatedToken(id, token, expires);
    }

    @PreAuthorize(Roles.IS_AUTHENTICATED)
    @Transactional(readOnly = true)
    public List<ApiToken> mine() {
        return repository.findByUser(CurrentUser.require().userId());
    }

    @PreAuthorize(Roles.IS_AUTHENTICATED)
    @Transactional
    public void revoke(ApiTokenId id) {
        GpuQuoteUser me = CurrentUser.require();
        if (repository.revoke(me.userId(), id.value()) == 0) {
            throw new NotFoundException("api token", id);
        }
        tokenCache.invalidateAfterCommit();
        me.tenantId().ifPresentOrElse(t -> audit.record(t, "API_TOKEN_REVOKED", "api_token", id, Map.of()),
                () -> audit.recordPlatform("API_TOKEN_REVOKED", "api_token", id, Map.of()));
    }
}
