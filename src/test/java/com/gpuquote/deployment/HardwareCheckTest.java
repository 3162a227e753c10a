package com.gpuquote.deployment;

import com.gpuquote.CalendarTest;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 42: the GPU names, counts and memory totals a file shows, and how a name is matched to the catalog's model. */
@CalendarTest
class HardwareCheckTest {

    @Test
    void namesAreMatchedNormalised() {
        assertThat(HardwareCheck.sameModel("NVIDIA A100-SXM4-40GB", "A100-SXM4-40GB")).isTrue();
        assertThat(HardwareCheck.sameModel("NVIDIA A100-SXM4-40GB", "A100-40GB")).isTrue();
        assertThat(HardwareCheck.sameModel("NVIDIA A100 80GB PCIe", "A100-SXM4-80GB")).isTrue();
        assertThat(HardwareCheck.sameModel("NVIDIA A10", "A10-PCIE-24GB")).isTrue();
        assertThat(HardwareCheck.sameModel("Tesla T4", "T4-PCIE-16GB")).isTrue();
        assertThat(HardwareCheck.sameModel("NVIDIA GeForce RTX 4090", "RTX4090-PCIE-24GB")).isTrue();
        assertThat(HardwareCheck.sameModel("NVIDIA H20", "H20-SXM5-96GB")).isTrue();
        assertThat(HardwareCheck.sameModel("nvidia h800", "H800-SXM5-80GB")).isTrue();
        // an A10 is not an A100, an H200 not an H20, an L40S not an L40
        assertThat(HardwareCheck.sameModel("NVIDIA A100-SXM4-40GB", "A10-PCIE-24GB")).isFalse();
        assertThat(HardwareCheck.sameModel("NVIDIA A10", "A100-SXM4-40GB")).isFalse();
        assertThat(HardwareCheck.sameModel("NVIDIA H200", "H20-SXM5-96GB")).isFalse();
        assertThat(HardwareCheck.sameModel("NVIDIA L20", "L40S-PCIE-48GB")).isFalse();
        assertThat(HardwareCheck.sameModel("NVIDIA GPU", "A10-PCIE-24GB")).isFalse();
    }

    @Test
    void theHardwareOfAFile() {
        UtilizationParser parser = new UtilizationParser(ZoneId.of("Asia/Shanghai"), Instant.parse("2026-11-21T00:00:00Z"), 1000);
        UtilizationSamples.FileHardware smi = parser.parse(UtilizationParserTest.file("nvidia-smi-a10x2.csv")).hardware();
        assertThat(smi.names()).containsExactly("NVIDIA A10");
        assertThat(smi.gpus()).isEqualTo(2);
        assertThat(smi.memoryTotalsMib()).containsExactly(23028);

        // DCGM: the modelName label, and used + free as the memory total
        UtilizationSamples.FileHardware dcgm = parser.parse(UtilizationParserTest.file("dcgm-timestamped.prom")).hardware();
        assertThat(dcgm.names()).containsExactly("NVIDIA A100-SXM4-80GB");
        assertThat(dcgm.gpus()).isEqualTo(2);

        // without the name column: no name to compare; a host memory file: no GPUs at all
        UtilizationSamples.FileHardware unnamed = parser.parse(("timestamp, index, memory.used [MiB], memory.total [MiB]\n"
                + "2026/11/20 10:00:00.000, 0, 1000 MiB, 23028 MiB\n").getBytes(StandardCharsets.UTF_8)).hardware();
        assertThat(unnamed.names()).isEmpty();
        assertThat(unnamed.gpus()).isEqualTo(1);
        UtilizationSamples.FileHardware host = parser.parse(UtilizationParserTest.file("host-meminfo.csv")).hardware();
        assertThat(host.gpus()).isZero();
        assertThat(host.memoryTotalsMib()).isEmpty();
    }
}
