package com.gpuquote.catalog;

import com.gpuquote.IntegrationTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

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
                .containsExactly("A800-SXM4-80GB", "H20-SXM5-96GB", "H800-SXM5-80GB", "L20-PCIE-48GB");
    }

    @Test
    void bareMetalA800MatchesItsSourceRatherThanABand() {
        var row = jdbc.sql("""
                select t.gpu_count, t.vcpu, t.ram_gib, g.vram_gib from instance_types t join gpu_models g on g.code = t.gpu_model
                where t.code = 'ecs.ebmhpcpni2l.32xlarge'
                """).query((rs, n) -> new int[]{rs.getInt(1), rs.getInt(2), rs.getInt(3), rs.getInt(4)}).single();
        assertThat(row).containsExactly(8, 128, 2048, 80);
    }
}
