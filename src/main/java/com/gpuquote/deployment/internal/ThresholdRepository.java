package com.gpuquote.deployment.internal;

import com.gpuquote.deployment.Thresholds;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.util.Optional;

@Repository
public class ThresholdRepository {

    private final JdbcClient jdbc;

    ThresholdRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public Optional<Thresholds> find(TenantId tenant) {
        return jdbc.sql("select vram_short_pct, ram_short_pct, oversized_pct, underused_pct from rightsizing_thresholds"
                        + " where tenant_id = ?")
                .param(tenant.value())
                .query((rs, row) -> new Thresholds(rs.getBigDecimal(1).stripTrailingZeros(),
                        rs.getBigDecimal(2).stripTrailingZeros(), rs.getBigDecimal(3).stripTrailingZeros(),
                        rs.getBigDecimal(4).stripTrailingZeros(), false))
                .optional();
    }

    public void upsert(TenantId tenant, Thresholds t) {
        jdbc.sql("""
                        insert into rightsizing_thresholds (tenant_id, vram_short_pct, ram_short_pct, oversized_pct, underused_pct)
                        values (?, ?, ?, ?, ?)
                        on conflict (tenant_id) do update set vram_short_pct = excluded.vram_short_pct,
                            ram_short_pct = excluded.ram_short_pct, oversized_pct = excluded.oversized_pct,
                            underused_pct = excluded.underused_pct, updated_at = now()""")
                .params(tenant.value(), t.vramShortPct(), t.ramShortPct(), t.oversizedPct(), t.underusedPct())
                .update();
    }
}
