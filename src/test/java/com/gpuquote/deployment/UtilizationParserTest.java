package com.gpuquote.deployment;

import com.gpuquote.CalendarTest;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.groups.Tuple.tuple;

/**
 * The parsers against real-format samples in src/test/resources/utilization (how each was produced is noted in the
 * test). Expected values are read off the files by hand; nvidia-smi times are China time (UTC+8).
 */
@CalendarTest
class UtilizationParserTest {

    static final ZoneId CHINA = ZoneId.of("Asia/Shanghai");
    static final Instant IMPORTED_AT = Instant.parse("2026-11-21T00:00:00Z");

    static byte[] file(String name) {
        try (InputStream in = UtilizationParserTest.class.getResourceAsStream("/utilization/" + name)) {
            return in.readAllBytes();
        } catch (IOException | NullPointerException e) {
            throw new AssertionError("missing test file " + name, e);
        }
    }

    static UtilizationSamples parse(byte[] content) {
        return new UtilizationParser(CHINA, IMPORTED_AT, 1000).parse(content);
    }

    static UtilizationSamples parse(String content) {
        return parse(content.getBytes(StandardCharsets.UTF_8));
    }

    /** The six samples of nvidia-smi-a10x2.csv, whichever way the file was written. */
    static void assertA10Samples(UtilizationSamples s, boolean lastUtilKnown) {
        assertThat(s.format()).isEqualTo(UtilizationFormat.NVIDIA_SMI);
        assertThat(s.gpuCount()).isEqualTo(6);
        assertThat(s.distinctGpus()).isEqualTo(2);
        assertThat(Instant.ofEpochMilli(s.gpuAt(0))).isEqualTo(Instant.parse("2026-11-20T02:00:00.125Z"));
        assertThat(s.gpu(0)).isEqualTo(0);
        assertThat(s.usedMib(0)).isEqualTo(21500);
        assertThat(s.totalMib(0)).isEqualTo(23028);
        assertThat(s.utilPct(0)).isEqualTo(97f);
        assertThat(s.gpu(5)).isEqualTo(1);
        assertThat(s.usedMib(5)).isEqualTo(20480);
        assertThat(Float.isNaN(s.utilPct(5))).isEqualTo(!lastUtilKnown);
        assertThat(Float.isNaN(s.smPct(0))).isTrue();
        assertThat(s.from()).isEqualTo(Instant.parse("2026-11-20T02:00:00.125Z"));
        assertThat(s.to()).isEqualTo(Instant.parse("2026-11-20T02:00:10.136Z"));
    }

    @Test
    void nvidiaSmiWithHeaderAndUnits() {
        assertA10Samples(parse(file("nvidia-smi-a10x2.csv")), true);
    }

    @Test
    void aSpooledUploadReadsAsTheBytesDoAndIsDeletedOnClose() throws IOException {
        byte[] content = file("nvidia-smi-zh-powershell.csv"); // UTF-16 with BOM: the encoding check reads it twice
        java.util.Set<java.nio.file.Path> before = tempUploads();
        java.util.Set<java.nio.file.Path> spooled;
        try (UtilizationUpload upload = UtilizationUpload.spool(new java.io.ByteArrayInputStream(content))) {
            assertThat(upload.size()).isEqualTo(content.length);
            UtilizationSamples fromFile = new UtilizationParser(CHINA, IMPORTED_AT, 1000).parse(upload);
            UtilizationSamples fromBytes = parse(content);
            assertThat(fromFile.gpuCount()).isEqualTo(fromBytes.gpuCount()).isEqualTo(6);
            assertThat(fromFile.from()).isEqualTo(fromBytes.from());
            assertThat(fromFile.to()).isEqualTo(fromBytes.to());
            spooled = new java.util.HashSet<>(tempUploads());
            spooled.removeAll(before);
            assertThat(spooled).hasSize(1);
        }
        assertThat(spooled.iterator().next()).doesNotExist();
    }

    @Test
    void anUploadOverTheLimitStopsReadingAndKeepsNoFile() throws IOException {
        long limit = 200_000;
        java.util.Set<java.nio.file.Path> before = tempUploads();
        // an endless stream: reading must stop at the limit and one chunk, not at the end of the stream
        long[] read = {0};
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                read[0]++;
                return 'x';
            }

            @Override
            public int read(byte[] b, int off, int len) {
                java.util.Arrays.fill(b, off, off + len, (byte) 'x');
                read[0] += len;
                return len;
            }
        };
        assertThatThrownBy(() -> UtilizationUpload.spool(endless, limit))
                .isInstanceOfSatisfying(UtilizationUpload.TooLarge.class, e -> assertThat(e.limit()).isEqualTo(limit));
        assertThat(read[0]).isGreaterThan(limit).isLessThanOrEqualTo(limit + UtilizationUpload.CHUNK);
        assertThat(tempUploads()).isEqualTo(before);

        // exactly the limit is accepted
        try (UtilizationUpload atLimit = UtilizationUpload.spool(
                new java.io.ByteArrayInputStream(new byte[(int) limit]), limit)) {
            assertThat(atLimit.size()).isEqualTo(limit);
        }
        assertThat(new UtilizationUpload.TooLarge(UtilizationUpload.MAX_BYTES).getMessage())
                .isEqualTo("The file is larger than 100 MiB; split it");
    }

    /** The spooled uploads in the temporary directory now. */
    static java.util.Set<java.nio.file.Path> tempUploads() throws IOException {
        try (var files = java.nio.file.Files.list(java.nio.file.Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.filter(f -> f.getFileName().toString().startsWith("gpuquote-utilization-"))
                    .collect(java.util.stream.Collectors.toSet());
        }
    }

    @Test
    void nvidiaSmiNoHeaderNoUnitsCrlf() {
        assertA10Samples(parse(file("nvidia-smi-noheader-nounits-crlf.csv")), true);
    }

    @Test
    void nvidiaSmiFromChinesePowerShellUtf16WithNotAvailable() {
        UtilizationSamples s = parse(file("nvidia-smi-zh-powershell.csv"));
        assertA10Samples(s, false);
    }

    @Test
    void nvidiaSmiResavedByChineseExcelInGb18030() {
        UtilizationSamples s = parse(file("nvidia-smi-zh-excel.csv"));
        assertThat(s.format()).isEqualTo(UtilizationFormat.NVIDIA_SMI);
        assertThat(s.gpuCount()).isEqualTo(4);
        assertThat(s.from()).isEqualTo(Instant.parse("2026-11-20T02:00:00Z"));
        assertThat(s.to()).isEqualTo(Instant.parse("2026-11-20T02:01:00Z"));
        assertThat(s.usedMib(2)).isEqualTo(22014);
        assertThat(s.utilPct(2)).isEqualTo(100f);
    }

    @Test
    void chineseDateTimeVariants() {
        UtilizationParser p = new UtilizationParser(CHINA, IMPORTED_AT, 10);
        long expected = Instant.parse("2026-11-20T07:15:30Z").toEpochMilli();
        assertThat(p.timestamp("2026/11/20 下午 3:15:30")).isEqualTo(expected);
        assertThat(p.timestamp("2026/11/20 3:15:30 PM")).isEqualTo(expected);
        assertThat(p.timestamp("2026年11月20日 15:15:30")).isEqualTo(expected);
        assertThat(p.timestamp("2026/11/20 星期五 15：15：30")).isEqualTo(expected);
        assertThat(p.timestamp("2026-11-20T07:15:30Z")).isEqualTo(expected);
        assertThat(p.timestamp("2026-11-20 15:15:30+0800")).isEqualTo(expected);
        assertThat(p.timestamp("2026/11/20 上午 12:15:30")).isEqualTo(Instant.parse("2026-11-19T16:15:30Z").toEpochMilli());
        assertThat(p.timestamp("1795158930")).isEqualTo(expected);
        assertThat(p.timestamp("2026/13/20 10:00:00")).isNull();
        assertThat(p.timestamp("yesterday")).isNull();
    }

    @Test
    void fullWidthCommasOfAChineseInputMethod() {
        UtilizationSamples s = parse("timestamp， index， name， memory.used [MiB]， memory.total [MiB]， utilization.gpu [%]\n"
                + "2026/11/20 10:00:00.000， 0， NVIDIA A10， 1000 MiB， 23028 MiB， 5 %\n");
        assertThat(s.gpuCount()).isEqualTo(1);
        assertThat(s.usedMib(0)).isEqualTo(1000);
    }

    @Test
    void hostMeminfo() {
        UtilizationSamples s = parse(file("host-meminfo.csv"));
        assertThat(s.format()).isEqualTo(UtilizationFormat.HOST_MEMINFO);
        assertThat(s.hostCount()).isEqualTo(4);
        assertThat(s.gpuCount()).isZero();
        assertThat(Instant.ofEpochMilli(s.hostAt(0))).isEqualTo(Instant.parse("2026-11-20T02:00:00Z"));
        assertThat(s.memTotalKib(0)).isEqualTo(96_468_992L);
        assertThat(s.memAvailableKib(3)).isEqualTo(28_311_552L);
        assertThat(s.to()).isEqualTo(Instant.parse("2026-11-20T02:03:00Z"));
    }

    @Test
    void hostMeminfoWithoutHeader() {
        UtilizationSamples s = parse("2026-11-20T10:00:00+08:00,96468992,31457280\n");
        assertThat(s.format()).isEqualTo(UtilizationFormat.HOST_MEMINFO);
        assertThat(s.memAvailableKib(0)).isEqualTo(31_457_280L);
    }

    /** Values of the first instant in both DCGM files (GPU 0: 1024 MiB used + 80127 free, SM 0.008 → 0.8 %). */
    static void assertDcgm(UtilizationSamples s) {
        assertThat(s.format()).isEqualTo(UtilizationFormat.DCGM);
        assertThat(s.gpuCount()).isEqualTo(4);
        assertThat(s.distinctGpus()).isEqualTo(2);
        assertThat(s.from()).isEqualTo(Instant.parse("2026-11-20T02:00:00Z"));
        assertThat(s.to()).isEqualTo(Instant.parse("2026-11-20T02:00:30Z"));
        int gpu0 = s.gpu(0) == 0 ? 0 : 1;
        assertThat(s.usedMib(gpu0)).isEqualTo(1024);
        assertThat(s.totalMib(gpu0)).isEqualTo(81151);
        assertThat(s.utilPct(gpu0)).isEqualTo(3f);
        assertThat((double) s.smPct(gpu0)).isCloseTo(0.8, within(1e-4));
        assertThat((double) s.grPct(gpu0)).isCloseTo(1.1, within(1e-4));
        assertThat((double) s.dramPct(gpu0)).isCloseTo(0.2, within(1e-4));
    }

    @Test
    void dcgmWithExpositionTimestamps() {
        assertDcgm(parse(file("dcgm-timestamped.prom")));
    }

    @Test
    void dcgmScrapesTimedByCommentLines() {
        assertDcgm(parse(file("dcgm-scrapes.prom")));
    }

    @Test
    void dcgmSingleScrapeWithoutTimeIsTakenAtImport() {
        UtilizationSamples s = parse("""
                DCGM_FI_DEV_FB_USED{gpu="0",modelName="NVIDIA L20"} 30000
                DCGM_FI_DEV_FB_FREE{gpu="0",modelName="NVIDIA L20"} 16068
                DCGM_FI_DEV_GPU_UTIL{gpu="0",modelName="NVIDIA L20"} 55
                """);
        assertThat(s.gpuCount()).isEqualTo(1);
        assertThat(s.from()).isEqualTo(IMPORTED_AT);
        assertThat(s.totalMib(0)).isEqualTo(46068);
        assertThat(Float.isNaN(s.smPct(0))).isTrue();
    }

    /** dcgm-exporter labels every series with its Hostname: GPU 0 of two nodes in one scrape are two samples. */
    @Test
    void dcgmHostnameLabelsKeepTheNodesApart() {
        UtilizationSamples s = parse("""
                DCGM_FI_DEV_FB_USED{gpu="0",modelName="NVIDIA H20",Hostname="node-1"} 30000 1763604000000
                DCGM_FI_DEV_FB_FREE{gpu="0",modelName="NVIDIA H20",Hostname="node-1"} 67000 1763604000000
                DCGM_FI_DEV_FB_USED{gpu="0",modelName="NVIDIA H20",Hostname="node-2"} 90000 1763604000000
                DCGM_FI_DEV_FB_FREE{gpu="0",modelName="NVIDIA H20",Hostname="node-2"} 7000 1763604000000
                """);
        assertThat(s.gpuCount()).isEqualTo(2);
        assertThat(s.distinctGpus()).isEqualTo(2);
        assertThat(List.of(s.gpuNode(0), s.gpuNode(1))).containsExactlyInAnyOrder("node-1", "node-2");
        int second = s.gpuNode(0).equals("node-2") ? 0 : 1;
        assertThat(s.usedMib(second)).isEqualTo(90000);
    }

    /** A Hostname label follows the upload's host rule: no spaces, at most 253 characters. */
    @Test
    void aHostnameWithASpaceIsRefusedWithItsLine() {
        assertThatThrownBy(() -> parse("""
                DCGM_FI_DEV_FB_USED{gpu="0",Hostname="node 1"} 30000 1763604000000
                DCGM_FI_DEV_FB_FREE{gpu="0",Hostname="node 1"} 67000 1763604000000
                """)).isInstanceOf(UtilizationImportException.class)
                .satisfies(e -> assertThat(((UtilizationImportException) e).errors().get(0).line()).isEqualTo(1));
    }

    /** A file without node names takes the node the upload names. */
    @Test
    void theUploadsNodeNamesSamplesWithoutOne() {
        UtilizationSamples s = new UtilizationParser(CHINA, IMPORTED_AT, 1000, "gpu-node-7").parse("""
                timestamp, index, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%]
                2026/11/20 10:00:00.000, 0, NVIDIA A10, 1000 MiB, 23028 MiB, 5 %
                2026/11/20 10:00:00.000, 1, NVIDIA A10, 1000 MiB, 23028 MiB, 5 %
                """.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(s.gpuNode(0)).isEqualTo("gpu-node-7");
        assertThat(s.gpuNode(1)).isEqualTo("gpu-node-7");
        assertThat(s.distinctGpus()).isEqualTo(2);
    }

    @Test
    void everyErrorWithItsLine() {
        String csv = """
                timestamp, index, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%]
                2026/11/20 10:00:00.000, 0, NVIDIA A10, 1000 MiB, 23028 MiB, 5 %
                not a time, 0, NVIDIA A10, 1000 MiB, 23028 MiB, 5 %
                2026/11/20 10:00:05.000, x, NVIDIA A10, 1000 MiB, 23028 MiB, 5 %
                2026/11/20 10:00:10.000, 0, NVIDIA A10, 30000 MiB, 23028 MiB, 5 %
                2026/11/20 10:00:15.000, 0, NVIDIA A10, 1000 MiB, 23028 MiB, 150 %
                2026/11/20 10:00:20.000, 0
                """;
        assertThatThrownBy(() -> parse(csv)).isInstanceOfSatisfying(UtilizationImportException.class, e -> {
            assertThat(e.errors()).extracting(LineError::line).containsExactly(3, 4, 5, 6, 7);
            assertThat(e.errors()).extracting(LineError::code)
                    .containsExactly("timestamp", "integer", "usedAboveTotal", "percent", "columns");
            assertThat(e.errors().get(0).message()).contains("not a time");
            assertThat(e.errors().get(2).message()).isEqualTo("memory.used 30000 MiB is more than memory.total 23028 MiB.");
        });
    }

    @Test
    void unknownFormatAndEmptyFile() {
        assertThatThrownBy(() -> parse("hello,world\n1,2\n")).isInstanceOfSatisfying(UtilizationImportException.class,
                e -> assertThat(e.errors()).extracting(LineError::line, LineError::code)
                        .containsExactly(tuple(1, "unknownFormat")));
        assertThatThrownBy(() -> parse("\n\n")).isInstanceOfSatisfying(UtilizationImportException.class,
                e -> assertThat(e.errors().get(0).code()).isEqualTo("empty"));
    }

    @Test
    void sampleLimit() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            b.append("2026/11/20 10:00:").append(String.format("%02d", i)).append(".000, 0, A10, 1, 2, 3\n");
        }
        assertThatThrownBy(() -> new UtilizationParser(CHINA, IMPORTED_AT, 10).parse(b.toString().getBytes()))
                .isInstanceOfSatisfying(UtilizationImportException.class, e -> {
                    assertThat(e.errors()).hasSize(1);
                    assertThat(e.errors().get(0).line()).isEqualTo(11);
                    assertThat(e.errors().get(0).code()).isEqualTo("tooManySamples");
                });
    }

    @Test
    void dcgmProfilingRatioOutOfRange() {
        assertThatThrownBy(() -> parse("""
                DCGM_FI_DEV_FB_USED{gpu="0"} 1 1795140000000
                DCGM_FI_DEV_FB_FREE{gpu="0"} 1 1795140000000
                DCGM_FI_PROF_SM_ACTIVE{gpu="0"} 45 1795140000000
                """)).isInstanceOfSatisfying(UtilizationImportException.class,
                e -> assertThat(e.errors().get(0).code()).isEqualTo("ratioRange"));
    }

    @Test
    void samplesOutsideTheAcceptedTimeSpanAreRefusedWithTheirLine() {
        // import at 2026-11-21T00:00Z: 10 years back is 2016-11-21T00:00Z, a day ahead 2026-11-22T00:00Z
        assertThatThrownBy(() -> parse("""
                timestamp, index, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%]
                2026/11/20 10:00:00.000, 0, NVIDIA A10, 1000 MiB, 23028 MiB, 5 %
                0000/01/01 00:00:00.000, 0, NVIDIA A10, 1000 MiB, 23028 MiB, 5 %
                1970/01/01 08:00:00.000, 0, NVIDIA A10, 1000 MiB, 23028 MiB, 5 %
                2016/11/21 07:59:59.000, 0, NVIDIA A10, 1000 MiB, 23028 MiB, 5 %
                2016/11/21 08:00:00.000, 0, NVIDIA A10, 1000 MiB, 23028 MiB, 5 %
                2026/11/22 08:00:01.000, 0, NVIDIA A10, 1000 MiB, 23028 MiB, 5 %
                """)).isInstanceOfSatisfying(UtilizationImportException.class, e -> {
            assertThat(e.errors()).extracting(LineError::line, LineError::code).containsExactly(
                    tuple(3, "tooOld"), tuple(4, "tooOld"),
                    tuple(5, "tooOld"), tuple(7, "future"));
            assertThat(e.errors().get(0).message()).isEqualTo("The sample time 0000/01/01 00:00:00.000 is before "
                    + "2016-11-21T00:00:00Z (samples of the last 10 years are accepted); check the clock of the machine "
                    + "that recorded it.");
        });
    }

    @Test
    void dcgmTimestampsBeyondALongOrTheSpanAreRefusedWithTheirLine() {
        assertThatThrownBy(() -> parse("""
                DCGM_FI_DEV_FB_USED{gpu="0"} 1 99999999999999999999
                DCGM_FI_DEV_FB_FREE{gpu="0"} 1 1795140000000
                DCGM_FI_DEV_FB_USED{gpu="1"} 1 1000
                DCGM_FI_DEV_FB_FREE{gpu="1"} 1 -5
                """)).isInstanceOfSatisfying(UtilizationImportException.class, e -> {
            assertThat(e.errors()).extracting(LineError::line, LineError::code).contains(
                    tuple(1, "timestamp"), tuple(3, "tooOld"),
                    tuple(4, "tooOld"));
            assertThat(e.errors().get(0).message()).contains("\"99999999999999999999\"");
        });
        // a scrape timed by a comment line from an unset clock
        assertThatThrownBy(() -> parse("""
                # 1970-01-01T00:00:00Z
                DCGM_FI_DEV_FB_USED{gpu="0"} 1
                DCGM_FI_DEV_FB_FREE{gpu="0"} 1
                # 2026-11-20T10:00:00+08:00
                DCGM_FI_DEV_FB_USED{gpu="0"} 1
                DCGM_FI_DEV_FB_FREE{gpu="0"} 1
                """)).isInstanceOfSatisfying(UtilizationImportException.class, e -> assertThat(e.errors())
                .extracting(LineError::line, LineError::code).containsExactly(tuple(1, "tooOld")));
    }
}
