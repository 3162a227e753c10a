package com.gpuquote.catalog;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class InstanceTypeTest {

    static GpuModel gpu(String code, String vramGiB) {
        return new GpuModel(code, "NVIDIA", "Ampere", new BigDecimal(vramGiB), new BigDecimal("2039"),
                new BigDecimal("312"), new BigDecimal("312"), Interconnect.NVLINK, new BigDecimal("400"),
                "NVIDIA datasheet", false);
    }

    static InstanceType type(String family, String code, GpuModel gpu, int gpus, String ramGiB, Set<String> regions) {
        return new InstanceType(null, Provider.VOLCENGINE, family, code, gpu, gpus, 16, new BigDecimal(ramGiB),
                null, new BigDecimal("25"), regions, InstanceStatus.ACTIVE, "test", true);
    }

    @Test
    void totalVramIsPerGpuTimesCount() {
        InstanceType t = type("ecs.pni2l", "ecs.pni2l.28xlarge", gpu("A800-SXM4-80GB", "80"), 8, "1024", Set.of());

        assertThat(t.vramPerGpuGiB()).isEqualByComparingTo("80");
        assertThat(t.totalVramGiB()).isEqualByComparingTo("640");
    }

    @Test
    void ramToVramRatioBelowOneToTwoIsKeptAsIs() {
        InstanceType t = type("ecs.pni2l", "ecs.pni2l.28xlarge", gpu("A800-SXM4-80GB", "80"), 8, "1024", Set.of());

        assertThat(t.ramToVramRatio()).isEqualTo(new BigDecimal("1.60"));
    }

    @Test
    void ramToVramRatioRoundsHalfUpToTwoDecimals() {
        GpuModel a10 = gpu("A10-PCIE-24GB", "24");
        // 56 / 24 = 2.3333.. -> 2.33 ; 20 / 24 = 0.8333.. -> 0.83 ; 27 / 24 = 1.125 -> 1.13 (half up)
        assertThat(type("ecs.gni2", "ecs.gni2.3xlarge", a10, 1, "56", Set.of()).ramToVramRatio())
                .isEqualTo(new BigDecimal("2.33"));
        assertThat(type("ecs.gni2", "ecs.gni2.3xlarge", a10, 1, "20", Set.of()).ramToVramRatio())
                .isEqualTo(new BigDecimal("0.83"));
        assertThat(type("ecs.gni2", "ecs.gni2.3xlarge", a10, 1, "27", Set.of()).ramToVramRatio())
                .isEqualTo(new BigDecimal("1.13"));
    }

    @Test
    void codeMustBeFamilyDotSize() {
        GpuModel a10 = gpu("A10-PCIE-24GB", "24");
        assertThatThrownBy(() -> type("ecs.gni2", "ecs.pni2.3xlarge", a10, 1, "56", Set.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("<family>.<size>");
        assertThatThrownBy(() -> type("ecs.gni2", "ecs.gni2.", a10, 1, "56", Set.of()))
                .isInstanceOf(IllegalArgumentException.class);
        // a longer family sharing the prefix is not "in" the shorter one
        assertThatThrownBy(() -> type("ecs.gni2", "ecs.gni2l3xlarge", a10, 1, "56", Set.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void rejectsZeroGpusAndNonPositiveRam() {
        GpuModel a10 = gpu("A10-PCIE-24GB", "24");
        assertThatThrownBy(() -> type("ecs.gni2", "ecs.gni2.3xlarge", a10, 0, "56", Set.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("gpuCount");
        assertThatThrownBy(() -> type("ecs.gni2", "ecs.gni2.3xlarge", a10, 1, "0", Set.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ramGiB");
    }

    @Test
    void regionsAreSortedUnmodifiableAndQueryable() {
        InstanceType t = type("ecs.gni2", "ecs.gni2.3xlarge", gpu("A10-PCIE-24GB", "24"), 1, "56",
                Set.of("cn-shanghai", "cn-beijing"));

        assertThat(t.regions()).containsExactly("cn-beijing", "cn-shanghai");
        assertThat(t.isOfferedIn("cn-beijing")).isTrue();
        assertThat(t.isOfferedIn("cn-guangzhou")).isFalse();
        assertThatThrownBy(() -> t.regions().add("cn-guangzhou")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void missingNvmeMeansNone() {
        InstanceType t = type("ecs.gni2", "ecs.gni2.3xlarge", gpu("A10-PCIE-24GB", "24"), 1, "56", null);

        assertThat(t.localNvmeGiB()).isEqualByComparingTo("0");
        assertThat(t.regions()).isEmpty();
    }

    @Test
    void gpuModelWithoutBf16IsAllowedButVramMustBePositive() {
        GpuModel t4 = new GpuModel("T4-PCIE-16GB", "NVIDIA", "Turing", new BigDecimal("16"), new BigDecimal("320"),
                new BigDecimal("65"), null, Interconnect.PCIE, new BigDecimal("32"), "NVIDIA T4 datasheet", false);
        assertThat(t4.bf16Tflops()).isNull();

        assertThatThrownBy(() -> new GpuModel("X", "NVIDIA", "Turing", BigDecimal.ZERO, BigDecimal.ONE, BigDecimal.ONE,
                null, Interconnect.PCIE, BigDecimal.ONE, "s", true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("vramGiB");
    }
}
