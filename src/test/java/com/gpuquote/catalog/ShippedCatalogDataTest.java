package com.gpuquote.catalog;

import com.gpuquote.IntegrationTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** V10/V11 as migrated by the real bootstrap, read through the runtime role. */
class ShippedCatalogDataTest extends IntegrationTest {

    @Autowired
    JdbcClient jdbc;

    @Test
    void atLeastThirtyVolcengineTypesOfferedInBeijingAndShanghai() {
        Integer both = jdbc.sql("""
                select count(*) from instance_types t
                where t.provider = 'VOLCENGINE'
                  and exists (select 1 from instance_type_regions r where r.instance_type_id = t.id and r.region_code = 'cn-beijing')
                  and exists (select 1 from instance_type_regions r where r.instance_type_id = t.id and r.region_code = 'cn-shanghai')
                """).query(Integer.class).single();
        assertThat(both).isGreaterThanOrEqualTo(30);
    }

    @Test
    void requiredGpuModelsAreCoveredWithOneToEightGpuSizes() {
        List<String> covered = jdbc.sql("select distinct gpu_model from instance_types order by 1").query(String.class).list();
        assertThat(covered).contains("T4-PCIE-16GB", "A10-PCIE-24GB", "A30-PCIE-24GB", "V100-SXM2-32GB",
                "A100-SXM4-40GB", "A100-SXM4-80GB", "A800-SXM4-80GB", "L20-PCIE-48GB", "H20-SXM5-96GB");
        List<Integer> counts = jdbc.sql("select distinct gpu_count from instance_types order by 1").query(Integer.class).list();
        assertThat(counts).containsExactly(1, 2, 4, 8);
    }

    @Test
    void everyRowNamesItsSourceAndNonProviderValuesAreSample() {
        assertThat(jdbc.sql("select count(*) from instance_types where btrim(source) = ''").query(Integer.class).single()).isZero();
        assertThat(jdbc.sql("select count(*) from gpu_models where btrim(source) = ''").query(Integer.class).single()).isZero();
        // no Volcano Engine documentation could be consulted for the shipped data: every instance row is sample
        assertThat(jdbc.sql("select count(*) from instance_types where not sample").query(Integer.class).single()).isZero();
        // GPU models not backed by a named public NVIDIA datasheet are sample
        assertThat(jdbc.sql("select code from gpu_models where sample order by 1").query(String.class).list())
                .containsExactly("A800-SXM4-80GB", "H20-SXM5-96GB", "H800-SXM5-80GB", "L20-PCIE-48GB",
                        "RTX4090-PCIE-24GB");
    }

    @Test
    void bareMetalA800MatchesItsSourceRatherThanABand() {
        var row = jdbc.sql("""
                select t.gpu_count, t.vcpu, t.ram_gib, g.vram_gib from instance_types t join gpu_models g on g.code = t.gpu_model
                where t.code = 'ecs.ebmhpcpni2l.32xlarge'
                """).query((rs, n) -> new int[]{rs.getInt(1), rs.getInt(2), rs.getInt(3), rs.getInt(4)}).single();
        assertThat(row).containsExactly(8, 128, 2048, 80);
    }

    // ---- issue 15 (V54): plan facts, Volcano Engine rows re-checked, Alibaba/Tencent samples

    @Test
    void fp8AndInt8FollowTheArchitectureAndTheDatasheets() {
        // FP8 tensor cores from Ada Lovelace / Hopper on; Volta has no INT8 tensor cores
        assertThat(jdbc.sql("select code from gpu_models where fp8_tflops is null order by 1").query(String.class).list())
                .containsExactly("A10-PCIE-24GB", "A100-SXM4-40GB", "A100-SXM4-80GB", "A30-PCIE-24GB",
                        "A800-SXM4-80GB", "T4-PCIE-16GB", "V100-SXM2-32GB");
        assertThat(jdbc.sql("select code from gpu_models where int8_tflops is null").query(String.class).list())
                .containsExactly("V100-SXM2-32GB");
        assertThat(jdbc.sql("select code from gpu_models where bf16_tflops is null order by 1").query(String.class).list())
                .containsExactly("T4-PCIE-16GB", "V100-SXM2-32GB");
        // datasheet "with sparsity" halved: H100 SXM FP8 3,958 -> 1,979; L4 FP8 485 -> 242.5; A100 INT8 1,248 -> 624
        assertThat(jdbc.sql("select fp8_tflops from gpu_models where code = 'H100-SXM5-80GB'").query(BigDecimal.class)
                .single()).isEqualByComparingTo("1979");
        assertThat(jdbc.sql("select fp8_tflops from gpu_models where code = 'L4-PCIE-24GB'").query(BigDecimal.class)
                .single()).isEqualByComparingTo("242.5");
        assertThat(jdbc.sql("select int8_tflops from gpu_models where code = 'A100-SXM4-80GB'").query(BigDecimal.class)
                .single()).isEqualByComparingTo("624");
    }

    @Test
    void rdmaOnlyOnTheHpcFamilies() {
        assertThat(jdbc.sql("select code from instance_types where rdma order by 1").query(String.class).list())
                .containsExactly("HCCPNV5.48XLARGE2048", "ecs.ebmhpcpni2l.32xlarge", "ecs.ebmhpcpni3l.48xlarge",
                        "ecs.hpcpni2.28xlarge", "ecs.hpcpni3ln.45xlarge");
    }

    @Test
    void volcanoRowsTheReferenceContradictsAreFixed() {
        // ecs.g1ve is general purpose, not V100: deprecated
        assertThat(jdbc.sql("select distinct status from instance_types where family = 'ecs.g1ve'").query(String.class)
                .list()).containsExactly("DEPRECATED");
        // ecs.gni3 is the L4 family
        assertThat(jdbc.sql("select distinct gpu_model from instance_types where family = 'ecs.gni3'")
                .query(String.class).list()).containsExactly("L4-PCIE-24GB");
        // pni2l.28xlarge: 1,960 GiB
        assertThat(jdbc.sql("select ram_gib from instance_types where code = 'ecs.pni2l.28xlarge'")
                .query(BigDecimal.class).single()).isEqualByComparingTo("1960");
    }

    @Test
    void alibabaAndTencentSampleCatalogs() {
        List<String> rows = jdbc.sql("""
                select provider || ' ' || code || ' ' || gpu_model || ' x' || gpu_count || ' ' || vcpu || ' ' || ram_gib::int
                from instance_types where provider in ('ALIYUN', 'TENCENT') and sample order by 1""")
                .query(String.class).list();
        // the Alibaba rows as shared/reference/volcengine-gpu.md lists them
        assertThat(rows).contains("ALIYUN ecs.gn7e-c16g1.4xlarge A100-SXM4-80GB x1 16 125",
                "ALIYUN ecs.gn7e-c16g1.32xlarge A100-SXM4-80GB x8 128 1000",
                "ALIYUN ecs.gn7i-c8g1.2xlarge A10-PCIE-24GB x1 8 30",
                "ALIYUN ecs.ebmgn8v.48xlarge H20-SXM5-96GB x8 192 1024");
        // one Tencent family per GPU the reference names: GT4 A100 40 GB, GN10Xp V100, PNV4 A10, GN7 T4
        assertThat(jdbc.sql("select distinct family || '=' || gpu_model from instance_types where provider = 'TENCENT' order by 1")
                .query(String.class).list()).containsExactly("GN10Xp=V100-SXM2-32GB", "GN7=T4-PCIE-16GB",
                "GT4=A100-SXM4-40GB", "HCCPNV5=H800-SXM5-80GB", "PNV4=A10-PCIE-24GB");
        assertThat(jdbc.sql("select count(*) from instance_types where provider in ('ALIYUN', 'TENCENT') and not sample")
                .query(Integer.class).single()).isZero();
    }
}
