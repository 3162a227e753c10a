package com.gpuquote.catalog;

import com.gpuquote.KaribuTest;
import com.gpuquote.catalog.ui.CatalogAdminView;
import com.gpuquote.security.SystemAuthentication;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.ListItem;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.UnorderedList;
import com.vaadin.flow.component.textfield.TextArea;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static com.github.mvysny.kaributesting.v10.ButtonKt._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

class CatalogAdminViewTest extends KaribuTest {

    private static final String HEADER =
            "provider,family,code,gpu_model,gpu_count,vcpu,ram_gib,local_nvme_gib,network_gbps,regions,status,source,sample\n";

    @Autowired
    CatalogService catalog;

    @Autowired
    org.springframework.jdbc.core.simple.JdbcClient jdbc;

    private CatalogTestRows added;

    @org.junit.jupiter.api.BeforeEach
    void trackAddedRows() {
        added = new CatalogTestRows(jdbc);
    }

    @org.junit.jupiter.api.AfterEach
    void removeAddedRows() {
        added.removeAll();
    }

    private int count() {
        AtomicInteger n = new AtomicInteger();
        SystemAuthentication.asPlatformAdmin(() -> n.set(catalog.count(InstanceTypeFilter.ALL)));
        return n.get();
    }

    private void openImport(String csv) {
        login("platform@gpuquote.demo");
        UI.getCurrent().navigate(CatalogAdminView.class);
        _click(_get(Button.class, spec -> spec.withId("import-instance-types")));
        _get(TextArea.class, spec -> spec.withId("import-paste")).setValue(csv);
        _click(_get(Button.class, spec -> spec.withId("import-check")));
    }

    @Test
    void csvWithErrorsShowsEveryErrorAndWritesNothing() {
        int before = count();
        openImport(HEADER
                + "VOLCENGINE,ecs.gbad,ecs.gbad.xlarge,NO-SUCH-GPU,1,8,32,0,10,cn-beijing,ACTIVE,test,true\n"
                + "VOLCENGINE,ecs.gok,ecs.gok.xlarge,T4-PCIE-16GB,0,8,32,0,10,cn-mars,ACTIVE,test,maybe\n"
                + "VOLCENGINE,ecs.gok,ecs.gok.2xlarge,T4-PCIE-16GB,1,8,32,0,10,cn-beijing,ACTIVE,test,true\n");
        List<String> errors = _get(UnorderedList.class, spec -> spec.withId("import-errors"))
                .getChildren().map(c -> ((ListItem) c).getText()).toList();
        assertThat(errors).hasSize(4);
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("第 2 行", "gpu_model", "NO-SUCH-GPU"));
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("第 3 行", "gpu_count"));
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("第 3 行", "regions", "cn-mars"));
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("第 3 行", "sample", "maybe"));
        assertThat(_get(Button.class, spec -> spec.withId("import-confirm")).isEnabled()).isFalse();
        assertThat(count()).isEqualTo(before);
    }

    @Test
    void validCsvAddsATypeAfterConfirm() {
        String family = "ecs.gt" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
        String code = added.instanceType(family + ".4xlarge");
        openImport(HEADER + "VOLCENGINE," + family + "," + code
                + ",A10-PCIE-24GB,2,32,128,,16,cn-beijing;cn-shanghai,,Karibu test row,true\n");
        assertThat(_get(Paragraph.class, spec -> spec.withId("import-summary")).getText()).contains("新增 1 个");
        AtomicReference<Boolean> existsBefore = new AtomicReference<>();
        SystemAuthentication.asPlatformAdmin(() -> existsBefore.set(catalog.instanceType(Provider.VOLCENGINE, code).isPresent()));
        assertThat(existsBefore.get()).isFalse();

        _click(_get(Button.class, spec -> spec.withId("import-confirm")));
        AtomicReference<InstanceType> imported = new AtomicReference<>();
        SystemAuthentication.asPlatformAdmin(() -> imported.set(catalog.instanceType(Provider.VOLCENGINE, code).orElseThrow()));
        assertThat(imported.get().gpuCount()).isEqualTo(2);
        assertThat(imported.get().totalVramGiB()).isEqualByComparingTo("48");
        assertThat(imported.get().regions()).containsExactly("cn-beijing", "cn-shanghai");
        assertThat(imported.get().status()).isEqualTo(InstanceStatus.ACTIVE);
        assertThat(imported.get().localNvmeGiB()).isEqualByComparingTo("0");
    }

    @Test
    void uploadRefusesFilesOverTheDocumentedLimit() {
        openImport(HEADER);
        var upload = _get(com.vaadin.flow.component.upload.Upload.class, spec -> spec.withId("import-upload"));
        assertThat(upload.getMaxFileSize()).isEqualTo(com.gpuquote.catalog.InstanceTypeCsv.MAX_BYTES)
                .isEqualTo(2 * 1024 * 1024);
        assertThat(_get(com.vaadin.flow.component.html.Paragraph.class, spec -> spec.withId("import-help")).getText())
                .contains("2 MB");
    }

    private static final String GPU_HEADER = "code,vendor,architecture,vram_gib,memory_bandwidth_gbs,fp16_tflops,"
            + "bf16_tflops,interconnect,interconnect_gbs,source,sample\n";

    private void openGpuImport(String csv) {
        login("platform@gpuquote.demo");
        UI.getCurrent().navigate(CatalogAdminView.class);
        _get(com.vaadin.flow.component.tabs.TabSheet.class, spec -> spec.withId("catalog-admin-tabs")).setSelectedIndex(1);
        _click(_get(Button.class, spec -> spec.withId("import-gpu-models")));
        _get(TextArea.class, spec -> spec.withId("import-paste")).setValue(csv);
        _click(_get(Button.class, spec -> spec.withId("import-check")));
    }

    private java.util.Optional<GpuModel> gpu(String code) {
        AtomicReference<java.util.Optional<GpuModel>> found = new AtomicReference<>();
        SystemAuthentication.asPlatformAdmin(() -> found.set(catalog.gpuModel(code)));
        return found.get();
    }

    @Test
    void gpuModelCsvWithErrorsShowsEveryErrorWithRowAndColumnAndWritesNothing() {
        String ok = "KT-" + UUID.randomUUID().toString().replace("-", "").substring(0, 8).toUpperCase();
        openGpuImport(GPU_HEADER
                + ok + ",NVIDIA,Ampere,24,600,125,,PCIE,64,Karibu test,true\n"
                + "bad code,NVIDIA,Ampere,0,600,abc,125,WARP,64,,maybe\n"
                + ok + ",NVIDIA,Ampere,24,600,125,125,NVLINK,64,Karibu test,true\n");
        List<String> errors = _get(UnorderedList.class, spec -> spec.withId("import-errors"))
                .getChildren().map(c -> ((ListItem) c).getText()).toList();
        assertThat(errors).hasSize(7);
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("第 3 行", "code", "bad code"));
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("第 3 行", "vram_gib", "0"));
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("第 3 行", "fp16_tflops", "abc"));
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("第 3 行", "interconnect", "WARP"));
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("第 3 行", "source"));
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("第 3 行", "sample", "maybe"));
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("第 4 行", "code", "第 2 行")); // duplicate
        assertThat(_get(Button.class, spec -> spec.withId("import-confirm")).isEnabled()).isFalse();
        assertThat(gpu(ok)).isEmpty();
    }

    @Test
    void validGpuModelCsvAddsAndChangesModelsAfterConfirm() {
        String code = added.gpuModel("KT-" + UUID.randomUUID().toString().replace("-", "").substring(0, 8).toUpperCase());
        openGpuImport(GPU_HEADER + code + ",NVIDIA,Ampere,24,600,125,,PCIE,64,Karibu test,true\n");
        assertThat(_get(Paragraph.class, spec -> spec.withId("import-summary")).getText()).contains("新增 1 个");
        assertThat(gpu(code)).isEmpty(); // nothing written before confirm
        _click(_get(Button.class, spec -> spec.withId("import-confirm")));
        GpuModel importedModel = gpu(code).orElseThrow();
        assertThat(importedModel.vramGiB()).isEqualByComparingTo("24");
        assertThat(importedModel.bf16Tflops()).isNull();
        assertThat(importedModel.interconnect()).isEqualTo(Interconnect.PCIE);
        assertThat(importedModel.sample()).isTrue();

        // the same file with other figures changes the model, naming the changed columns
        openGpuImport(GPU_HEADER + code + ",NVIDIA,Ampere,24,600,130,130,PCIE,64,Karibu test,true\n");
        assertThat(_get(UnorderedList.class, spec -> spec.withId("import-changes")).getChildren()
                .map(c -> ((ListItem) c).getText()).toList()).singleElement().asString()
                .contains(code, "fp16_tflops", "bf16_tflops").doesNotContain("vram_gib");
        _click(_get(Button.class, spec -> spec.withId("import-confirm")));
        assertThat(gpu(code).orElseThrow().fp16Tflops()).isEqualByComparingTo("130");
    }

    @Test
    void consultantCannotOpenCatalogAdmin() {
        login("consultant@sanfei.demo");
        UI.getCurrent().navigate("catalog/admin");
        // the router denies access and shows the app's access-denied page instead
        assertThat(UI.getCurrent().getInternals().getActiveRouterTargetsChain())
                .noneMatch(CatalogAdminView.class::isInstance)
                .anyMatch(com.gpuquote.layout.AccessDeniedView.class::isInstance);
    }
}
