package com.gpuquote.pricing;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.catalog.Provider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static com.gpuquote.pricing.CsvFixtures.CATALOG;
import static com.gpuquote.pricing.CsvFixtures.row;
import static org.assertj.core.api.Assertions.assertThat;

class PriceListCsvExportTest {

    @ParameterizedTest
    @ValueSource(strings = {"=HYPERLINK(\"http://x\")", "+1+2", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"})
    void cellsStartingWithAFormulaTriggerGetASingleQuote(String value) {
        assertThat(PriceListCsv.escapeCell(value)).isEqualTo("'" + value);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ecs.gni2.3xlarge", "12.5000", "a=b", "cn-beijing", " =x", "'quoted"})
    void otherCellsAreUnchanged(String value) {
        assertThat(PriceListCsv.escapeCell(value)).isEqualTo(value);
    }

    @Test
    void emptyAndNullCellsAreUnchanged() {
        assertThat(PriceListCsv.escapeCell("")).isEmpty();
        assertThat(PriceListCsv.escapeCell(null)).isNull();
    }

    @Test
    void writesHeaderAndRowsSortedByKeyWithCrlf() throws IOException {
        StringBuilder out = new StringBuilder();

        PriceListCsv.write(List.of(
                row("ecs.pni2l.28xlarge", "cn-beijing", BillingMode.HOURLY, "180.5", "160"),
                row("ecs.gni2.3xlarge", "cn-shanghai", BillingMode.MONTHLY, "6000", "5400"),
                row("ecs.gni2.3xlarge", "cn-beijing", BillingMode.SPOT, "2.1", "1.9"),
                row("ecs.gni2.3xlarge", "cn-beijing", BillingMode.HOURLY, "9.3", "8.37")), out);

        assertThat(out.toString()).isEqualTo(
                "provider,region,instance_type,billing_mode,list_price,cost_price,currency\r\n"
                        + "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,9.3,8.37,CNY\r\n"
                        + "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,SPOT,2.1,1.9,CNY\r\n"
                        + "VOLCENGINE,cn-shanghai,ecs.gni2.3xlarge,MONTHLY,6000,5400,CNY\r\n"
                        + "VOLCENGINE,cn-beijing,ecs.pni2l.28xlarge,HOURLY,180.5,160,CNY\r\n");
    }

    @Test
    void maliciousTextCellsAreEscapedAndQuotedInTheFile() throws IOException {
        PriceRow evil = new PriceRow(Provider.VOLCENGINE, "=cmd|' /C calc'!A0", "@evil", BillingMode.HOURLY,
                new java.math.BigDecimal("1"), new java.math.BigDecimal("1"), "CNY");
        StringBuilder out = new StringBuilder();

        PriceListCsv.write(List.of(evil), out);

        assertThat(out.toString()).endsWith("VOLCENGINE,'=cmd|' /C calc'!A0,'@evil,HOURLY,1,1,CNY\r\n");
    }

    @Test
    void exportIsUtf8WithBomAndReadsBackToTheSameRows() {
        List<PriceRow> rows = List.of(
                row("ecs.gni2.3xlarge", "cn-beijing", BillingMode.HOURLY, "9.3000", "8.3700"),
                row("ecs.gni2.3xlarge", "cn-shanghai", BillingMode.YEARLY, "61200.1234", "55000.0000"),
                row("ecs.pni2l.28xlarge", "cn-beijing", BillingMode.SPOT, "0.0000", "0.0000"));

        byte[] file = PriceListCsv.export(rows);

        assertThat(file).startsWith((byte) 0xEF, (byte) 0xBB, (byte) 0xBF);
        assertThat(new String(file, StandardCharsets.UTF_8)).contains("\r\nVOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,9.3000,8.3700,CNY\r\n");
        CsvReadResult back = PriceListCsv.read(file, null, CATALOG, Provider.VOLCENGINE);
        assertThat(back.errors()).isEmpty();
        assertThat(back.rows()).containsExactlyElementsOf(rows);
    }
}
