package com.gpuquote.deployment.internal;

import com.gpuquote.deployment.DeploymentId;
import com.gpuquote.deployment.UtilizationSamples;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.stereotype.Repository;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;

/**
 * Stores parsed samples. Each batch is one {@code insert … select from unnest(arrays) on conflict do nothing}: one
 * round trip and one statement per {@value #BATCH} samples, and a sample already stored (same deployment, instant, node and
 * GPU) is skipped and counted as a duplicate instead of being counted twice.
 */
@Repository
public class SampleRepository {

    static final int BATCH = 20_000;

    private final DataSource dataSource;

    SampleRepository(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Inserts the GPU samples; returns how many were new. Must run inside the tenant's transaction. */
    public int insertGpu(TenantId tenant, DeploymentId deployment, UtilizationSamples s) {
        Connection c = DataSourceUtils.getConnection(dataSource);
        int inserted = 0;
        try (PreparedStatement st = c.prepareStatement("""
                insert into gpu_samples (tenant_id, deployment_id, at, gpu, vram_used_mib, vram_total_mib,
                                         gpu_util_pct, sm_active_pct, gr_active_pct, dram_active_pct, node)
                select ?, ?, to_timestamp(t / 1000.0), g, u, tot, nullif(ut, 'NaN'), nullif(sm, 'NaN'),
                       nullif(gr, 'NaN'), nullif(dr, 'NaN'), nd
                from unnest(?::bigint[], ?::smallint[], ?::int[], ?::int[], ?::real[], ?::real[], ?::real[], ?::real[],
                            ?::text[])
                     as x (t, g, u, tot, ut, sm, gr, dr, nd)
                on conflict do nothing""")) {
            for (int from = 0; from < s.gpuCount(); from += BATCH) {
                int n = Math.min(BATCH, s.gpuCount() - from);
                Long[] at = new Long[n];
                Short[] gpu = new Short[n];
                Integer[] used = new Integer[n];
                Integer[] total = new Integer[n];
                Float[] util = new Float[n];
                Float[] sm = new Float[n];
                Float[] gr = new Float[n];
                Float[] dram = new Float[n];
                String[] node = new String[n];
                for (int i = 0; i < n; i++) {
                    int k = from + i;
                    node[i] = s.gpuNode(k);
                    at[i] = s.gpuAt(k);
                    gpu[i] = (short) s.gpu(k);
                    used[i] = s.usedMib(k);
                    total[i] = s.totalMib(k);
                    util[i] = s.utilPct(k);
                    sm[i] = s.smPct(k);
                    gr[i] = s.grPct(k);
                    dram[i] = s.dramPct(k);
                }
                st.setObject(1, tenant.value());
                st.setObject(2, deployment.value());
                st.setArray(3, c.createArrayOf("bigint", at));
                st.setArray(4, c.createArrayOf("smallint", gpu));
                st.setArray(5, c.createArrayOf("int4", used));
                st.setArray(6, c.createArrayOf("int4", total));
                st.setArray(7, c.createArrayOf("float4", util));
                st.setArray(8, c.createArrayOf("float4", sm));
                st.setArray(9, c.createArrayOf("float4", gr));
                st.setArray(10, c.createArrayOf("float4", dram));
                st.setArray(11, c.createArrayOf("text", node));
                inserted += st.executeUpdate();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("storing GPU samples failed", e);
        }
        return inserted;
    }

    /** Inserts the host samples; returns how many were new. */
    public int insertHost(TenantId tenant, DeploymentId deployment, UtilizationSamples s) {
        Connection c = DataSourceUtils.getConnection(dataSource);
        int inserted = 0;
        try (PreparedStatement st = c.prepareStatement("""
                insert into host_samples (tenant_id, deployment_id, at, mem_total_kib, mem_available_kib, node)
                select ?, ?, to_timestamp(t / 1000.0), tot, av, nd
                from unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::text[]) as x (t, tot, av, nd)
                on conflict do nothing""")) {
            for (int from = 0; from < s.hostCount(); from += BATCH) {
                int n = Math.min(BATCH, s.hostCount() - from);
                Long[] at = new Long[n];
                Long[] total = new Long[n];
                Long[] available = new Long[n];
                String[] node = new String[n];
                for (int i = 0; i < n; i++) {
                    node[i] = s.hostNode(from + i);
                    at[i] = s.hostAt(from + i);
                    total[i] = s.memTotalKib(from + i);
                    available[i] = s.memAvailableKib(from + i);
                }
                st.setObject(1, tenant.value());
                st.setObject(2, deployment.value());
                st.setArray(3, c.createArrayOf("bigint", at));
                st.setArray(4, c.createArrayOf("bigint", total));
                st.setArray(5, c.createArrayOf("bigint", available));
                st.setArray(6, c.createArrayOf("text", node));
                inserted += st.executeUpdate();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("storing host samples failed", e);
        }
        return inserted;
    }
}
