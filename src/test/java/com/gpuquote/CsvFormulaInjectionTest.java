package com.gpuquote;

import com.gpuquote.catalog.GpuModel;
import com.gpuquote.catalog.GpuModelCsv;
import com.gpuquote.catalog.Interconnect;
import com.gpuquote.catalog.Provider;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.dashboard.DashboardExport;
import com.gpuquote.dashboard.FigureTable;
import com.gpuquote.portal.OrderCsv;
import com.gpuquote.portal.OrderSummary;
import com.gpuquote.pricing.PriceListCsv;
import com.gpuquote.pricing.PriceRow;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuoteListCsvAccess;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.QuoteSummary;
import com.gpuquote.security.UserId;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every CSV the application writes (dashboard tables, tenant and platform alike; quote list; orders; price lists;
 * catalog export) with a hostile name: a cell starting with {@code = + - @ TAB CR} arrives in the file behind a
 * single quote, so a spreadsheet shows it as text instead of running it (OWASP CSV injection).
 */
@CalendarTest
class CsvFormulaInjectionTest {

    @ParameterizedTest
    @ValueSource(strings = {"=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1:A9)", "\tTAB", "\rCR"})
    void everyExportEscapesTheHostileName(String hostile) throws IOException {
        String expected = "'" + hostile;

        FigureTable top = new FigureTable("top-customers", List.of(FigureTable.Column.text("customer"),
                FigureTable.Column.money("accepted")), List.of(List.of(hostile, new BigDecimal("-12.50"))));
        List<CSVRecord> dashboard = parse(new String(DashboardExport.csv(top, Locale.ENGLISH), StandardCharsets.UTF_8));
        assertThat(dashboard.get(1).get(0)).as("dashboard").isEqualTo(expected);
        assertThat(dashboard.get(1).get(1)).as("a negative amount is a number, not a formula").isEqualTo("-12.50");

        Instant at = Instant.parse("2026-12-01T02:00:00Z");
        QuoteSummary quote = new QuoteSummary(new QuoteId(UUID.randomUUID()), "Q-2026-000001", 1, QuoteStatus.SENT,
                LocalDate.of(2026, 12, 31), new ProjectId(UUID.randomUUID()), hostile,
                new CustomerId(UUID.randomUUID()), hostile, new UserId(UUID.randomUUID()), hostile, at, at, at, 0,
                null, null);
        CSVRecord quoteRow = parse(new String(QuoteListCsvAccess.write(List.of(quote), Locale.ENGLISH),
                StandardCharsets.UTF_8)).get(1);
        assertThat(List.of(quoteRow.get(3), quoteRow.get(4), quoteRow.get(5))).as("quote list")
                .containsOnly(expected);

        OrderSummary order = new OrderSummary(UUID.randomUUID(), "Q-2026-000001", 1, hostile, hostile, hostile,
                hostile, "a@example.com", at, List.of(new OrderSummary.Item("ecs.gn7i", "cn-beijing",
                BillingMode.MONTHLY, 1, 1, 730, new BigDecimal("1.00"), new BigDecimal("1.00"),
                new BigDecimal("1.00"))), List.of(), new BigDecimal("1.00"), new BigDecimal("1.00"), "CNY", null);
        CSVRecord orderRow = parse(OrderCsv.write(List.of(order))).get(1);
        assertThat(List.of(orderRow.get(2), orderRow.get(3), orderRow.get(4), orderRow.get(6))).as("orders")
                .containsOnly(expected);

        StringBuilder prices = new StringBuilder();
        PriceListCsv.write(List.of(new PriceRow(Provider.VOLCENGINE, hostile, "ecs.gn7i", BillingMode.MONTHLY,
                new BigDecimal("1.0000"), new BigDecimal("1.0000"), "CNY")), prices);
        assertThat(parse(prices.toString()).get(1).toList()).as("price list").contains(expected);

        GpuModel model = new GpuModel("X1", hostile, "Hopper", new BigDecimal("80"), new BigDecimal("3350"),
                new BigDecimal("989"), null, null, null, Interconnect.NVLINK, new BigDecimal("900"), hostile, false);
        CSVRecord modelRow = parse(new String(GpuModelCsv.write(List.of(model)), StandardCharsets.UTF_8)).get(1);
        assertThat(List.of(modelRow.get(1), modelRow.get(11))).as("GPU models").containsOnly(expected);
    }

    private static List<CSVRecord> parse(String csv) throws IOException {
        String text = csv.startsWith("\uFEFF") ? csv.substring(1) : csv;
        try (CSVParser parser = CSVFormat.DEFAULT.parse(new StringReader(text))) {
            return new ArrayList<>(parser.getRecords());
        }
    }
}
