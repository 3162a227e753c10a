package com.gpuquote.pricing;

import com.gpuquote.commercial.Money;
import com.gpuquote.shared.CsvCells;
import com.gpuquote.shared.CsvError;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.catalog.CatalogLookup;
import com.gpuquote.catalog.Provider;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Reads and writes price list CSV files:
 * {@code provider,region,instance_type,billing_mode,list_price,cost_price,currency} with a header row.
 * <p>
 * Reading decodes UTF-8 (with or without BOM) or GB18030 (explicit, or detected: strictly valid UTF-8 is UTF-8,
 * anything else GB18030), then validates every row and collects every error with row and column. Files over
 * {@link #MAX_BYTES} or {@link #MAX_ROWS} data rows are refused with a single error. Header names are matched
 * trimmed and case-insensitively; extra columns are ignored; cells are trimmed; blank lines are skipped.
 * <p>
 * Writing escapes cells starting with {@code = + - @ TAB CR} with a leading single quote against formula injection.
 * Prices are never negative, so a price cell never needs escaping.
 */
public final class PriceListCsv {

    public static final String PROVIDER = "provider";
    public static final String REGION = "region";
    public static final String INSTANCE_TYPE = "instance_type";
    public static final String BILLING_MODE = "billing_mode";
    public static final String LIST_PRICE = "list_price";
    public static final String COST_PRICE = "cost_price";
    public static final String CURRENCY = "currency";
    public static final List<String> COLUMNS =
            List.of(PROVIDER, REGION, INSTANCE_TYPE, BILLING_MODE, LIST_PRICE, COST_PRICE, CURRENCY);

    public static final long MAX_BYTES = 5L * 1024 * 1024;
    public static final int MAX_ROWS = 50_000;
    public static final int MAX_REPORTED_ERRORS = 1_000;
    public static final String ALLOWED_CURRENCY = Money.CURRENCY;
    /** Unit prices are NUMERIC(19,4). */
    public static final int PRICE_SCALE = 4;
    public static final int PRICE_MAX_INTEGER_DIGITS = 15;

    public static final Charset GB18030 = com.gpuquote.shared.CsvCharsets.GB18030;

    private static final byte[] UTF8_BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
    private static final Pattern UNSIGNED_DECIMAL = Pattern.compile("[0-9]+(\\.[0-9]+)?");

    private static final CSVFormat READ_FORMAT = CSVFormat.DEFAULT.builder()
            .setIgnoreEmptyLines(false) // keeps record numbers equal to line numbers; blank records are skipped below
            .get();
    private static final CSVFormat WRITE_FORMAT = CSVFormat.DEFAULT.builder()
            .setHeader(COLUMNS.toArray(String[]::new))
            .setRecordSeparator("\r\n")
            .get();

    private PriceListCsv() {
    }

    // ------------------------------------------------------------------ reading

    /**
     * Reads at most {@link #MAX_BYTES} + 1 bytes from the stream (so an oversized upload is refused without reading
     * it all) and validates them.
     */
    public static CsvReadResult read(InputStream in, Charset charset, CatalogLookup catalog, Provider expectedProvider)
            throws IOException {
        byte[] content = in.readNBytes((int) MAX_BYTES + 1);
        return read(content, charset, catalog, expectedProvider);
    }

    /**
     * @param charset          UTF-8 or GB18030 as chosen by the user, or null to detect
     * @param expectedProvider the price list's provider; rows of another provider are errors. Null accepts any known one.
     */
    public static CsvReadResult read(byte[] content, Charset charset, CatalogLookup catalog, Provider expectedProvider) {
        Errors errors = new Errors();
        if (content.length > MAX_BYTES) {
            errors.add(CsvError.of(0, null, CsvErrorCode.FILE_TOO_LARGE, String.valueOf(MAX_BYTES / (1024 * 1024))));
            return errors.result(List.of(), null, 0);
        }
        Charset used = charset != null ? charset : detectCharset(content);
        if (startsWithUtf8Bom(content)) {
            used = StandardCharsets.UTF_8; // a BOM is unambiguous and wins over the user's choice
        }
        String text;
        try {
            text = decodeStrict(content, used);
        } catch (CharacterCodingException e) {
            errors.add(CsvError.of(0, null, CsvErrorCode.INVALID_ENCODING, used.name()));
            return errors.result(List.of(), used, 0);
        }
        if (!text.isEmpty() && text.charAt(0) == '\uFEFF') {
            text = text.substring(1);
        }
        return new Validation(catalog, expectedProvider, errors).run(text, used);
    }

    /** UTF-8 when the bytes are strictly valid UTF-8 (with or without BOM), otherwise GB18030. */
    public static Charset detectCharset(byte[] content) {
        return com.gpuquote.shared.CsvCharsets.detect(content);
    }

    private static boolean startsWithUtf8Bom(byte[] content) {
        return content.length >= 3 && content[0] == UTF8_BOM[0] && content[1] == UTF8_BOM[1] && content[2] == UTF8_BOM[2];
    }

    private static String decodeStrict(byte[] content, Charset charset) throws CharacterCodingException {
        return com.gpuquote.shared.CsvCharsets.decodeStrict(content, charset);
    }

    private static final class Errors {
        private final List<CsvError> reported = new ArrayList<>();
        private int count;

        void add(CsvError error) {
            count++;
            if (reported.size() < MAX_REPORTED_ERRORS) {
                reported.add(error);
            }
        }

        int count() {
            return count;
        }

        CsvReadResult result(List<PriceRow> rows, Charset charset, int dataRows) {
            return result(rows, charset, dataRows, List.of());
        }

        CsvReadResult result(List<PriceRow> rows, Charset charset, int dataRows, List<Integer> rowNumbers) {
            return new CsvReadResult(rows, reported, count, charset, dataRows, rowNumbers);
        }
    }

    private static final class Validation {
        private final CatalogLookup catalog;
        private final Provider expectedProvider;
        private final Errors errors;
        private final Map<String, Integer> columnIndex = new HashMap<>();
        private final Map<PriceKey, Integer> firstRowOfKey = new HashMap<>();
        private final List<PriceRow> rows = new ArrayList<>();
        private final List<Integer> rowNumbers = new ArrayList<>();

        Validation(CatalogLookup catalog, Provider expectedProvider, Errors errors) {
            this.catalog = catalog;
            this.expectedProvider = expectedProvider;
            this.errors = errors;
        }

        CsvReadResult run(String text, Charset charset) {
            int dataRows = 0;
            long lastRecord = 0;
            try (CSVParser parser = CSVParser.parse(new StringReader(text), READ_FORMAT)) {
                Iterator<CSVRecord> records = parser.iterator();
                CSVRecord header = nextNonBlank(records);
                if (header == null) {
                    errors.add(CsvError.of(1, null, CsvErrorCode.EMPTY_FILE));
                    return errors.result(List.of(), charset, 0);
                }
                lastRecord = header.getRecordNumber();
                readHeader(header);
                while (records.hasNext()) {
                    CSVRecord record = records.next();
                    lastRecord = record.getRecordNumber();
                    if (isBlank(record)) {
                        continue;
                    }
                    dataRows++;
                    if (dataRows > MAX_ROWS) {
                        Errors refused = new Errors();
                        refused.add(CsvError.of(0, null, CsvErrorCode.TOO_MANY_ROWS, String.valueOf(MAX_ROWS)));
                        return refused.result(List.of(), charset, dataRows);
                    }
                    validateRow(record);
                }
            } catch (UncheckedIOException | IOException | IllegalStateException e) {
                String detail = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                errors.add(CsvError.of((int) lastRecord + 1, null, CsvErrorCode.MALFORMED_CSV, detail));
            }
            return errors.count() == 0 ? errors.result(rows, charset, dataRows, rowNumbers)
                    : errors.result(List.of(), charset, dataRows);
        }

        private static @Nullable CSVRecord nextNonBlank(Iterator<CSVRecord> records) {
            while (records.hasNext()) {
                CSVRecord record = records.next();
                if (!isBlank(record)) {
                    return record;
                }
            }
            return null;
        }

        private static boolean isBlank(CSVRecord record) {
            for (String value : record) {
                if (!value.isBlank()) {
                    return false;
                }
            }
            return true;
        }

        private void readHeader(CSVRecord header) {
            int row = (int) header.getRecordNumber();
            for (int i = 0; i < header.size(); i++) {
                String name = header.get(i).trim().toLowerCase(Locale.ROOT);
                if (!COLUMNS.contains(name)) {
                    continue; // extra columns are ignored
                }
                if (columnIndex.putIfAbsent(name, i) != null) {
                    errors.add(CsvError.of(row, name, CsvErrorCode.DUPLICATE_COLUMN, name));
                }
            }
            for (String column : COLUMNS) {
                if (!columnIndex.containsKey(column)) {
                    errors.add(CsvError.of(row, column, CsvErrorCode.MISSING_COLUMN, column));
                }
            }
        }

        /** Trimmed cell; "" for a short record; null when the column is missing from the header. */
        private @Nullable String cell(CSVRecord record, String column) {
            Integer index = columnIndex.get(column);
            if (index == null) {
                return null;
            }
            return index < record.size() ? record.get(index).trim() : "";
        }

        private void validateRow(CSVRecord record) {
            int row = (int) record.getRecordNumber();
            int errorsBefore = errors.count();

            Provider provider = provider(row, cell(record, PROVIDER));
            String region = required(row, REGION, cell(record, REGION));
            String instanceType = required(row, INSTANCE_TYPE, cell(record, INSTANCE_TYPE));
            BillingMode billingMode = billingMode(row, cell(record, BILLING_MODE));
            BigDecimal listPrice = price(row, LIST_PRICE, cell(record, LIST_PRICE));
            BigDecimal costPrice = price(row, COST_PRICE, cell(record, COST_PRICE));
            String currency = currency(row, cell(record, CURRENCY));

            if (provider != null && instanceType != null) {
                if (!catalog.isKnownInstanceType(provider, instanceType)) {
                    errors.add(CsvError.of(row, INSTANCE_TYPE, CsvErrorCode.UNKNOWN_INSTANCE_TYPE,
                            instanceType, provider.code()));
                } else if (region != null && !catalog.isOffered(provider, instanceType, region)) {
                    errors.add(CsvError.of(row, REGION, CsvErrorCode.REGION_NOT_OFFERED, region, instanceType));
                }
            }
            if (provider != null && region != null && instanceType != null && billingMode != null) {
                PriceKey key = new PriceKey(provider, instanceType, region, billingMode);
                Integer first = firstRowOfKey.putIfAbsent(key, row);
                if (first != null) {
                    errors.add(CsvError.of(row, INSTANCE_TYPE, CsvErrorCode.DUPLICATE_KEY, String.valueOf(first)));
                }
            }
            // with a column missing from the header there is nothing to build (that error is already reported)
            if (errors.count() == errorsBefore && columnIndex.size() == COLUMNS.size()) {
                rows.add(new PriceRow(provider, region, instanceType, billingMode, listPrice, costPrice, currency));
                rowNumbers.add(row);
            }
        }

        /** Null (and an error) when the value is blank; null without error when the column is missing. */
        private @Nullable String required(int row, String column, String value) {
            if (value == null) {
                return null;
            }
            if (value.isEmpty()) {
                errors.add(CsvError.of(row, column, CsvErrorCode.MISSING_VALUE));
                return null;
            }
            return value;
        }

        private @Nullable Provider provider(int row, String raw) {
            String value = required(row, PROVIDER, raw);
            if (value == null) {
                return null;
            }
            Provider provider = Provider.fromCode(value.toUpperCase(Locale.ROOT)).orElse(null);
            if (provider == null) {
                errors.add(CsvError.of(row, PROVIDER, CsvErrorCode.UNKNOWN_PROVIDER, value));
                return null;
            }
            if (expectedProvider != null && provider != expectedProvider) {
                errors.add(CsvError.of(row, PROVIDER, CsvErrorCode.PROVIDER_MISMATCH, value, expectedProvider.code()));
                return null;
            }
            return provider;
        }

        private @Nullable BillingMode billingMode(int row, String raw) {
            String value = required(row, BILLING_MODE, raw);
            if (value == null) {
                return null;
            }
            BillingMode mode = BillingMode.parse(value).orElse(null);
            if (mode == null) {
                errors.add(CsvError.of(row, BILLING_MODE, CsvErrorCode.INVALID_BILLING_MODE, value));
            }
            return mode;
        }

        private @Nullable BigDecimal price(int row, String column, String raw) {
            String value = required(row, column, raw);
            if (value == null) {
                return null;
            }
            if (value.startsWith("-") && UNSIGNED_DECIMAL.matcher(value.substring(1)).matches()) {
                errors.add(CsvError.of(row, column, CsvErrorCode.NEGATIVE_PRICE, value));
                return null;
            }
            if (!UNSIGNED_DECIMAL.matcher(value).matches()) {
                errors.add(CsvError.of(row, column, CsvErrorCode.NOT_A_NUMBER, value));
                return null;
            }
            BigDecimal price = new BigDecimal(value);
            var problem = PriceRules.problem(price);
            if (problem.isPresent()) {
                errors.add(CsvError.of(row, column, problem.get(), value));
                return null;
            }
            return price.setScale(PRICE_SCALE);
        }

        private @Nullable String currency(int row, String raw) {
            String value = required(row, CURRENCY, raw);
            if (value == null) {
                return null;
            }
            if (!ALLOWED_CURRENCY.equalsIgnoreCase(value)) {
                errors.add(CsvError.of(row, CURRENCY, CsvErrorCode.WRONG_CURRENCY, value));
                return null;
            }
            return ALLOWED_CURRENCY;
        }
    }

    // ------------------------------------------------------------------ writing

    /** Writes header and rows (sorted by key), CRLF line ends, formula-escaped cells. Does not close {@code out}. */
    public static void write(Collection<PriceRow> rows, Appendable out) throws IOException {
        List<PriceRow> sorted = rows.stream().sorted((a, b) -> a.key().compareTo(b.key())).toList();
        CSVPrinter printer = new CSVPrinter(out, WRITE_FORMAT);
        for (PriceRow row : sorted) {
            printer.printRecord(
                    escapeCell(row.provider().code()),
                    escapeCell(row.region()),
                    escapeCell(row.instanceType()),
                    escapeCell(row.billingMode().name()),
                    escapeCell(row.listPrice().toPlainString()),
                    escapeCell(row.costPrice().toPlainString()),
                    escapeCell(row.currency()));
        }
        printer.flush();
    }

    /** The export file: UTF-8 with BOM (so Excel on zh-CN Windows opens it correctly). */
    public static byte[] export(Collection<PriceRow> rows) {
        StringBuilder out = new StringBuilder("\uFEFF");
        try {
            write(rows, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // cannot happen with a StringBuilder
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Prefixes a single quote when the cell starts with {@code = + - @ TAB CR}, so spreadsheets don't run it. */
    public static @Nullable String escapeCell(@Nullable String value) {
        return CsvCells.escape(value);
    }
}
