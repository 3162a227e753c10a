package com.gpuquote.deployment.internal;

import com.gpuquote.deployment.DeploymentId;
import com.gpuquote.deployment.UsageFigures.GpuFigures;
import com.gpuquote.deployment.UsageFigures.HostFigures;
import com.gpuquote.deployment.UsageSeries;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Figures of a deployment's samples in a time window, computed in PostgreSQL (the primary keys, tenant first,
 * serve every range). Percentiles are {@code percentile_cont} (linear interpolation between the two nearest ranks,
 * as numpy's default); nulls (a metric a file did not have) are left out. Percent of VRAM is computed in numeric
 * ({@code used * 100.0 / total}) so that exactly 90 % stays 90, not 90.00000000000001.
 */
@Repository
public class AnalysisRepository {

    private static final String GPU_FIGURES = """
            count(*) as n, count(distinct (node, gpu)) as gpus,
            percentile_cont(0.5) within group (order by (vram_used_mib * 100.0 / vram_total_mib)::float8) as vram_p50,
            percentile_cont(0.95) within group (order by (vram_used_mib * 100.0 / vram_total_mib)::float8) as vram_p95,
            max((vram_used_mib * 100.0 / vram_total_mib)::float8) as vram_max,
            percentile_cont(0.95) within group (order by gpu_util_pct::float8) as util_p95,
            percentile_cont(0.95) within group (order by sm_active_pct::float8) as sm_p95,
            percentile_cont(0.95) within group (order by gr_active_pct::float8) as gr_p95,
            percentile_cont(0.95) within group (order by dram_active_pct::float8) as dram_p95,
            percentile_cont(0.95) within group (order by vram_used_mib::float8) as used_mib_p95,
            max(vram_used_mib) as used_mib_max, max(vram_total_mib) as total_mib""";

    private final JdbcClient jdbc;

    AnalysisRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** All GPUs together. */
    public GpuFigures gpu(TenantId tenant, DeploymentId id, Instant from, Instant to) {
        return jdbc.sql("select -1 as gpu_index, '' as node, " + GPU_FIGURES + " from gpu_samples"
                        + " where tenant_id = ? and deployment_id = ? and at >= ? and at < ?")
                .params(tenant.value(), id.value(), Timestamp.from(from), Timestamp.from(to))
                .query(AnalysisRepository::gpuFigures).single();
    }

    /** One row per GPU (node, then index; '' is the unnamed node). */
    public List<GpuFigures> perGpu(TenantId tenant, DeploymentId id, Instant from, Instant to) {
        return jdbc.sql("select gpu as gpu_index, node, " + GPU_FIGURES + " from gpu_samples"
                        + " where tenant_id = ? and deployment_id = ? and at >= ? and at < ? group by node, gpu"
                        + " order by node, gpu")
                .params(tenant.value(), id.value(), Timestamp.from(from), Timestamp.from(to))
                .query(AnalysisRepository::gpuFigures).list();
    }

    public HostFigures host(TenantId tenant, DeploymentId id, Instant from, Instant to) {
        return jdbc.sql("""
                        select count(*) as n,
                               percentile_cont(0.95) within group
                                   (order by ((mem_total_kib - mem_available_kib) * 100.0 / mem_total_kib)::float8) as ram_p95,
                               percentile_cont(0.95) within group (order by (mem_total_kib - mem_available_kib)::float8) as used_kib_p95,
                               max(mem_total_kib - mem_available_kib) as used_kib_max, max(mem_total_kib) as total_kib
                        from host_samples where tenant_id = ? and deployment_id = ? and at >= ? and at < ?""")
                .params(tenant.value(), id.value(), Timestamp.from(from), Timestamp.from(to))
                .query((rs, row) -> new HostFigures(rs.getInt("n"), dbl(rs, "ram_p95"),
                        gib(dbl(rs, "used_kib_p95"), 1024.0 * 1024), gib(dbl(rs, "used_kib_max"), 1024.0 * 1024),
                        gib(dbl(rs, "total_kib"), 1024.0 * 1024)))
                .single();
    }

    /**
     * The share of GPU samples whose activity ({@code sm_active_pct} when {@code sm}, else {@code gpu_util_pct}) is
     * at least {@code busyPct}; null when no sample has the metric.
     */
    public Double busyFraction(TenantId tenant, DeploymentId id, Instant from, Instant to, boolean sm, double busyPct) {
        String column = sm ? "sm_active_pct" : "gpu_util_pct";
        return jdbc.sql("select avg(case when " + column + " >= ? then 1.0 else 0.0 end)::float8 from gpu_samples"
                        + " where tenant_id = ? and deployment_id = ? and at >= ? and at < ? and " + column + " is not null")
                .params(busyPct, tenant.value(), id.value(), Timestamp.from(from), Timestamp.from(to))
                .query(Double.class).optional().orElse(null);
    }

    /**
     * Time buckets of {@code bucket} length: per bucket the highest VRAM use of any GPU (GiB), the VRAM per GPU, the
     * average SM activity and GPU utilisation (%), and the host's highest RAM use and RAM (GiB).
     */
    public List<UsageSeries.Point> series(TenantId tenant, DeploymentId id, Instant from, Instant to, Duration bucket) {
        String interval = bucket.toSeconds() + " seconds";
        return jdbc.sql("""
                        with g as (
                            select date_bin(?::interval, at, ?) as b, max(vram_used_mib) / 1024.0 as vram_used,
                                   max(vram_total_mib) / 1024.0 as vram_total, avg(sm_active_pct) as sm, avg(gpu_util_pct) as util
                            from gpu_samples where tenant_id = ? and deployment_id = ? and at >= ? and at < ?
                            group by 1),
                        h as (
                            select date_bin(?::interval, at, ?) as b,
                                   max(mem_total_kib - mem_available_kib) / 1048576.0 as ram_used,
                                   max(mem_total_kib) / 1048576.0 as ram_total
                            from host_samples where tenant_id = ? and deployment_id = ? and at >= ? and at < ?
                            group by 1)
                        select coalesce(g.b, h.b) as b, g.vram_used::float8, g.vram_total::float8, g.sm::float8,
                               g.util::float8, h.ram_used::float8, h.ram_total::float8
                        from g full join h on g.b = h.b order by 1""")
                .params(interval, Timestamp.from(from), tenant.value(), id.value(), Timestamp.from(from),
                        Timestamp.from(to), interval, Timestamp.from(from), tenant.value(), id.value(),
                        Timestamp.from(from), Timestamp.from(to))
                .query((rs, row) -> new UsageSeries.Point(rs.getTimestamp(1).toInstant(), dbl(rs, "vram_used"),
                        dbl(rs, "vram_total"), dbl(rs, "sm"), dbl(rs, "util"), dbl(rs, "ram_used"), dbl(rs, "ram_total")))
                .list();
    }

    /** How many GPU samples fall in each 5 % band of VRAM use (20 bands; 100 % counts in the last). */
    public int[] vramHistogram(TenantId tenant, DeploymentId id, Instant from, Instant to) {
        int[] bins = new int[20];
        jdbc.sql("""
                        select least(width_bucket((vram_used_mib * 100.0 / vram_total_mib)::float8, 0, 100, 20), 20) as bin,
                               count(*) as n
                        from gpu_samples where tenant_id = ? and deployment_id = ? and at >= ? and at < ? group by 1""")
                .params(tenant.value(), id.value(), Timestamp.from(from), Timestamp.from(to))
                .query((rs, row) -> {
                    bins[Math.max(1, rs.getInt("bin")) - 1] += rs.getInt("n");
                    return null;
                }).list();
        return bins;
    }

    /** The latest GPU or host sample of a deployment (null when none). */
    public Instant latestSample(TenantId tenant, DeploymentId id) {
        return jdbc.sql("""
                        select greatest((select max(at) from gpu_samples where tenant_id = ? and deployment_id = ?),
                                        (select max(at) from host_samples where tenant_id = ? and deployment_id = ?))""")
                .params(tenant.value(), id.value(), tenant.value(), id.value())
                .query((rs, row) -> rs.getTimestamp(1) == null ? null : rs.getTimestamp(1).toInstant()).single();
    }

    private static GpuFigures gpuFigures(ResultSet rs, int row) throws SQLException {
        return new GpuFigures(rs.getInt("gpu_index"), rs.getInt("n"), rs.getInt("gpus"), dbl(rs, "vram_p50"),
                dbl(rs, "vram_p95"), dbl(rs, "vram_max"), dbl(rs, "util_p95"), dbl(rs, "sm_p95"), dbl(rs, "gr_p95"),
                dbl(rs, "dram_p95"), gib(dbl(rs, "used_mib_p95"), 1024.0), gib(dbl(rs, "used_mib_max"), 1024.0),
                gib(dbl(rs, "total_mib"), 1024.0), rs.getString("node"));
    }

    private static Double dbl(ResultSet rs, String column) throws SQLException {
        double v = rs.getDouble(column);
        return rs.wasNull() ? null : v;
    }

    private static Double gib(Double value, double per) {
        return value == null ? null : value / per;
    }
}
