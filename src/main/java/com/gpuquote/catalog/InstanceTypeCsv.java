package com.gpuquote.catalog;

import com.gpuquote.shared.CsvCells;
import org.jspecify.annotations.Nullable;
import com.gpuquote.shared.CsvError;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads instance type CSV files (header row required, names trimmed and case-insensitive, extra columns ignored):
 * {@code provider,family,code,gpu_model,gpu_count,vcpu,ram_gib,local_nvme_gib,network_gbps,regions,status,source,sample}.
 * {@code regions} is {@code ;}-separated; {@code local_nvme_gib} blank = 0; {@code status} blank = ACTIVE;
 * {@code sample} is true/false; the optional column {@code rdma} (issue 15) is true/false, blank or absent = false. UTF-8 (with or without BOM) or GB18030, detected as for price lists.
 * Every error of the file is reported with row and column; rows are only usable when there is none.
 * The same row rules check the platform admin's editor form ({@link #validate}).
 */
public final class InstanceTypeCsv {

    public static final String PROVIDER = "provider";
    public static final String FAMILY = "family";
    public static final String CODE = "code";
    public static final String GPU_MODEL = "gpu_model";
    public static final String GPU_COUNT = "gpu_count";
    public static final String VCPU = "vcpu";
    public static final String RAM_GIB = "ram_gib";
    public static final String LOCAL_NVME_GIB = "local_nvme_gib";
    public static final String NETWORK_GBPS = "network_gbps";
    public static final String REGIONS = "regions";
    public static final String STATUS = "status";
    public static final String SOURCE = "source";
    public static final String SAMPLE = "sample";
    public static final String RDMA = "rdma";
    public static final List<String> COLUMNS = List.of(PROVIDER, FAMILY, CODE, GPU_MODEL, GPU_COUNT, VCPU, RAM_GIB,
            LOCAL_NVME_GIB, NETWORK_GBPS, REGIONS, STATUS, SOURCE, SAMPLE);
    /** Columns a file may leave out (added by issue 15): absent = unknown/false. */
    public static final List<String> OPTIONAL_COLUMNS = List.of(RDMA);
    /** Every column, in the order a complete file (or an export) writes them. */
    public static final List<String> ALL_COLUMNS = List.of(PROVIDER, FAMILY, CODE, GPU_MODEL, GPU_COUNT, VCPU, RAM_GIB,
            LOCAL_NVME_GIB, NETWORK_GBPS, RDMA, REGIONS, STATUS, SOURCE, SAMPLE);

    public static final int MAX_BYTES = 2 * 1024 * 1024;
    public static final int MAX_ROWS = 5_000;

    /** Same patterns as the CHECK constraints of V54 (Tencent codes are upper case, Alibaba families have dashes). */
    static final Pattern FAMILY_PATTERN = Pattern.compile("[A-Za-z][A-Za-z0-9]*(\\.[A-Za-z0-9-]+)*");
    static final Pattern CODE_PATTERN = Pattern.compile("[A-Za-z][A-Za-z0-9]*(\\.[A-Za-z0-9-]+)+");
    private static final Pattern DECIMAL = Pattern.compile("[0-9]+(\\.[0-9]+)?");
    private static final Pattern INTEGER = Pattern.compile("[0-9]{1,9}");
    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setIgnoreEmptyLines(false).get();

    /** What validation needs to know: GPU model codes and regions per provider. */
    public record Reference(Map<String, GpuModel> gpuModels, Map<Provider, Set<String>> regions) {
    }

    /** @param rows valid rows in file order (empty when there is any error) */
    public record Result(List<InstanceType> rows, List<CsvError> errors, int dataRows) {
        public Result {
            rows = List.copyOf(rows);
            errors = List.copyOf(errors);
        }

        public boolean isValid() {
            return errors.isEmpty();
        }
    }

    private InstanceTypeCsv() {
    }

    /**
     * Writes the types as a file {@link #read} takes back unchanged (UTF-8 with BOM, every column of
     * {@link #ALL_COLUMNS}, regions {@code ;}-separated, booleans true/false).
     */
    public static byte[] write(List<InstanceType> types) {
        StringBuilder out = new StringBuilder("\uFEFF");
        try (org.apache.commons.csv.CSVPrinter p = new org.apache.commons.csv.CSVPrinter(out, CSVFormat.DEFAULT)) {
            p.printRecord(ALL_COLUMNS);
            for (InstanceType t : types) {
                p.printRecord(CsvCells.escape(t.provider().code()), CsvCells.escape(t.family()),
                        CsvCells.escape(t.code()), CsvCells.escape(t.gpuModel().code()), t.gpuCount(), t.vcpu(),
                        t.ramGiB().toPlainString(), t.localNvmeGiB().toPlainString(), t.networkGbps().toPlainString(),
                        t.rdma(), CsvCells.escape(String.join(";", t.regions())), t.status().name(),
                        CsvCells.escape(t.source()), t.sample());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    public static Result read(byte[] content, Reference reference) {
        Parsed<InstanceType> parsed = parse(content, COLUMNS, OPTIONAL_COLUMNS, MAX_BYTES, MAX_ROWS, CODE, CatalogCsvErrorCode.DUPLICATE_TYPE,
                t -> t.provider().code() + "/" + t.code(), (row, cells, errors) -> validate(row, cells, reference, errors));
        return new Result(parsed.rows(), parsed.errors(), parsed.dataRows());
    }

    /** Validates one data row of a catalog CSV (column name -> trimmed cell); null when it has errors. */
    interface RowValidator<T> {
        T validate(int row, Map<String, String> cells, List<CsvError> errors);
    }

    /** Rows (empty when there is any error), every error, and the number of data rows read. */
    record Parsed<T>(List<T> rows, List<CsvError> errors, int dataRows) {
    }

    /**
     * The reading shared by the catalog CSV files (instance types, GPU models): size limit, UTF-8 (BOM) or GB18030
     * detection, header row (names trimmed, case-insensitive, extra columns ignored, missing and duplicate columns
     * reported), row limit, blank lines skipped, duplicate keys reported against their first row.
     */
    static <T> Parsed<T> parse(byte[] content, List<String> columns, List<String> optional, int maxBytes, int maxRows, String keyColumn,
                               CatalogCsvErrorCode duplicateCode, java.util.function.Function<T, String> key,
                               RowValidator<T> validator) {
        if (content.length > maxBytes) {
            return failed(CsvError.of(0, null, CatalogCsvErrorCode.FILE_TOO_LARGE, String.valueOf(maxBytes / (1024 * 1024))));
        }
        Charset charset = com.gpuquote.shared.CsvCharsets.detect(content);
        String text;
        try {
            text = charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(content)).toString();
        } catch (CharacterCodingException e) {
            return failed(CsvError.of(0, null, CatalogCsvErrorCode.INVALID_ENCODING, charset.name()));
        }
        if (!text.isEmpty() && text.charAt(0) == '\uFEFF') {
            text = text.substring(1);
        }
        List<CsvError> errors = new ArrayList<>();
        List<T> rows = new ArrayList<>();
        Map<String, Integer> firstRow = new HashMap<>();
        int dataRows = 0;
        long last = 0;
        try (CSVParser parser = CSVParser.parse(new StringReader(text), FORMAT)) {
            Map<String, Integer> index = null;
            for (CSVRecord record : parser) {
                last = record.getRecordNumber();
                if (isBlank(record)) {
                    continue;
                }
                if (index == null) {
                    index = header(record, columns, optional, errors);
                    continue;
                }
                if (++dataRows > maxRows) {
                    return failed(CsvError.of(0, null, CatalogCsvErrorCode.TOO_MANY_ROWS, String.valueOf(maxRows)));
                }
                int row = (int) record.getRecordNumber();
                Map<String, String> cells = new LinkedHashMap<>();
                for (var column : index.entrySet()) {
                    int i = column.getValue();
                    cells.put(column.getKey(), i < record.size() ? CsvCells.unescape(record.get(i).trim()) : "");
                }
                int before = errors.size();
                T value = validator.validate(row, cells, errors);
                if (value != null) {
                    Integer first = firstRow.putIfAbsent(key.apply(value), row);
                    if (first != null) {
                        errors.add(CsvError.of(row, keyColumn, duplicateCode, String.valueOf(first)));
                    } else if (errors.size() == before) {
                        rows.add(value);
                    }
                }
            }
            if (index == null) {
                return failed(CsvError.of(1, null, CatalogCsvErrorCode.EMPTY_FILE));
            }
        } catch (UncheckedIOException | IOException | IllegalStateException e) {
            errors.add(CsvError.of((int) last + 1, null, CatalogCsvErrorCode.MALFORMED_CSV, String.valueOf(e.getMessage())));
        }
        return new Parsed<>(errors.isEmpty() ? rows : List.of(), errors, dataRows);
    }

    private static <T> Parsed<T> failed(CsvError error) {
        return new Parsed<>(List.of(), List.of(error), 0);
    }

    private static boolean isBlank(CSVRecord record) {
        return record.stream().allMatch(String::isBlank);
    }

    private static Map<String, Integer> header(CSVRecord header, List<String> columns, List<String> optional,
                                               List<CsvError> errors) {
        Map<String, Integer> index = new LinkedHashMap<>();
        int row = (int) header.getRecordNumber();
        for (int i = 0; i < header.size(); i++) {
            String name = header.get(i).trim().toLowerCase(Locale.ROOT);
            if ((columns.contains(name) || optional.contains(name)) && index.putIfAbsent(name, i) != null) {
                errors.add(CsvError.of(row, name, CatalogCsvErrorCode.DUPLICATE_COLUMN, name));
            }
        }
        for (String column : columns) {
            if (!index.containsKey(column)) {
                errors.add(CsvError.of(row, column, CatalogCsvErrorCode.MISSING_COLUMN, column));
            }
        }
        return index;
    }

    /**
     * Checks one row (column name -> trimmed text; a missing column is not checked again) and adds every error.
     * Returns the instance type (id null) when the row is fine, else null.
     */
    public static @Nullable InstanceType validate(int row, Map<String, String> cells, Reference reference, List<CsvError> errors) {
        Row r = new Row(row, cells, errors);
        int before = errors.size();
        Provider provider = r.provider();
        String family = r.matching(FAMILY, FAMILY_PATTERN, CatalogCsvErrorCode.INVALID_FAMILY);
        String code = r.required(CODE);
        if (code != null && family != null && (!CODE_PATTERN.matcher(code).matches() || !code.startsWith(family + "."))) {
            errors.add(CsvError.of(row, CODE, CatalogCsvErrorCode.INVALID_CODE, code, family));
        } else if (code != null && !CODE_PATTERN.matcher(code).matches()) {
            errors.add(CsvError.of(row, CODE, CatalogCsvErrorCode.INVALID_CODE, code, ""));
        }
        GpuModel gpuModel = null;
        String gpuCode = r.required(GPU_MODEL);
        if (gpuCode != null) {
            gpuModel = reference.gpuModels().get(gpuCode.toUpperCase(Locale.ROOT));
            if (gpuModel == null) {
                errors.add(CsvError.of(row, GPU_MODEL, CatalogCsvErrorCode.UNKNOWN_GPU_MODEL, gpuCode));
            }
        }
        Integer gpuCount = r.integer(GPU_COUNT, 1, 64);
        Integer vcpu = r.integer(VCPU, 1, 4096);
        BigDecimal ram = r.decimal(RAM_GIB, false, new BigDecimal("0.01"), new BigDecimal("99999999.99"));
        BigDecimal nvme = r.decimal(LOCAL_NVME_GIB, true, BigDecimal.ZERO, new BigDecimal("9999999999.99"));
        BigDecimal network = r.decimal(NETWORK_GBPS, false, new BigDecimal("0.01"), new BigDecimal("999999.99"));
        Set<String> regions = r.regions(provider, reference);
        InstanceStatus status = r.status();
        String source = r.required(SOURCE);
        Boolean sample = r.bool(SAMPLE);
        boolean rdma = r.optionalBool(RDMA);
        if (errors.size() > before || !cells.keySet().containsAll(COLUMNS)) {
            return null;
        }
        return new InstanceType(null, provider, family, code, gpuModel, gpuCount, vcpu, ram, nvme, network, regions,
                status, source, sample, rdma);
    }

    /** Cell checks shared by the catalog CSV files; each adds its error with row and column. */
    record Row(int row, Map<String, String> cells, List<CsvError> errors) {

        void error(String column, CatalogCsvErrorCode code, String... args) {
            errors.add(CsvError.of(row, column, code, args));
        }

        /** Null when the column is absent (already reported) or blank (reported here). */
        @Nullable String required(String column) {
            String value = cells.get(column);
            if (value == null) {
                return null;
            }
            if (value.isBlank()) {
                error(column, CatalogCsvErrorCode.MISSING_VALUE);
                return null;
            }
            return value.trim();
        }

        @Nullable String matching(String column, Pattern pattern, CatalogCsvErrorCode code) {
            String value = required(column);
            if (value != null && !pattern.matcher(value).matches()) {
                error(column, code, value);
                return null;
            }
            return value;
        }

        @Nullable Provider provider() {
            String value = required(PROVIDER);
            if (value == null) {
                return null;
            }
            Provider provider = Provider.fromCode(value.toUpperCase(Locale.ROOT)).orElse(null);
            if (provider == null) {
                error(PROVIDER, CatalogCsvErrorCode.UNKNOWN_PROVIDER, value);
            }
            return provider;
        }

        @Nullable Integer integer(String column, int min, int max) {
            String value = required(column);
            if (value == null) {
                return null;
            }
            if (!INTEGER.matcher(value).matches()) {
                error(column, CatalogCsvErrorCode.NOT_AN_INTEGER, value);
                return null;
            }
            int n = Integer.parseInt(value);
            if (n < min || n > max) {
                error(column, CatalogCsvErrorCode.OUT_OF_RANGE, value, String.valueOf(min), String.valueOf(max));
                return null;
            }
            return n;
        }

        @Nullable BigDecimal decimal(String column, boolean blankIsZero, BigDecimal min, BigDecimal max) {
            String raw = cells.get(column);
            if (raw != null && raw.isBlank() && blankIsZero) {
                return BigDecimal.ZERO;
            }
            String value = required(column);
            if (value == null) {
                return null;
            }
            if (!DECIMAL.matcher(value).matches()) {
                error(column, CatalogCsvErrorCode.NOT_A_NUMBER, value);
                return null;
            }
            BigDecimal n = new BigDecimal(value);
            if (n.scale() > 2) {
                error(column, CatalogCsvErrorCode.TOO_MANY_DECIMALS, value);
                return null;
            }
            if (n.compareTo(min) < 0 || n.compareTo(max) > 0) {
                error(column, CatalogCsvErrorCode.OUT_OF_RANGE, value, min.toPlainString(), max.toPlainString());
                return null;
            }
            return n;
        }

        /** An optional column: absent or blank = null (not supported / unknown), else a checked decimal. */
        BigDecimal optionalDecimal(String column, BigDecimal min, BigDecimal max) {
            String raw = cells.get(column);
            return raw == null || raw.isBlank() ? null : decimal(column, false, min, max);
        }

        /** An optional true/false column: absent or blank = false. */
        boolean optionalBool(String column) {
            String raw = cells.get(column);
            if (raw == null || raw.isBlank()) {
                return false;
            }
            Boolean b = bool(column);
            return b != null && b;
        }

        @Nullable Set<String> regions(Provider provider, Reference reference) {
            String value = required(REGIONS);
            if (value == null) {
                return null;
            }
            Set<String> regions = new LinkedHashSet<>();
            Arrays.stream(value.split(";")).map(String::trim).filter(s -> !s.isEmpty()).forEach(regions::add);
            if (regions.isEmpty()) {
                error(REGIONS, CatalogCsvErrorCode.NO_REGION);
                return null;
            }
            if (provider == null) {
                return null;
            }
            Set<String> known = reference.regions().getOrDefault(provider, Set.of());
            boolean ok = true;
            for (String region : regions) {
                if (!known.contains(region)) {
                    error(REGIONS, CatalogCsvErrorCode.UNKNOWN_REGION, region, provider.code());
                    ok = false;
                }
            }
            return ok ? regions : null;
        }

        @Nullable InstanceStatus status() {
            String value = cells.get(STATUS);
            if (value == null) {
                return null;
            }
            if (value.isBlank()) {
                return InstanceStatus.ACTIVE;
            }
            try {
                return InstanceStatus.valueOf(value.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                error(STATUS, CatalogCsvErrorCode.INVALID_STATUS, value);
                return null;
            }
        }

        @Nullable Boolean bool(String column) {
            String value = required(column);
            if (value == null) {
                return null;
            }
            return switch (value.toLowerCase(Locale.ROOT)) {
                case "true" -> true;
                case "false" -> false;
                default -> {
                    error(column, CatalogCsvErrorCode.INVALID_BOOLEAN, value);
                    yield null;
                }
            };
        }
    }
}
