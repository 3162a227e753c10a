package com.gpuquote.portal.internal;

import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/** Which option the customer accepted, per quote (primary-key lookups through the unique (tenant_id, quote_id)). */
@Repository
public class AcceptedOptionRepository {

    private final JdbcClient jdbc;

    AcceptedOptionRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public Map<UUID, String> optionNames(TenantId tenant, Collection<UUID> quoteIds) {
        Map<UUID, String> names = new HashMap<>();
        if (quoteIds.isEmpty()) {
            return names;
        }
        jdbc.sql("""
                        select quote_id, option_name from portal_acceptances
                        where tenant_id = :t and quote_id = any(:ids)""")
                .param("t", tenant.value())
                .param("ids", quoteIds.toArray(UUID[]::new))
                .query((rs, n) -> Map.entry(rs.getObject("quote_id", UUID.class), rs.getString("option_name")))
                .list().forEach(e -> names.put(e.getKey(), e.getValue()));
        return names;
    }
}
