package com.gpuquote.quote.internal;

import com.gpuquote.catalog.Provider;
import com.gpuquote.quote.ProviderRebate;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.util.List;

/** A tenant's default rebate per provider (V75). */
@Repository
public class ProviderRebateRepository {

    private final JdbcClient jdbc;

    ProviderRebateRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** In provider code order. */
    public List<ProviderRebate> all(TenantId tenant) {
        return jdbc.sql("select provider, rebate_percent from provider_rebates where tenant_id = ? order by provider")
                .params(tenant.value())
                .query((rs, n) -> new ProviderRebate(Provider.valueOf(rs.getString(1)), rs.getBigDecimal(2))).list();
    }

    public void replace(TenantId tenant, List<ProviderRebate> rebates) {
        jdbc.sql("delete from provider_rebates where tenant_id = ?").params(tenant.value()).update();
        for (ProviderRebate r : rebates) {
            jdbc.sql("insert into provider_rebates (tenant_id, provider, rebate_percent) values (?, ?, ?)")
                    .params(tenant.value(), r.provider().code(), r.rebatePercent()).update();
        }
    }
}
