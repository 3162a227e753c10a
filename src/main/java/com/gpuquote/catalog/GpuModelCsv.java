package com.gpuquote.catalog;

import com.gpuquote.shared.CsvCells;
import com.gpuquote.shared.CsvError;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Reads GPU model CSV files for the platform admin, in the same style as {@link InstanceTypeCsv} (header row
 * required, names trimmed and case-insensitive, extra columns ignored, UTF-8 with or without BOM or GB18030, every
 * error with row and column, rows only usable when there is none):
 * {@code code,vendor,architecture,vram_gib,memory_bandwidth_gbs,fp16_tflops,bf16_tflops,interconnect,interconnect_gbs,source,sample}
 * and the optional {@code fp8_tflops,int8_tflops} (a file without them stays valid: unknown = unsupported) and
 * {@code driver_vram_gib} (the memory the driver reports, at most {@code vram_gib}; blank = nominal).
 * Units as in ADR 0101 (VRAM GiB, bandwidths GB/s, dense TFLOPS); {@code bf16_tflops}, {@code fp8_tflops},
 * {@code int8_tflops} blank = no support for that format;
 * {@code interconnect} PCIE, NVLINK, INFINITY_FABRIC or OTHER; {@code sample} true/false.
 */
public final class GpuModelCsv {

    public static final String CODE = "code";
    public static final String VENDOR = "vendor";
    public static final String ARCHITECTURE = "architecture";
    public static final String VRAM_GIB = "vram_gib";
    public static final String MEMORY_BANDWIDTH_GBS = "memory_bandwidth_gbs";
    public static final String FP16_TFLOPS = "fp16_tflops";
    public static final String BF16_TFLOPS = "bf16_tflops";
    public static final String FP8_TFLOPS = "fp8_tflops";
    public static final String INT8_TFLOPS = "int8_tflops";
    public static final String INTERCONNECT = "interconnect";
    public static final String INTERCONNECT_GBS = "interconnect_gbs";
    public static final String SOURCE = "source";
    public static final String SAMPLE = "sample";
    public static final String DRIVER_VRAM_GIB = "driver_vram_gib";
    public static final List<String> COLUMNS = List.of(CODE, VENDOR, ARCHITECTURE, VRAM_GIB, MEMORY_BANDWIDTH_GBS,
            FP16_TFLOPS, BF16_TFLOPS, INTERCONNECT, INTERCONNECT_GBS, SOURCE, SAMPLE);
    /** Columns a file may leave out (added after the first format). */
    public static final List<String> OPTIONAL_COLUMNS = List.of(FP8_TFLOPS, INT8_TFLOPS, DRIVER_VRAM_GIB);
    /** Every column, in the order a complete file (or an export) writes them. */
    public static final List<String> ALL_COLUMNS = List.of(CODE, VENDOR, ARCHITECTURE, VRAM_GIB, MEMORY_BANDWIDTH_GBS,
            FP16_TFLOPS, BF16_TFLOPS, FP8_TFLOPS, INT8_TFLOPS, INTERCONNECT, INTERCONNECT_GBS, SOURCE, SAMPLE,
            DRIVER_VRAM_GIB);

    public static final int MAX_BYTES = InstanceTypeCsv.MAX_BYTES;
    public static final int MAX_ROWS = InstanceTypeCsv.MAX_ROWS;

    /** Same pattern as the CHECK constraint of V10 (and {@code CatalogService}'s editor check), at most 40 chars. */
    static final Pattern CODE_PATTERN = Pattern.compile("[A-Z0-9][A-Z0-9-]*[A-Z0-9]");
    private static final BigDecimal MIN = new BigDecimal("0.01");
    private static final BigDecimal MAX_VRAM = new BigDecimal("4096");
    private static final BigDecimal MAX = new BigDecimal("99999999.99");

    /** @param rows valid rows in file order (empty when there is any error) */
    public record Result(List<GpuModel> rows, List<CsvError> errors, int dataRows) {
        public Result {
            rows = List.copyOf(rows);
            errors = List.copyOf(errors);
        }

        public boolean isValid() {
            return errors.isEmpty();
        }
    }

    private GpuModelCsv() {
    }

    /** Writes the models as a file {@link #read} takes back unchanged (UTF-8 with BOM, {@link #ALL_COLUMNS}). */
    public static byte[] write(List<GpuModel> models) {
        StringBuilder out = new StringBuilder("\uFEFF");
        try (org.apache.commons.csv.CSVPrinter p = new org.apache.commons.csv.CSVPrinter(out,
                org.apache.commons.csv.CSVFormat.DEFAULT)) {
            p.printRecord(ALL_COLUMNS);
            for (GpuModel m : models) {
                p.printRecord(CsvCells.escape(m.code()), CsvCells.escape(m.vendor()), CsvCells.escape(m.architecture()),
                        plain(m.vramGiB()), plain(m.memoryBandwidthGBs()), plain(m.fp16Tflops()), plain(m.bf16Tflops()),
                        plain(m.fp8Tflops()), plain(m.int8Tflops()), m.interconnect().name(), plain(m.interconnectGBs()),
                        CsvCells.escape(m.source()), m.sample(), plain(m.driverVramGiB()));
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static String plain(BigDecimal v) {
        return v == null ? "" : v.toPlainString();
    }

    public static Result read(byte[] content) {
        InstanceTypeCsv.Parsed<GpuModel> parsed = InstanceTypeCsv.parse(content, COLUMNS, OPTIONAL_COLUMNS, MAX_BYTES, MAX_ROWS, CODE,
                CatalogCsvErrorCode.DUPLICATE_GPU_MODEL, GpuModel::code, GpuModelCsv::validate);
        return new Result(parsed.rows(), parsed.errors(), parsed.dataRows());
    }

    /** Checks one row and adds every error; returns the GPU model when the row is fine, else null. */
    static @Nullable GpuModel validate(int row, Map<String, String> cells, List<CsvError> errors) {
        InstanceTypeCsv.Row r = new InstanceTypeCsv.Row(row, cells, errors);
        int before = errors.size();
        String code = r.required(CODE);
        if (code != null && (!CODE_PATTERN.matcher(code).matches() || code.length() > 40)) {
            errors.add(CsvError.of(row, CODE, CatalogCsvErrorCode.INVALID_GPU_CODE, code));
        }
        String vendor = r.required(VENDOR);
        String architecture = r.required(ARCHITECTURE);
        BigDecimal vram = r.decimal(VRAM_GIB, false, MIN, MAX_VRAM);
        BigDecimal bandwidth = r.decimal(MEMORY_BANDWIDTH_GBS, false, MIN, MAX);
        BigDecimal fp16 = r.decimal(FP16_TFLOPS, false, MIN, MAX);
        String bf16Cell = cells.get(BF16_TFLOPS);
        BigDecimal bf16 = bf16Cell == null || bf16Cell.isBlank() ? null : r.decimal(BF16_TFLOPS, false, MIN, MAX);
        BigDecimal fp8 = r.optionalDecimal(FP8_TFLOPS, MIN, MAX);
        BigDecimal int8 = r.optionalDecimal(INT8_TFLOPS, MIN, MAX);
        Interconnect interconnect = null;
        String link = r.required(INTERCONNECT);
        if (link != null) {
            try {
                interconnect = Interconnect.valueOf(link.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                errors.add(CsvError.of(row, INTERCONNECT, CatalogCsvErrorCode.INVALID_INTERCONNECT, link));
            }
        }
        BigDecimal linkGBs = r.decimal(INTERCONNECT_GBS, false, MIN, MAX);
        String source = r.required(SOURCE);
        Boolean sample = r.bool(SAMPLE);
        BigDecimal driverVram = r.optionalDecimal(DRIVER_VRAM_GIB, MIN, MAX_VRAM);
        if (driverVram != null && vram != null && driverVram.compareTo(vram) > 0) {
            errors.add(CsvError.of(row, DRIVER_VRAM_GIB, CatalogCsvErrorCode.DRIVER_VRAM_ABOVE_NOMINAL,
                    driverVram.toPlainString()));
        }
        if (errors.size() > before || !cells.keySet().containsAll(COLUMNS)) {
            return null;
        }
        return new GpuModel(code, vendor, architecture, vram, bandwidth, fp16, bf16, fp8, int8, interconnect, linkGBs,
                source, sample, driverVram);
    }
}
