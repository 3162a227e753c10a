package com.gpuquote.catalog;

import com.gpuquote.shared.CsvError;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a GPU model CSV import would do (or did): models added, models changed (with the changed CSV columns), rows
 * equal to the catalog. Models missing from the file are left as they are (import never deletes). With any error
 * nothing is written.
 */
public record GpuModelImportPreview(List<GpuModel> added, List<Change> changed, int unchanged,
                                    List<CsvError> errors) {

    public record Change(GpuModel before, GpuModel after, List<String> columns) {
    }

    public GpuModelImportPreview {
        added = List.copyOf(added);
        changed = List.copyOf(changed);
        errors = List.copyOf(errors);
    }

    public boolean isValid() {
        return errors.isEmpty();
    }

    /** CSV columns whose value differs between the stored model and the row. */
    public static List<String> changedColumns(GpuModel before, GpuModel after) {
        List<String> columns = new ArrayList<>();
        diff(columns, GpuModelCsv.VENDOR, before.vendor(), after.vendor());
        diff(columns, GpuModelCsv.ARCHITECTURE, before.architecture(), after.architecture());
        number(columns, GpuModelCsv.VRAM_GIB, before.vramGiB(), after.vramGiB());
        number(columns, GpuModelCsv.MEMORY_BANDWIDTH_GBS, before.memoryBandwidthGBs(), after.memoryBandwidthGBs());
        number(columns, GpuModelCsv.FP16_TFLOPS, before.fp16Tflops(), after.fp16Tflops());
        number(columns, GpuModelCsv.BF16_TFLOPS, before.bf16Tflops(), after.bf16Tflops());
        number(columns, GpuModelCsv.FP8_TFLOPS, before.fp8Tflops(), after.fp8Tflops());
        number(columns, GpuModelCsv.INT8_TFLOPS, before.int8Tflops(), after.int8Tflops());
        diff(columns, GpuModelCsv.INTERCONNECT, before.interconnect(), after.interconnect());
        number(columns, GpuModelCsv.INTERCONNECT_GBS, before.interconnectGBs(), after.interconnectGBs());
        diff(columns, GpuModelCsv.SOURCE, before.source(), after.source());
        diff(columns, GpuModelCsv.SAMPLE, before.sample(), after.sample());
        number(columns, GpuModelCsv.DRIVER_VRAM_GIB, before.driverVramGiB(), after.driverVramGiB());
        return columns;
    }

    private static void diff(List<String> columns, String column, Object a, Object b) {
        if (!Objects.equals(a, b)) {
            columns.add(column);
        }
    }

    private static void number(List<String> columns, String column, BigDecimal a, BigDecimal b) {
        if (a == null || b == null ? a != b : a.compareTo(b) != 0) {
            columns.add(column);
        }
    }
}
