package com.gpuquote.security.internal;

import com.gpuquote.security.SecretTokens;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;

/**
 * Personal API tokens ({@code Authorization: Bearer gqt_...}): one SHA-256 and, for a token seen in the last seconds,
 * no database round trip (TokenAuthenticationCache, emptied on every revocation); no Argon2, so scripts are cheap
 * to serve. The token carries its user's tenant and current roles.
 */
class BearerTokenFilter extends OncePerRequestFilter {

    private final AccountRepository accounts;
    private final TokenAuthenticationCache cache;

    BearerTokenFilter(AccountRepository accounts, TokenAuthenticationCache cache) {
        this.accounts = accounts;
        this.cache = cache;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader("Authorization");
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            chain.doFilter(request, response);
            return;
        }
        byte[] tokenHash = SecretTokens.sha256(header.substring(7).trim());
        var user = cache.authenticate(tokenHash,
                        () -> accounts.ownerOfToken(tokenHash)
                                .flatMap(owner -> accounts.load(owner.owner())
                                        // a password lockout does not cut off the user's integrations (anyone
                                        // knowing the e-mail could lock it); a disabled user or a suspended tenant
                                        // is not enabled, so that still revokes every token
                                        .filter(u -> u.isEnabled())
                                        .map(u -> new TokenAuthenticationCache.Authenticated(owner, u))),
                        a -> accounts.touchToken(a.token()))
                .map(TokenAuthenticationCache.Authenticated::user);
        if (user.isEmpty()) {
            ProblemResponses.write(response, 401, "unauthorized", "Unauthorized", "Invalid, expired or revoked token");
            return;
        }
        SecurityContext context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(user.get(), null,
                user.get().getAuthorities()));
        SecurityContextHolder.setContext(context);
        try {
            chain.doFilter(request, response);
        } finally {
            SecurityContextHolder.clearContext();
        }
    }
}
