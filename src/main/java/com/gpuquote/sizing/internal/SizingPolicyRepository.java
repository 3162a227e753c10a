package com.gpuquote.sizing.internal;

import com.gpuquote.security.UserId;
import com.gpuquote.sizing.SizingPolicy;
import com.gpuquote.sizing.SizingPolicy.Band;
import com.gpuquote.sizing.engine.Workload;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/** The tenant's row of {@code sizing_policies} (at most one). */
@Repository
public class SizingPolicyRepository {

    private final JdbcClient jdbc;

    SizingPolicyRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public Optional<SizingPolicy> find(TenantId tenant) {
        return jdbc.sql("select * from sizing_policies where tenant_id = ?").param(tenant.value())
                .query(SizingPolicyRepository::map).optional();
    }

    /** Inserts or updates; with an expected version the update only applies to that version. Returns rows changed. */
    public int upsert(TenantId tenant, SizingPolicy p, Integer expectedVersion, UserId by) {
        Band t = p.bands().get(Workload.TRAINING);
        Band l = p.bands().get(Workload.LORA_FINE_TUNING);
        Band i = p.bands().get(Workload.INFERENCE);
        Band g = p.bands().get(Workload.GENERAL_COMPUTE);
        Band c = p.cpuIntensiveBand();
        return jdbc.sql("""
                        insert into sizing_policies (tenant_id, training_min, training_max, lora_min, lora_max,
                            inference_min, inference_max, general_min, general_max, cpu_intensive_min, cpu_intensive_max,
                            usable_vram_fraction, training_mfu, updated_by)
                        values (:t, :tmin, :tmax, :lmin, :lmax, :imin, :imax, :gmin, :gmax, :cmin, :cmax, :f, :mfu, :by)
                        on conflict (tenant_id) do update set
                            training_min = excluded.training_min, training_max = excluded.training_max,
                            lora_min = excluded.lora_min, lora_max = excluded.lora_max,
                            inference_min = excluded.inference_min, inference_max = excluded.inference_max,
                            general_min = excluded.general_min, general_max = excluded.general_max,
                            cpu_intensive_min = excluded.cpu_intensive_min, cpu_intensive_max = excluded.cpu_intensive_max,
                            usable_vram_fraction = excluded.usable_vram_fraction, training_mfu = excluded.training_mfu,
                            updated_by = excluded.updated_by,
                            updated_at = now(), version = sizing_policies.version + 1
                        where cast(:expected as integer) is null or sizing_policies.version = cast(:expected as integer)""")
                .param("t", tenant.value())
                .param("tmin", t.min()).param("tmax", t.max())
                .param("lmin", l.min()).param("lmax", l.max())
                .param("imin", i.min()).param("imax", i.max())
                .param("gmin", g.min()).param("gmax", g.max())
                .param("cmin", c.min()).param("cmax", c.max())
                .param("f", p.usableVramFraction())
                .param("mfu", p.trainingMfu())
                .param("by", by == null ? null : by.value())
                .param("expected", expectedVersion)
                .update();
    }

    public int delete(TenantId tenant) {
        return jdbc.sql("delete from sizing_policies where tenant_id = ?").param(tenant.value()).update();
    }

    private static SizingPolicy map(ResultSet rs, int n) throws SQLException {
        Map<Workload, Band> bands = new EnumMap<>(Workload.class);
        bands.put(Workload.TRAINING, band(rs, "training"));
        bands.put(Workload.LORA_FINE_TUNING, band(rs, "lora"));
        bands.put(Workload.INFERENCE, band(rs, "inference"));
        bands.put(Workload.GENERAL_COMPUTE, band(rs, "general"));
        return new SizingPolicy(bands, band(rs, "cpu_intensive"), strip(rs.getBigDecimal("usable_vram_fraction")),
                rs.getInt("version"), false, strip(rs.getBigDecimal("training_mfu")));
    }

    private static Band band(ResultSet rs, String prefix) throws SQLException {
        return new Band(strip(rs.getBigDecimal(prefix + "_min")), strip(rs.getBigDecimal(prefix + "_max")));
    }

    private static BigDecimal strip(BigDecimal d) {
        return SizingPolicy.norm(d);
    }
}
