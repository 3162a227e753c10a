package com.gpuquote.pricing;

import com.gpuquote.shared.CsvError;
import com.gpuquote.catalog.Provider;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

import static com.gpuquote.pricing.CsvFixtures.CATALOG;
import static com.gpuquote.pricing.CsvFixtures.HEADER;
import static org.assertj.core.api.Assertions.assertThat;

class PriceListCsvEncodingTest {

    /** A Chinese extra column and value make the encoding matter. */
    private static final String TEXT = HEADER + ",备注\n"
            + "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,1.5,1.2,CNY,华北2（北京）按量\n";

    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private static CsvReadResult read(byte[] bytes, Charset charset) {
        return PriceListCsv.read(bytes, charset, CATALOG, Provider.VOLCENGINE);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void utf8WithoutBomIsDetected() {
        CsvReadResult result = read(TEXT.getBytes(StandardCharsets.UTF_8), null);

        assertThat(result.errors()).isEmpty();
        assertThat(result.charset()).isEqualTo(StandardCharsets.UTF_8);
        assertThat(result.rows()).hasSize(1);
    }

    @Test
    void utf8BomIsStrippedSoTheFirstHeaderCellStillMatches() {
        byte[] withBom = concat(BOM, TEXT.getBytes(StandardCharsets.UTF_8));

        CsvReadResult result = read(withBom, null);

        assertThat(result.errors()).as("a BOM glued to 'provider' would make it a missing column").isEmpty();
        assertThat(result.charset()).isEqualTo(StandardCharsets.UTF_8);
        assertThat(result.rows()).singleElement().extracting(PriceRow::provider).isEqualTo(Provider.VOLCENGINE);
    }

    @Test
    void utf8BomWinsOverAnExplicitGb18030Choice() {
        CsvReadResult result = read(concat(BOM, TEXT.getBytes(StandardCharsets.UTF_8)), PriceListCsv.GB18030);

        assertThat(result.errors()).isEmpty();
        assertThat(result.charset()).isEqualTo(StandardCharsets.UTF_8);
    }

    @Test
    void gb18030IsDetectedWhenTheBytesAreNotValidUtf8() {
        byte[] gb = TEXT.getBytes(PriceListCsv.GB18030);

        assertThat(PriceListCsv.detectCharset(gb)).isEqualTo(PriceListCsv.GB18030);
        CsvReadResult result = read(gb, null);
        assertThat(result.errors()).isEmpty();
        assertThat(result.charset()).isEqualTo(PriceListCsv.GB18030);
        assertThat(result.rows()).hasSize(1);
    }

    @Test
    void gb18030ChosenExplicitlyDecodesChineseValuesInErrors() {
        String bad = HEADER + "\nVOLCENGINE,华北,ecs.gni2.3xlarge,HOURLY,1,1,人民币\n";

        CsvReadResult result = read(bad.getBytes(PriceListCsv.GB18030), PriceListCsv.GB18030);

        assertThat(result.errors()).extracting(CsvError::code)
                .containsExactly(CsvErrorCode.WRONG_CURRENCY, CsvErrorCode.REGION_NOT_OFFERED);
        assertThat(result.errors().get(0).args()).containsExactly("人民币");
        assertThat(result.errors().get(1).args()).containsExactly("华北", "ecs.gni2.3xlarge");
    }

    @Test
    void gb18030BytesDeclaredAsUtf8AreAnEncodingError() {
        CsvReadResult result = read(TEXT.getBytes(PriceListCsv.GB18030), StandardCharsets.UTF_8);

        assertThat(result.errors()).singleElement().satisfies(e -> {
            assertThat(e.code()).isEqualTo(CsvErrorCode.INVALID_ENCODING);
            assertThat(e.row()).isZero();
            assertThat(e.args()).containsExactly("UTF-8");
        });
        assertThat(result.rows()).isEmpty();
    }

    @Test
    void asciiOnlyFileIsUtf8() {
        assertThat(PriceListCsv.detectCharset(HEADER.getBytes(StandardCharsets.US_ASCII)))
                .isEqualTo(StandardCharsets.UTF_8);
    }

    @Test
    void streamReadingRefusesOversizedInputWithoutReadingItAll() throws IOException {
        byte[] big = new byte[(int) PriceListCsv.MAX_BYTES + 100];
        ByteArrayInputStream in = new ByteArrayInputStream(big);

        CsvReadResult result = PriceListCsv.read(in, null, CATALOG, Provider.VOLCENGINE);

        assertThat(result.errors()).extracting(CsvError::code).containsExactly(CsvErrorCode.FILE_TOO_LARGE);
        assertThat(in.available()).as("stops after limit + 1 bytes").isEqualTo(99);
    }
}
