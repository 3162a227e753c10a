package com.gpuquote.pricing;

import com.gpuquote.shared.CsvError;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.catalog.Provider;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Arrays;

import static com.gpuquote.pricing.CsvFixtures.HEADER;
import static com.gpuquote.pricing.CsvFixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class PriceListCsvValidationTest {

    @Test
    void validFileGivesRowsNormalizedToScaleFour() {
        CsvReadResult result = read(HEADER,
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,12.5,10.875,CNY",
                "VOLCENGINE,cn-shanghai,ecs.gni2.3xlarge,MONTHLY,6000,5400.0000,CNY");

        assertThat(result.isValid()).isTrue();
        assertThat(result.errors()).isEmpty();
        assertThat(result.dataRows()).isEqualTo(2);
        assertThat(result.rows()).hasSize(2);
        PriceRow first = result.rows().get(0);
        assertThat(first.key()).isEqualTo(new PriceKey(Provider.VOLCENGINE, "ecs.gni2.3xlarge", "cn-beijing", BillingMode.HOURLY));
        assertThat(first.listPrice()).isEqualTo(new BigDecimal("12.5000"));
        assertThat(first.costPrice()).isEqualTo(new BigDecimal("10.8750"));
        assertThat(first.currency()).isEqualTo("CNY");
    }

    @Test
    void headerIsMatchedCaseInsensitivelyInAnyOrderAndExtraColumnsAreIgnored() {
        CsvReadResult result = read(
                " Currency ,NOTE,instance_type,REGION,provider,billing_mode,cost_price,list_price",
                "CNY,备注,ecs.gni2.3xlarge,cn-beijing,VOLCENGINE,spot,1,2");

        assertThat(result.errors()).isEmpty();
        assertThat(result.rows()).singleElement().satisfies(r -> {
            assertThat(r.billingMode()).isEqualTo(BillingMode.SPOT);
            assertThat(r.listPrice()).isEqualByComparingTo("2");
            assertThat(r.costPrice()).isEqualByComparingTo("1");
        });
    }

    @Test
    void blankLinesAreSkippedAndRowNumbersStayLineNumbers() {
        CsvReadResult result = read(HEADER,
                "",
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,abc,1,CNY");

        assertThat(result.errors()).extracting(CsvError::row, CsvError::column, CsvError::code)
                .containsExactly(tuple(3, "list_price", CsvErrorCode.NOT_A_NUMBER));
    }

    // ---- one test per error kind

    @Test
    void nonNumericPrice() {
        CsvReadResult result = read(HEADER,
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,12 元,1,CNY",
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,MONTHLY,1e3,1,CNY",
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,YEARLY,\"1,000\",1,CNY",
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,SPOT,1,.5,CNY");

        assertThat(result.isValid()).isFalse();
        assertThat(result.rows()).isEmpty();
        assertThat(result.errors()).extracting(CsvError::row, CsvError::column, CsvError::code)
                .containsExactly(
                        tuple(2, "list_price", CsvErrorCode.NOT_A_NUMBER),
                        tuple(3, "list_price", CsvErrorCode.NOT_A_NUMBER),
                        tuple(4, "list_price", CsvErrorCode.NOT_A_NUMBER),
                        tuple(5, "cost_price", CsvErrorCode.NOT_A_NUMBER));
        assertThat(result.errors().get(0).message()).isEqualTo(
                "\"12 元\" is not a number; write digits with an optional decimal point, e.g. 12.3456.");
        assertThat(result.errors().get(0).args()).containsExactly("12 元");
    }

    @Test
    void negativePrice() {
        CsvReadResult result = read(HEADER,
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,1,-0.5,CNY");

        assertThat(result.errors()).singleElement().satisfies(e -> {
            assertThat(e.row()).isEqualTo(2);
            assertThat(e.column()).isEqualTo("cost_price");
            assertThat(e.code()).isEqualTo(CsvErrorCode.NEGATIVE_PRICE);
            assertThat(e.message()).isEqualTo("Price \"-0.5\" is negative.");
        });
    }

    @Test
    void moreThanFourDecimals() {
        CsvReadResult result = read(HEADER,
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,1.23456,1,CNY",
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,MONTHLY,1.50000,1.2345,CNY");

        // trailing zeros don't count: 1.50000 is 1.5 and accepted
        assertThat(result.errors()).extracting(CsvError::row, CsvError::column, CsvError::code)
                .containsExactly(tuple(2, "list_price", CsvErrorCode.TOO_MANY_DECIMALS));
    }

    @Test
    void priceTooLargeForNumeric19_4() {
        CsvReadResult result = read(HEADER,
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,1234567890123456,1,CNY",
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,MONTHLY,123456789012345.9999,1,CNY");

        assertThat(result.errors()).extracting(CsvError::row, CsvError::code)
                .containsExactly(tuple(2, CsvErrorCode.PRICE_OUT_OF_RANGE));
    }

    @Test
    void unknownInstanceType() {
        CsvReadResult result = read(HEADER,
                "VOLCENGINE,cn-beijing,ecs.gni9.3xlarge,HOURLY,1,1,CNY");

        assertThat(result.errors()).singleElement().satisfies(e -> {
            assertThat(e.row()).isEqualTo(2);
            assertThat(e.column()).isEqualTo("instance_type");
            assertThat(e.code()).isEqualTo(CsvErrorCode.UNKNOWN_INSTANCE_TYPE);
            assertThat(e.args()).containsExactly("ecs.gni9.3xlarge", "VOLCENGINE");
        });
    }

    @Test
    void typeNotOfferedInRegion() {
        CsvReadResult result = read(HEADER,
                "VOLCENGINE,cn-shanghai,ecs.pni2l.28xlarge,HOURLY,1,1,CNY",
                "VOLCENGINE,cn-beijing,ecs.pni2l.28xlarge,HOURLY,1,1,CNY");

        assertThat(result.errors()).singleElement().satisfies(e -> {
            assertThat(e.row()).isEqualTo(2);
            assertThat(e.column()).isEqualTo("region");
            assertThat(e.code()).isEqualTo(CsvErrorCode.REGION_NOT_OFFERED);
            assertThat(e.message()).isEqualTo("Instance type \"ecs.pni2l.28xlarge\" is not offered in region \"cn-shanghai\".");
        });
    }

    @Test
    void duplicateKey() {
        CsvReadResult result = read(HEADER,
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,1,1,CNY",
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,MONTHLY,1,1,CNY",
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,hourly,2,2,CNY");

        assertThat(result.errors()).singleElement().satisfies(e -> {
            assertThat(e.row()).isEqualTo(4);
            assertThat(e.code()).isEqualTo(CsvErrorCode.DUPLICATE_KEY);
            assertThat(e.args()).containsExactly("2");
        });
    }

    @Test
    void missingColumn() {
        CsvReadResult result = read("provider,region,instance_type,billing_mode,list_price,currency",
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,1,CNY");

        assertThat(result.isValid()).isFalse();
        assertThat(result.rows()).isEmpty();
        assertThat(result.errors()).extracting(CsvError::row, CsvError::column, CsvError::code)
                .containsExactly(tuple(1, "cost_price", CsvErrorCode.MISSING_COLUMN));
    }

    @Test
    void duplicateColumn() {
        CsvReadResult result = read(HEADER + ",list_price",
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,1,1,CNY,2");

        assertThat(result.errors()).extracting(CsvError::row, CsvError::column, CsvError::code)
                .containsExactly(tuple(1, "list_price", CsvErrorCode.DUPLICATE_COLUMN));
    }

    @Test
    void wrongCurrency() {
        CsvReadResult result = read(HEADER,
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,1,1,USD",
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,MONTHLY,1,1,cny");

        assertThat(result.errors()).singleElement().satisfies(e -> {
            assertThat(e.row()).isEqualTo(2);
            assertThat(e.column()).isEqualTo("currency");
            assertThat(e.code()).isEqualTo(CsvErrorCode.WRONG_CURRENCY);
        });
    }

    @Test
    void missingValues() {
        CsvReadResult result = read(HEADER,
                "VOLCENGINE, ,ecs.gni2.3xlarge,HOURLY,,1",
                "");

        assertThat(result.errors()).extracting(CsvError::row, CsvError::column, CsvError::code)
                .containsExactly(
                        tuple(2, "region", CsvErrorCode.MISSING_VALUE),
                        tuple(2, "list_price", CsvErrorCode.MISSING_VALUE),
                        tuple(2, "currency", CsvErrorCode.MISSING_VALUE));
    }

    @Test
    void unknownProvider() {
        CsvReadResult result = read(HEADER,
                "AWS,cn-beijing,ecs.gni2.3xlarge,HOURLY,1,1,CNY");

        assertThat(result.errors()).extracting(CsvError::row, CsvError::column, CsvError::code)
                .containsExactly(tuple(2, "provider", CsvErrorCode.UNKNOWN_PROVIDER));
    }

    @Test
    void providerCodeIsCaseInsensitiveAndNormalized() {
        // PROVIDER_MISMATCH (row provider != price list provider) cannot occur while VOLCENGINE is the only provider
        CsvReadResult result = read(HEADER,
                "volcengine,cn-beijing,ecs.gni2.3xlarge,HOURLY,1,1,CNY");

        assertThat(result.errors()).isEmpty();
        assertThat(result.rows()).singleElement().extracting(PriceRow::provider).isEqualTo(Provider.VOLCENGINE);
    }

    @Test
    void invalidBillingMode() {
        CsvReadResult result = read(HEADER,
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,DAILY,1,1,CNY");

        assertThat(result.errors()).extracting(CsvError::row, CsvError::column, CsvError::code)
                .containsExactly(tuple(2, "billing_mode", CsvErrorCode.INVALID_BILLING_MODE));
    }

    @Test
    void emptyFile() {
        CsvReadResult result = read("", "  ");

        assertThat(result.errors()).extracting(CsvError::code).containsExactly(CsvErrorCode.EMPTY_FILE);
    }

    @Test
    void malformedCsv() {
        CsvReadResult result = read(HEADER,
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,1,1,CNY",
                "VOLCENGINE,\"cn-beijing,ecs.gni2.3xlarge,MONTHLY,1,1,CNY");

        assertThat(result.isValid()).isFalse();
        assertThat(result.rows()).isEmpty();
        assertThat(result.errors()).singleElement().satisfies(e -> {
            assertThat(e.code()).isEqualTo(CsvErrorCode.MALFORMED_CSV);
            assertThat(e.row()).isEqualTo(3);
        });
    }

    @Test
    void fileOverFiveMegabytesIsRefusedBeforeParsing() {
        byte[] big = new byte[(int) PriceListCsv.MAX_BYTES + 1];
        Arrays.fill(big, (byte) 'a');

        CsvReadResult result = PriceListCsv.read(big, null, CsvFixtures.CATALOG, Provider.VOLCENGINE);

        assertThat(result.errors()).singleElement().satisfies(e -> {
            assertThat(e.code()).isEqualTo(CsvErrorCode.FILE_TOO_LARGE);
            assertThat(e.row()).isZero();
            assertThat(e.column()).isNull();
            assertThat(e.message()).isEqualTo("The file is larger than 5 MB and was refused.");
        });
        assertThat(result.rows()).isEmpty();
    }

    @Test
    void exactlyFiveMegabytesIsNotRefusedForSize() {
        byte[] atLimit = new byte[(int) PriceListCsv.MAX_BYTES];
        Arrays.fill(atLimit, (byte) ' ');

        CsvReadResult result = PriceListCsv.read(atLimit, null, CsvFixtures.CATALOG, Provider.VOLCENGINE);

        assertThat(result.errors()).extracting(CsvError::code).containsExactly(CsvErrorCode.EMPTY_FILE);
    }

    @Test
    void moreThanFiftyThousandRowsIsRefused() {
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (int i = 0; i <= PriceListCsv.MAX_ROWS; i++) { // 50,001 rows, all invalid (unknown type) on purpose
            csv.append("VOLCENGINE,cn-beijing,t").append(i).append(",HOURLY,1,1,CNY\n");
        }

        CsvReadResult result = PriceListCsv.read(csv.toString().getBytes(), null, CsvFixtures.CATALOG, Provider.VOLCENGINE);

        assertThat(result.errors()).singleElement().satisfies(e -> {
            assertThat(e.code()).isEqualTo(CsvErrorCode.TOO_MANY_ROWS);
            assertThat(e.message()).isEqualTo("The file has more than 50000 data rows and was refused.");
        });
        assertThat(result.errorCount()).isEqualTo(1);
    }

    @Test
    void exactlyFiftyThousandRowsAreRead() {
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (int i = 0; i < PriceListCsv.MAX_ROWS; i++) {
            csv.append("VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,").append(i).append(",1,CNY\n");
        }

        CsvReadResult result = PriceListCsv.read(csv.toString().getBytes(), null, CsvFixtures.CATALOG, Provider.VOLCENGINE);

        // not refused: every row after the first is a duplicate key, reported individually
        assertThat(result.dataRows()).isEqualTo(PriceListCsv.MAX_ROWS);
        assertThat(result.errorCount()).isEqualTo(PriceListCsv.MAX_ROWS - 1);
        assertThat(result.errors()).hasSize(PriceListCsv.MAX_REPORTED_ERRORS)
                .allSatisfy(e -> assertThat(e.code()).isEqualTo(CsvErrorCode.DUPLICATE_KEY));
        assertThat(result.errorsTruncated()).isTrue();
    }

    // ---- every error at once

    @Test
    void collectsEveryErrorOfEveryRowAndColumnInFileOrder() {
        CsvReadResult result = read(HEADER,
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,1,1,CNY",
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,WEEKLY,x,-1,EUR",
                "VOLCENGINE,cn-shanghai,ecs.pni2l.28xlarge,HOURLY,1.00001,1,CNY",
                "VOLCENGINE,cn-beijing,nope,MONTHLY,1,1,CNY",
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,2,2,CNY");

        assertThat(result.isValid()).isFalse();
        assertThat(result.rows()).as("an invalid file yields no rows to apply").isEmpty();
        assertThat(result.errorCount()).isEqualTo(result.errors().size());
        assertThat(result.errors()).extracting(CsvError::row, CsvError::column, CsvError::code)
                .containsExactly(
                        tuple(3, "billing_mode", CsvErrorCode.INVALID_BILLING_MODE),
                        tuple(3, "list_price", CsvErrorCode.NOT_A_NUMBER),
                        tuple(3, "cost_price", CsvErrorCode.NEGATIVE_PRICE),
                        tuple(3, "currency", CsvErrorCode.WRONG_CURRENCY),
                        tuple(4, "list_price", CsvErrorCode.TOO_MANY_DECIMALS),
                        tuple(4, "region", CsvErrorCode.REGION_NOT_OFFERED),
                        tuple(5, "instance_type", CsvErrorCode.UNKNOWN_INSTANCE_TYPE),
                        tuple(6, "instance_type", CsvErrorCode.DUPLICATE_KEY));
    }

    @Test
    void missingColumnStillValidatesTheOtherColumns() {
        CsvReadResult result = read("provider,region,instance_type,billing_mode,list_price,cost_price",
                "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,abc,1");

        assertThat(result.errors()).extracting(CsvError::row, CsvError::column, CsvError::code)
                .containsExactly(
                        tuple(1, "currency", CsvErrorCode.MISSING_COLUMN),
                        tuple(2, "list_price", CsvErrorCode.NOT_A_NUMBER));
    }
}
