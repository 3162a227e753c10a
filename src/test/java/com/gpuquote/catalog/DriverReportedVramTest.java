package com.gpuquote.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.sizing.SizingService;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** GDDR cards are sized against the memory their driver reports, HBM cards against the nominal figure (ADR 4002). */
class DriverReportedVramTest extends IntegrationTest {

    /** nvidia-smi memory.total in MiB as published (sources in docs/sizing-model.md). */
    private static final Map<String, Integer> NVIDIA_SMI_MIB = Map.of("L40S-PCIE-48GB", 46068, "L20-PCIE-48GB", 46068,
            "L4-PCIE-24GB", 23034, "A10-PCIE-24GB", 23028, "T4-PCIE-16GB", 15360, "RTX4090-PCIE-24GB", 24564);

    @Autowired
    CatalogService catalog;

    private static BigDecimal gib(int mib) {
        return BigDecimal.valueOf(mib).divide(BigDecimal.valueOf(1024), 2, RoundingMode.HALF_UP);
    }

    private Api consultant() {
        return Api.basic(baseUrl(), "consultant@sanfei.demo", "Demo-Consultant-2026!");
    }

    @Test
    void gpuModelsApiGivesDriverAndUsableVramAsNvidiaSmiReportsIt() {
        var r = consultant().get("/api/v1/catalog/gpu-models");
        assertThat(r.status()).isEqualTo(200);
        Map<String, JsonNode> byCode = new HashMap<>();
        r.json().forEach(n -> byCode.put(n.path("code").asText(), n));
        NVIDIA_SMI_MIB.forEach((code, mib) -> {
            JsonNode m = byCode.get(code);
            assertThat(m).as(code).isNotNull();
            assertThat(m.path("driverVramGiB").decimalValue()).as(code).isEqualByComparingTo(gib(mib));
            assertThat(m.path("usableVramGiB").decimalValue()).as(code).isEqualByComparingTo(gib(mib));
            assertThat(m.path("usableVramGiB").decimalValue()).as(code).isLessThan(m.path("vramGiB").decimalValue());
        });
        // 46,068 MiB of an L40S are 44.99 GiB, not the 48 it is sold with
        assertThat(byCode.get("L40S-PCIE-48GB").path("usableVramGiB").decimalValue()).isEqualByComparingTo("44.99");
        // HBM: nominal
        for (String hbm : new String[] {"H100-SXM5-80GB", "H100-PCIE-80GB", "H20-SXM5-96GB", "A100-SXM4-80GB"}) {
            JsonNode m = byCode.get(hbm);
            assertThat(m).as(hbm).isNotNull();
            assertThat(m.path("driverVramGiB").isNull()).as(hbm).isTrue();
            assertThat(m.path("usableVramGiB").decimalValue()).as(hbm).isEqualByComparingTo(m.path("vramGiB").decimalValue());
        }
    }

    @Test
    void instanceTypesCarryTheUsableFigurePerGpuAndNewChinaFamiliesAreSamples() {
        var r = consultant().get("/api/v1/catalog/instance-types?gpuModel=L20-PCIE-48GB&region=cn-beijing");
        assertThat(r.status()).isEqualTo(200);
        JsonNode gn8is = null;
        for (JsonNode n : r.json()) {
            assertThat(n.path("vramPerGpuGiB").decimalValue()).isEqualByComparingTo("48");
            assertThat(n.path("usableVramPerGpuGiB").decimalValue()).isEqualByComparingTo(gib(46068));
            if (n.path("code").asText().equals("ecs.gn8is-2x.8xlarge")) {
                gn8is = n;
            }
        }
        assertThat(gn8is).isNotNull();
        assertThat(gn8is.path("gpuCount").asInt()).isEqualTo(2);
        assertThat(gn8is.path("sample").asBoolean()).isTrue();
        JsonNode h800 = consultant().get("/api/v1/catalog/instance-types/TENCENT/HCCPNV5.48XLARGE2048").json();
        assertThat(h800.path("gpuModel").asText()).isEqualTo("H800-SXM5-80GB");
        assertThat(h800.path("gpuCount").asInt()).isEqualTo(8);
        assertThat(h800.path("sample").asBoolean()).isTrue();
        assertThat(h800.path("usableVramPerGpuGiB").decimalValue()).isEqualByComparingTo("80");
    }

    @Test
    void sizingSeesTheDriverReportedMemory() {
        AtomicReference<InstanceType> l20 = new AtomicReference<>();
        SystemAuthentication.asPlatformAdmin(() -> l20.set(catalog.instanceTypes(
                InstanceTypeFilter.ALL.withGpuModel("L20-PCIE-48GB")).get(0)));
        var c = SizingService.candidate(l20.get(), BillingMode.MONTHLY, BigDecimal.TEN, "CNY", BigDecimal.TEN);
        // the engine fits workloads into what the driver reports; the reseller's RAM:VRAM band stays on the 48 sold
        assertThat(c.vramPerGpuGiB()).isEqualTo(46068 / 1024.0, Offset.offset(0.005));
        assertThat(c.nominalVramPerGpuGiB()).isEqualTo(48.0);
    }

    @Test
    void csvTakesAnOptionalDriverColumnAndRefusesOneAboveNominal() {
        String header = "code,vendor,architecture,vram_gib,memory_bandwidth_gbs,fp16_tflops,bf16_tflops,interconnect,"
                + "interconnect_gbs,source,sample,driver_vram_gib\n";
        GpuModelCsv.Result ok = GpuModelCsv.read((header
                + "L40S-PCIE-48GB,NVIDIA,Ada Lovelace,48,864,362.05,362.05,PCIE,64,datasheet,false,44.99\n"
                + "H100-SXM5-80GB,NVIDIA,Hopper,80,3350,989,989,NVLINK,900,datasheet,false,\n")
                .getBytes(StandardCharsets.UTF_8));
        assertThat(ok.errors()).isEmpty();
        assertThat(ok.rows().get(0).usableVramGiB()).isEqualByComparingTo("44.99");
        assertThat(ok.rows().get(1).driverVramGiB()).isNull();
        assertThat(ok.rows().get(1).usableVramGiB()).isEqualByComparingTo("80");
        GpuModelCsv.Result bad = GpuModelCsv.read((header
                + "L40S-PCIE-48GB,NVIDIA,Ada Lovelace,48,864,362.05,362.05,PCIE,64,datasheet,false,50\n")
                .getBytes(StandardCharsets.UTF_8));
        assertThat(bad.rows()).isEmpty();
        assertThat(bad.errors()).singleElement().satisfies(e -> {
            assertThat(e.column()).isEqualTo("driver_vram_gib");
            assertThat(e.code()).isEqualTo(CatalogCsvErrorCode.DRIVER_VRAM_ABOVE_NOMINAL);
        });
        // the export writes the column and reads back unchanged
        String exported = new String(GpuModelCsv.write(ok.rows()), StandardCharsets.UTF_8);
        assertThat(exported.lines().findFirst().orElseThrow()).endsWith(",driver_vram_gib");
        assertThat(GpuModelCsv.read(exported.getBytes(StandardCharsets.UTF_8)).rows()).isEqualTo(ok.rows());
    }
}
