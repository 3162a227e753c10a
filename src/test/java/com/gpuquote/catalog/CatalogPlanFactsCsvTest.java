package com.gpuquote.catalog;

import com.gpuquote.shared.CsvError;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The plan facts of issue 15 in the catalog CSV files: optional columns, so files written before stay valid. */
class CatalogPlanFactsCsvTest {

    private static final GpuModel H20 = new GpuModel("H20-SXM5-96GB", "NVIDIA", "Hopper", new BigDecimal("96"),
            new BigDecimal("4000"), new BigDecimal("148"), new BigDecimal("148"), Interconnect.NVLINK,
            new BigDecimal("900"), "test", true);
    private static final InstanceTypeCsv.Reference REF = new InstanceTypeCsv.Reference(Map.of(H20.code(), H20),
            Map.of(Provider.VOLCENGINE, Set.of("cn-beijing"), Provider.TENCENT, Set.of("ap-beijing")));

    private static byte[] csv(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void gpuModelFileWithoutFp8AndInt8ColumnsStaysValidAndMeansUnsupported() {
        GpuModelCsv.Result r = GpuModelCsv.read(csv("""
                code,vendor,architecture,vram_gib,memory_bandwidth_gbs,fp16_tflops,bf16_tflops,interconnect,interconnect_gbs,source,sample
                T4-PCIE-16GB,NVIDIA,Turing,16,320,65,,PCIE,32,datasheet,false
                """));
        assertThat(r.errors()).isEmpty();
        assertThat(r.rows()).singleElement().satisfies(m -> {
            assertThat(m.bf16Tflops()).isNull();
            assertThat(m.fp8Tflops()).isNull();
            assertThat(m.int8Tflops()).isNull();
        });
    }

    @Test
    void gpuModelFileCarriesFp8AndInt8WithBlankAsUnsupported() {
        GpuModelCsv.Result r = GpuModelCsv.read(csv("""
                code,vendor,architecture,vram_gib,memory_bandwidth_gbs,fp16_tflops,bf16_tflops,fp8_tflops,int8_tflops,interconnect,interconnect_gbs,source,sample
                L4-PCIE-24GB,NVIDIA,Ada Lovelace,24,300,121,121,242.5,242.5,PCIE,64,L4 datasheet,false
                A100-SXM4-80GB,NVIDIA,Ampere,80,2039,312,312,,624,NVLINK,600,A100 datasheet,false
                """));
        assertThat(r.errors()).isEmpty();
        assertThat(r.rows().get(0).fp8Tflops()).isEqualByComparingTo("242.5");
        assertThat(r.rows().get(0).int8Tflops()).isEqualByComparingTo("242.5");
        assertThat(r.rows().get(1).fp8Tflops()).isNull();
        assertThat(r.rows().get(1).int8Tflops()).isEqualByComparingTo("624");
    }

    @Test
    void badFp8ValueIsAnErrorNamingTheColumn() {
        GpuModelCsv.Result r = GpuModelCsv.read(csv("""
                code,vendor,architecture,vram_gib,memory_bandwidth_gbs,fp16_tflops,bf16_tflops,fp8_tflops,interconnect,interconnect_gbs,source,sample
                L4-PCIE-24GB,NVIDIA,Ada,24,300,121,121,-1,PCIE,64,x,false
                """));
        assertThat(r.rows()).isEmpty();
        assertThat(r.errors()).extracting(CsvError::column).containsExactly("fp8_tflops");
    }

    @Test
    void instanceTypeFileWithoutRdmaColumnStaysValidAndMeansNoRdma() {
        InstanceTypeCsv.Result r = InstanceTypeCsv.read(csv("""
                provider,family,code,gpu_model,gpu_count,vcpu,ram_gib,local_nvme_gib,network_gbps,regions,status,source,sample
                VOLCENGINE,ecs.pni3ln,ecs.pni3ln.22xlarge,H20-SXM5-96GB,4,88,960,0,100,cn-beijing,ACTIVE,x,true
                """), REF);
        assertThat(r.errors()).isEmpty();
        assertThat(r.rows()).singleElement().extracting(InstanceType::rdma).isEqualTo(false);
    }

    @Test
    void instanceTypeFileCarriesRdmaAndTencentUpperCaseCodes() {
        InstanceTypeCsv.Result r = InstanceTypeCsv.read(csv("""
                provider,family,code,gpu_model,gpu_count,vcpu,ram_gib,local_nvme_gib,network_gbps,rdma,regions,status,source,sample
                VOLCENGINE,ecs.hpcpni3ln,ecs.hpcpni3ln.45xlarge,H20-SXM5-96GB,8,180,1920,0,200,true,cn-beijing,ACTIVE,x,true
                TENCENT,GN8,GN8.48XLARGE1024,H20-SXM5-96GB,8,192,1024,0,100,,ap-beijing,ACTIVE,x,true
                """), REF);
        assertThat(r.errors()).isEmpty();
        assertThat(r.rows()).extracting(InstanceType::code, InstanceType::rdma)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("ecs.hpcpni3ln.45xlarge", true),
                        org.assertj.core.groups.Tuple.tuple("GN8.48XLARGE1024", false));
    }

    @Test
    void rdmaMustBeTrueOrFalse() {
        InstanceTypeCsv.Result r = InstanceTypeCsv.read(csv("""
                provider,family,code,gpu_model,gpu_count,vcpu,ram_gib,local_nvme_gib,network_gbps,rdma,regions,status,source,sample
                VOLCENGINE,ecs.hpcpni3ln,ecs.hpcpni3ln.45xlarge,H20-SXM5-96GB,8,180,1920,0,200,yes,cn-beijing,ACTIVE,x,true
                """), REF);
        assertThat(r.rows()).isEmpty();
        assertThat(r.errors()).extracting(CsvError::column).containsExactly("rdma");
    }
}
