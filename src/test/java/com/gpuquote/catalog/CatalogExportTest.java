package com.gpuquote.catalog;

import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.security.SystemAuthentication;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** Catalog CSV export (issue 15): the plan facts go out, and the import takes the file back without a change. */
class CatalogExportTest extends IntegrationTest {

    @Autowired
    CatalogService catalog;

    @Test
    void exportedFilesImportBackUnchanged() {
        AtomicReference<CatalogImportPreview> types = new AtomicReference<>();
        AtomicReference<GpuModelImportPreview> gpus = new AtomicReference<>();
        SystemAuthentication.asPlatformAdmin(() -> {
            types.set(catalog.previewImport(catalog.exportInstanceTypes()));
            gpus.set(catalog.previewGpuModelImport(catalog.exportGpuModels()));
        });
        assertThat(types.get().errors()).isEmpty();
        assertThat(types.get().added()).isEmpty();
        assertThat(types.get().changed()).isEmpty();
        assertThat(gpus.get().errors()).isEmpty();
        assertThat(gpus.get().added()).isEmpty();
        assertThat(gpus.get().changed()).isEmpty();
    }

    @Test
    void restExportCarriesRdmaFp8AndInt8() {
        Api api = Api.basic(baseUrl(), "platform@gpuquote.demo", "Demo-Platform-2026!");
        var types = api.get("/api/v1/catalog/instance-types.csv");
        assertThat(types.status()).isEqualTo(200);
        String text = types.body();
        assertThat(text.lines().findFirst().orElseThrow()).isEqualTo("\uFEFFprovider,family,code,gpu_model,gpu_count,"
                + "vcpu,ram_gib,local_nvme_gib,network_gbps,rdma,regions,status,source,sample");
        assertThat(text.lines().filter(l -> l.startsWith("VOLCENGINE,ecs.hpcpni3ln,ecs.hpcpni3ln.45xlarge,")))
                .singleElement().asString().contains(",true,cn-beijing;cn-shanghai,ACTIVE,");
        var gpus = api.get("/api/v1/catalog/gpu-models.csv");
        assertThat(gpus.status()).isEqualTo(200);
        // T4: no BF16, no FP8, INT8 130 TOPS (NVIDIA T4 datasheet)
        assertThat(gpus.body().lines().filter(l -> l.startsWith("T4-PCIE-16GB,")))
                .singleElement().asString().contains(",65.00,,,130.00,PCIE,");
        assertThat(new String(gpus.raw().body().getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8))
                .startsWith("\uFEFFcode,vendor,architecture,vram_gib,memory_bandwidth_gbs,fp16_tflops,bf16_tflops,"
                        + "fp8_tflops,int8_tflops,interconnect,interconnect_gbs,source,sample");
    }
}
