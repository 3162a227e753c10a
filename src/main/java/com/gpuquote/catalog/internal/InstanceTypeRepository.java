package com.gpuquote.catalog.internal;

import com.gpuquote.catalog.InstanceStatus;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.catalog.InstanceTypeFilter;
import com.gpuquote.catalog.InstanceTypeId;
import com.gpuquote.catalog.Provider;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** Global tables {@code instance_types} + {@code instance_type_regions}, joined with {@code gpu_models}. */
@Repository
public class InstanceTypeRepository {

    private static final String SELECT = """
            select t.id, t.provider, t.family, t.code as type_code, t.gpu_count, t.vcpu, t.ram_gib, t.local_nvme_gib,
                   t.network_gbps, t.rdma, t.status, t.source as type_source, t.sample as type_sample,
                   array(select r.region_code from instance_type_regions r where r.instance_type_id = t.id
                         order by r.region_code) as regions,
                   g.code as g_code, g.vendor as g_vendor, g.architecture as g_architecture, g.vram_gib as g_vram_gib,
                   g.memory_bandwidth_gb_s as g_memory_bandwidth_gb_s, g.fp16_tflops as g_fp16_tflops,
                   g.bf16_tflops as g_bf16_tflops, g.fp8_tflops as g_fp8_tflops,
                   g.int8_tflops as g_int8_tflops, g.interconnect as g_interconnect,
                   g.interconnect_gb_s as g_interconnect_gb_s, g.source as g_source, g.sample as g_sample,
                   g.driver_vram_gib as g_driver_vram_gib
            from instance_types t join gpu_models g on g.code = t.gpu_model
            """;
    private static final String ORDER = " order by t.provider, t.gpu_model, t.gpu_count, t.code";

    private final JdbcClient jdbc;

    InstanceTypeRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public List<InstanceType> find(InstanceTypeFilter filter, int offset, int limit) {
        Where where = where(filter);
        var spec = jdbc.sql(SELECT + where.sql + ORDER + " offset :offset limit :limit");
        where.params.forEach(spec::param);
        return spec.param("offset", offset).param("limit", limit).query(InstanceTypeRepository::map).list();
    }

    public int count(InstanceTypeFilter filter) {
        Where where = where(filter);
        var spec = jdbc.sql("select count(*) from instance_types t join gpu_models g on g.code = t.gpu_model" + where.sql);
        where.params.forEach(spec::param);
        return spec.query(Integer.class).single();
    }

    public Optional<InstanceType> find(Provider provider, String code) {
        return jdbc.sql(SELECT + " where t.provider = ? and t.code = ?").params(provider.code(), code)
                .query(InstanceTypeRepository::map).optional();
    }

    /**
     * The instance types of the given providers whose code is one of {@code codes}, in one statement (a code may be
     * sold by several providers, so a code can come back more than once).
     */
    public List<InstanceType> findByCodes(java.util.Collection<Provider> providers, java.util.Collection<String> codes) {
        if (providers.isEmpty() || codes.isEmpty()) {
            return List.of();
        }
        return jdbc.sql(SELECT + " where t.provider in (:providers) and t.code in (:codes)")
                .param("providers", providers.stream().map(Provider::code).toList())
                .param("codes", List.copyOf(codes))
                .query(InstanceTypeRepository::map).list();
    }

    /** Provider -> type code -> regions, for the price list validator. */
    public Map<Provider, Map<String, Set<String>>> regionsByType() {
        Map<Provider, Map<String, Set<String>>> result = new HashMap<>();
        jdbc.sql("""
                        select t.provider, t.code, r.region_code from instance_types t
                        left join instance_type_regions r on r.instance_type_id = t.id""")
                .query(rs -> {
                    Provider provider = Provider.fromCode(rs.getString(1)).orElse(null);
                    if (provider == null) {
                        return;
                    }
                    Set<String> regions = result.computeIfAbsent(provider, p -> new HashMap<>())
                            .computeIfAbsent(rs.getString(2), c -> new LinkedHashSet<>());
                    String region = rs.getString(3);
                    if (region != null) {
                        regions.add(region);
                    }
                });
        return result;
    }

    public List<String> regions(Provider provider) {
        return jdbc.sql("select code from regions where provider = ? order by code").param(provider.code())
                .query(String.class).list();
    }

    public InstanceTypeId insert(InstanceType t) {
        UUID id = jdbc.sql("""
                        insert into instance_types (provider, family, code, gpu_model, gpu_count, vcpu, ram_gib,
                          local_nvme_gib, network_gbps, status, source, sample, rdma)
                        values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id""")
                .params(t.provider().code(), t.family(), t.code(), t.gpuModel().code(), t.gpuCount(), t.vcpu(),
                        t.ramGiB(), t.localNvmeGiB(), t.networkGbps(), t.status().name(), t.source(), t.sample(),
                        t.rdma())
                .query(UUID.class).single();
        InstanceTypeId typeId = new InstanceTypeId(id);
        replaceRegions(typeId, t.provider(), t.regions());
        return typeId;
    }

    /** Updates the type with the same provider and code (its id is kept). */
    public int update(InstanceType t) {
        Optional<UUID> id = jdbc.sql("""
                        update instance_types set family = ?, gpu_model = ?, gpu_count = ?, vcpu = ?, ram_gib = ?,
                          local_nvme_gib = ?, network_gbps = ?, status = ?, source = ?, sample = ?, rdma = ?
                        where provider = ? and code = ? returning id""")
                .params(t.family(), t.gpuModel().code(), t.gpuCount(), t.vcpu(), t.ramGiB(), t.localNvmeGiB(),
                        t.networkGbps(), t.status().name(), t.source(), t.sample(), t.rdma(), t.provider().code(),
                        t.code())
                .query(UUID.class).optional();
        id.ifPresent(uuid -> replaceRegions(new InstanceTypeId(uuid), t.provider(), t.regions()));
        return id.isPresent() ? 1 : 0;
    }

    public int setStatus(Provider provider, String code, InstanceStatus status) {
        return jdbc.sql("update instance_types set status = ? where provider = ? and code = ?")
                .params(status.name(), provider.code(), code).update();
    }

    private void replaceRegions(InstanceTypeId id, Provider provider, Set<String> regions) {
        jdbc.sql("delete from instance_type_regions where instance_type_id = ?").param(id.value()).update();
        for (String region : regions) {
            jdbc.sql("insert into instance_type_regions (instance_type_id, provider, region_code) values (?, ?, ?)")
                    .params(id.value(), provider.code(), region).update();
        }
    }

    private record Where(String sql, Map<String, Object> params) {
    }

    private static Where where(InstanceTypeFilter f) {
        StringBuilder sql = new StringBuilder(" where true");
        Map<String, Object> params = new HashMap<>();
        if (f.provider() != null) {
            sql.append(" and t.provider = :provider");
            params.put("provider", f.provider().code());
        }
        if (f.region() != null) {
            sql.append(" and exists (select 1 from instance_type_regions r where r.instance_type_id = t.id"
                    + " and r.region_code = :region)");
            params.put("region", f.region());
        }
        if (f.gpuModel() != null) {
            sql.append(" and t.gpu_model = :gpuModel");
            params.put("gpuModel", f.gpuModel());
        }
        if (f.minVramGiB() != null) {
            sql.append(" and g.vram_gib >= :minVram");
            params.put("minVram", f.minVramGiB());
        }
        if (f.gpuCount() != null) {
            sql.append(" and t.gpu_count = :gpuCount");
            params.put("gpuCount", f.gpuCount());
        }
        if (f.status() != null) {
            sql.append(" and t.status = :status");
            params.put("status", f.status().name());
        }
        return new Where(sql.toString(), params);
    }

    private static InstanceType map(ResultSet rs, int n) throws SQLException {
        Array regions = rs.getArray("regions");
        Set<String> regionSet = new LinkedHashSet<>(Arrays.asList((String[]) regions.getArray()));
        String providerCode = rs.getString("provider");
        return new InstanceType(new InstanceTypeId(rs.getObject("id", UUID.class)),
                Provider.fromCode(providerCode).orElseThrow(
                        () -> new IllegalStateException("Unknown provider in catalog: " + providerCode)),
                rs.getString("family"), rs.getString("type_code"), GpuModelRepository.mapPrefixed(rs, "g_"),
                rs.getInt("gpu_count"), rs.getInt("vcpu"), rs.getBigDecimal("ram_gib"),
                rs.getBigDecimal("local_nvme_gib"), rs.getBigDecimal("network_gbps"), regionSet,
                InstanceStatus.valueOf(rs.getString("status")), rs.getString("type_source"),
                rs.getBoolean("type_sample"), rs.getBoolean("rdma"));
    }
}
