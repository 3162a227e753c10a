package com.gpuquote.catalog.api;

import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.GpuModel;
import com.gpuquote.catalog.InstanceStatus;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.catalog.InstanceTypeFilter;
import com.gpuquote.catalog.Provider;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.Validation;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/** Read-only global catalog for every signed-in user (any tenant role, platform admin). */
@RestController
@RequestMapping("/api/v1/catalog")
@Tag(name = "Catalog", description = "Global GPU models and instance types. Memory in GiB (2^30 bytes); "
        + "memory/interconnect bandwidth in GB/s (bytes); network in Gbit/s (bits)")
class CatalogController {

    record InstanceTypeJson(String code, String provider, String family, String gpuModel, int gpuCount,
                            BigDecimal vramPerGpuGiB, BigDecimal totalVramGiB, int vcpu, BigDecimal ramGiB,
                            BigDecimal ramToVramRatio, List<String> regions, String status, String source,
                            boolean sample, BigDecimal localNvmeGiB, BigDecimal networkGbps, boolean rdma,
                            BigDecimal usableVramPerGpuGiB) {
        static InstanceTypeJson of(InstanceType t) {
            return new InstanceTypeJson(t.code(), t.provider().code(), t.family(), t.gpuModel().code(), t.gpuCount(),
                    t.vramPerGpuGiB(), t.totalVramGiB(), t.vcpu(), t.ramGiB(), t.ramToVramRatio(),
                    List.copyOf(t.regions()), t.status().name(), t.source(), t.sample(), t.localNvmeGiB(),
                    t.networkGbps(), t.rdma(), t.usableVramPerGpuGiB());
        }
    }

    record GpuModelJson(String code, String vendor, String architecture, BigDecimal vramGiB,
                        BigDecimal memoryBandwidthGBs, BigDecimal fp16Tflops, BigDecimal bf16Tflops,
                        String interconnect, BigDecimal interconnectGBs, String source, boolean sample,
                        BigDecimal fp8Tflops, BigDecimal int8Tflops, @Nullable BigDecimal driverVramGiB,
                        BigDecimal usableVramGiB) {
        static GpuModelJson of(GpuModel m) {
            return new GpuModelJson(m.code(), m.vendor(), m.architecture(), m.vramGiB(), m.memoryBandwidthGBs(),
                    m.fp16Tflops(), m.bf16Tflops(), m.interconnect().name(), m.interconnectGBs(), m.source(), m.sample(),
                    m.fp8Tflops(), m.int8Tflops(), m.driverVramGiB(), m.usableVramGiB());
        }
    }

    private static final Pattern DECIMAL = Pattern.compile("[0-9]{1,6}(\\.[0-9]{1,2})?");
    private static final Pattern INTEGER = Pattern.compile("[0-9]{1,3}");
    private static final Pattern REGION = Pattern.compile("[a-z]{2}-[a-z0-9]+(-[a-z0-9]+)*");
    private static final Pattern GPU_MODEL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9-]{0,39}");

    private final CatalogService catalog;

    CatalogController(CatalogService catalog) {
        this.catalog = catalog;
    }

    @GetMapping("/instance-types")
    @Operation(summary = "Instance types, ordered by provider, GPU model, GPU count, code; parameters filter (all optional)")
    List<InstanceTypeJson> instanceTypes(
            @Parameter(description = "Provider code, e.g. VOLCENGINE") @RequestParam(required = false) @Nullable String provider,
            @Parameter(description = "Region code, e.g. cn-beijing") @RequestParam(required = false) @Nullable String region,
            @Parameter(description = "GPU model code, e.g. A100-SXM4-80GB") @RequestParam(required = false) @Nullable String gpuModel,
            @Parameter(description = "Minimum VRAM per GPU in GiB") @RequestParam(required = false) @Nullable String minVramGiB,
            @Parameter(description = "Exact GPU count") @RequestParam(required = false) @Nullable String gpuCount,
            @Parameter(description = "ACTIVE or DEPRECATED") @RequestParam(required = false) @Nullable String status) {
        Validation v = new Validation();
        Provider p = null;
        if (present(provider)) {
            p = Provider.fromCode(provider.trim().toUpperCase(Locale.ROOT)).orElse(null);
            v.check(p != null, "provider", "invalid", "Unknown provider '" + provider + "'");
        }
        v.check(!present(region) || REGION.matcher(region.trim()).matches(), "region", "invalid",
                "Region must look like cn-beijing");
        v.check(!present(gpuModel) || GPU_MODEL.matcher(gpuModel.trim()).matches(), "gpuModel", "invalid",
                "GPU model must look like A100-SXM4-80GB");
        BigDecimal minVram = null;
        if (present(minVramGiB)) {
            boolean ok = DECIMAL.matcher(minVramGiB.trim()).matches();
            v.check(ok, "minVramGiB", "invalid", "minVramGiB must be a non-negative number of GiB, e.g. 80");
            minVram = ok ? new BigDecimal(minVramGiB.trim()) : null;
        }
        Integer count = null;
        if (present(gpuCount)) {
            boolean ok = INTEGER.matcher(gpuCount.trim()).matches() && Integer.parseInt(gpuCount.trim()) >= 1;
            v.check(ok, "gpuCount", "invalid", "gpuCount must be a whole number >= 1");
            count = ok ? Integer.valueOf(gpuCount.trim()) : null;
        }
        InstanceStatus s = null;
        if (present(status)) {
            try {
                s = InstanceStatus.valueOf(status.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                v.add("status", "invalid", "status must be ACTIVE or DEPRECATED");
            }
        }
        v.throwIfInvalid();
        InstanceTypeFilter filter = new InstanceTypeFilter(p, region, gpuModel == null ? null
                : gpuModel.trim().toUpperCase(Locale.ROOT), minVram, count, s);
        return catalog.instanceTypes(filter).stream().map(InstanceTypeJson::of).toList();
    }

    @GetMapping("/instance-types/{provider}/{code}")
    @Operation(summary = "One instance type")
    InstanceTypeJson instanceType(@PathVariable String provider, @PathVariable String code) {
        Provider p = Provider.fromCode(provider.toUpperCase(Locale.ROOT))
                .orElseThrow(() -> new NotFoundException("provider", provider));
        return catalog.instanceType(p, code).map(InstanceTypeJson::of)
                .orElseThrow(() -> new NotFoundException("instance type", code));
    }

    @GetMapping("/gpu-models")
    @Operation(summary = "GPU models with VRAM (GiB), memory bandwidth (GB/s), dense tensor TFLOPS, interconnect")
    List<GpuModelJson> gpuModels() {
        return catalog.gpuModels().stream().map(GpuModelJson::of).toList();
    }

    @GetMapping(value = "/instance-types.csv", produces = "text/csv;charset=UTF-8")
    @Operation(summary = "Every instance type as the catalog CSV the platform admin's import takes back (with rdma)")
    org.springframework.http.ResponseEntity<byte[]> instanceTypesCsv() {
        return csv("instance-types.csv", catalog.exportInstanceTypes());
    }

    @GetMapping(value = "/gpu-models.csv", produces = "text/csv;charset=UTF-8")
    @Operation(summary = "Every GPU model as the catalog CSV the platform admin's import takes back (with FP8/INT8)")
    org.springframework.http.ResponseEntity<byte[]> gpuModelsCsv() {
        return csv("gpu-models.csv", catalog.exportGpuModels());
    }

    private static org.springframework.http.ResponseEntity<byte[]> csv(String fileName, byte[] body) {
        return org.springframework.http.ResponseEntity.ok()
                .header("Content-Disposition", "attachment; filename=\"" + fileName + "\"")
                .contentType(org.springframework.http.MediaType.parseMediaType("text/csv;charset=UTF-8")).body(body);
    }

    private static boolean present(String s) {
        return s != null && !s.isBlank();
    }
}
