package com.gpuquote.catalog.internal;

import com.gpuquote.catalog.GpuModel;
import com.gpuquote.catalog.Interconnect;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** Global table {@code gpu_models} (no tenant, no RLS). */
@Repository
public class GpuModelRepository {

    static final String COLUMNS = "code, vendor, architecture, vram_gib, memory_bandwidth_gb_s, fp16_tflops, bf16_tflops, "
            + "fp8_tflops, int8_tflops, interconnect, interconnect_gb_s, source, sample, driver_vram_gib";

    private final JdbcClient jdbc;

    GpuModelRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public List<GpuModel> findAll() {
        return jdbc.sql("select " + COLUMNS + " from gpu_models order by vendor, code").query(GpuModelRepository::map).list();
    }

    public Optional<GpuModel> find(String code) {
        return jdbc.sql("select " + COLUMNS + " from gpu_models where code = ?").param(code)
                .query(GpuModelRepository::map).optional();
    }

    public void insert(GpuModel m) {
        jdbc.sql("insert into gpu_models (" + COLUMNS + ") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(m.code(), m.vendor(), m.architecture(), m.vramGiB(), m.memoryBandwidthGBs(), m.fp16Tflops(),
                        m.bf16Tflops(), m.fp8Tflops(), m.int8Tflops(), m.interconnect().name(), m.interconnectGBs(), m.source(), m.sample(),
                        m.driverVramGiB())
                .update();
    }

    public int update(GpuModel m) {
        return jdbc.sql("""
                        update gpu_models set vendor = ?, architecture = ?, vram_gib = ?, memory_bandwidth_gb_s = ?,
                          fp16_tflops = ?, bf16_tflops = ?, fp8_tflops = ?, int8_tflops = ?, interconnect = ?, interconnect_gb_s = ?, source = ?, sample = ?,
                          driver_vram_gib = ?
                        where code = ?""")
                .params(m.vendor(), m.architecture(), m.vramGiB(), m.memoryBandwidthGBs(), m.fp16Tflops(),
                        m.bf16Tflops(), m.fp8Tflops(), m.int8Tflops(), m.interconnect().name(), m.interconnectGBs(), m.source(), m.sample(), m.driverVramGiB(), m.code())
                .update();
    }

    static GpuModel map(ResultSet rs, int n) throws SQLException {
        return mapPrefixed(rs, "");
    }

    static GpuModel mapPrefixed(ResultSet rs, String prefix) throws SQLException {
        return new GpuModel(rs.getString(prefix + "code"), rs.getString(prefix + "vendor"),
                rs.getString(prefix + "architecture"), rs.getBigDecimal(prefix + "vram_gib"),
                rs.getBigDecimal(prefix + "memory_bandwidth_gb_s"), rs.getBigDecimal(prefix + "fp16_tflops"),
                rs.getBigDecimal(prefix + "bf16_tflops"), rs.getBigDecimal(prefix + "fp8_tflops"),
                rs.getBigDecimal(prefix + "int8_tflops"), Interconnect.valueOf(rs.getString(prefix + "interconnect")),
                rs.getBigDecimal(prefix + "interconnect_gb_s"), rs.getString(prefix + "source"),
                rs.getBoolean(prefix + "sample"), rs.getBigDecimal(prefix + "driver_vram_gib"));
    }
}
