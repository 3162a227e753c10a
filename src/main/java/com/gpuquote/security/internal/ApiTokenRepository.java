package com.gpuquote.security.internal;

import com.gpuquote.security.ApiToken;
import com.gpuquote.security.ApiTokenId;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.UserId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

@Repository
public class ApiTokenRepository {
    private final JdbcClient jdbc;

    ApiTokenRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public void insert(UUID id, GpuQuoteUser user, String name, byte[] hash, Instant expiresAt) {
        jdbc.sql("insert into api_tokens (id, tenant_id, user_id, name, token_hash, expires_at) values (?, ?, ?, ?, ?, ?)")
                .params(id, user.tenantId().map(t -> t.value()).orElse(null), user.userId().value(), name, hash,
                        Timestamp.from(expiresAt))
                .update();
    }

    public List<ApiToken> findByUser(UserId user) {
        return jdbc.sql("select id, name, created_at, expires_at, last_used_at, revoked_at from api_tokens "
                        + "where user_id = ? order by created_at desc")
                .param(user.value())
                .query((rs, n) -> new ApiToken(new ApiTokenId(rs.getObject("id", UUID.class)), rs.getString("name"),
                        ts(rs.getTimestamp("created_at")), ts(rs.getTimestamp("expires_at")),
                        ts(rs.getTimestamp("last_used_at")), ts(rs.getTimestamp("revoked_at"))))
                .list();
    }

    public int revoke(UserId user, UUID id) {
        return jdbc.sql("update api_tokens set revoked_at = now() where id = ? and user_id = ? and revoked_at is null")
                .params(id, user.value()).update();
    }

    private static Instant ts(Timestamp t) {
        return t == null ? null : t.toInstant();
    }
}
