package com.gpuquote.pricing;

import com.gpuquote.catalog.CatalogLookup;
import com.gpuquote.catalog.Provider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The in-memory part of a 10,000-row price list import: decode, parse, validate every cell against the catalog
 * (what the preview does), and diff against the previous version. The whole import including the database work is
 * timed by PriceListDatabaseImportBench.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
public class PriceListImportBench {

    static final int TYPES = 1_250;
    static final String[] REGIONS = {"cn-beijing", "cn-shanghai"};
    static final String[] MODES = {"HOURLY", "MONTHLY", "YEARLY", "SPOT"};

    byte[] file;
    CatalogLookup catalog;
    List<PriceRow> previous;

    @Setup
    public void setUp() {
        Map<String, Set<String>> regionsByType = new HashMap<>();
        StringBuilder b = new StringBuilder(String.join(",", PriceListCsv.COLUMNS)).append('\n');
        for (int i = 1; i <= TYPES; i++) {
            regionsByType.put("ecs.bench.s" + i, Set.of(REGIONS));
            for (String region : REGIONS) {
                for (String mode : MODES) {
                    b.append("VOLCENGINE,").append(region).append(",ecs.bench.s").append(i).append(',').append(mode)
                            .append(',').append(10 + i % 97).append(".1234,").append(9 + i % 97).append(".5,CNY\n");
                }
            }
        }
        file = b.toString().getBytes(StandardCharsets.UTF_8);
        catalog = CatalogLookup.of(Map.of(Provider.VOLCENGINE, regionsByType));
        CsvReadResult read = PriceListCsv.read(file, null, catalog, Provider.VOLCENGINE);
        if (!read.isValid() || read.rows().size() != 10_000) {
            throw new IllegalStateException("benchmark file invalid: " + read.errors());
        }
        // the previous version: every tenth row 25 % cheaper, so the diff has real changes to flag
        previous = new java.util.ArrayList<>();
        for (int i = 0; i < read.rows().size(); i++) {
            PriceRow r = read.rows().get(i);
            previous.add(i % 10 == 0 ? new PriceRow(r.provider(), r.region(), r.instanceType(), r.billingMode(),
                    r.listPrice().multiply(new java.math.BigDecimal("0.75")).setScale(4, java.math.RoundingMode.HALF_UP),
                    r.costPrice(), r.currency()) : r);
        }
    }

    @Benchmark
    public CsvReadResult parseAndValidate10kRows() {
        return PriceListCsv.read(file, null, catalog, Provider.VOLCENGINE);
    }

    @Benchmark
    public PriceListDiff previewDiff10kRows() {
        CsvReadResult read = PriceListCsv.read(file, null, catalog, Provider.VOLCENGINE);
        return PriceListDiff.between(previous, read.rows());
    }
}
