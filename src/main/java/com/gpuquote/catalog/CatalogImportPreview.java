package com.gpuquote.catalog;

import com.gpuquote.shared.CsvError;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What an instance type CSV import would do (or did): types added, types changed (with the changed CSV columns),
 * rows equal to the catalog. Types missing from the file are left as they are (import never deletes; deprecate
 * them with status DEPRECATED). With any error nothing is written.
 */
public record CatalogImportPreview(List<InstanceType> added, List<Change> changed, int unchanged,
                                   List<CsvError> errors) {

    public record Change(InstanceType before, InstanceType after, List<String> columns) {
    }

    public CatalogImportPreview {
        added = List.copyOf(added);
        changed = List.copyOf(changed);
        errors = List.copyOf(errors);
    }

    public boolean isValid() {
        return errors.isEmpty();
    }

    /** CSV columns whose value differs between the stored type and the row. */
    public static List<String> changedColumns(InstanceType before, InstanceType after) {
        List<String> columns = new ArrayList<>();
        diff(columns, InstanceTypeCsv.FAMILY, before.family(), after.family());
        diff(columns, InstanceTypeCsv.GPU_MODEL, before.gpuModel().code(), after.gpuModel().code());
        diff(columns, InstanceTypeCsv.GPU_COUNT, before.gpuCount(), after.gpuCount());
        diff(columns, InstanceTypeCsv.VCPU, before.vcpu(), after.vcpu());
        number(columns, InstanceTypeCsv.RAM_GIB, before.ramGiB(), after.ramGiB());
        number(columns, InstanceTypeCsv.LOCAL_NVME_GIB, before.localNvmeGiB(), after.localNvmeGiB());
        number(columns, InstanceTypeCsv.NETWORK_GBPS, before.networkGbps(), after.networkGbps());
        diff(columns, InstanceTypeCsv.RDMA, before.rdma(), after.rdma());
        diff(columns, InstanceTypeCsv.REGIONS, before.regions(), after.regions());
        diff(columns, InstanceTypeCsv.STATUS, before.status(), after.status());
        diff(columns, InstanceTypeCsv.SOURCE, before.source(), after.source());
        diff(columns, InstanceTypeCsv.SAMPLE, before.sample(), after.sample());
        return columns;
    }

    private static void diff(List<String> columns, String column, Object a, Object b) {
        if (!Objects.equals(a, b)) {
            columns.add(column);
        }
    }

    private static void number(List<String> columns, String column, BigDecimal a, BigDecimal b) {
        if (a.compareTo(b) != 0) {
            columns.add(column);
        }
    }
}
