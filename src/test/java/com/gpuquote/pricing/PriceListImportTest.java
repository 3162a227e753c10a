package com.gpuquote.pricing;

import com.gpuquote.shared.CsvError;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.TestTenants.TestTenant;
import com.gpuquote.catalog.Provider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.security.access.AccessDeniedException;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Import into a draft through the service: one test per error kind, the draft untouched on error, preview/apply. */
class PriceListImportTest extends PricingTestSupport {

    private TestTenant t;
    private PriceList draft;
    private static final byte[] ORIGINAL = csv(line(A10, "cn-beijing", "HOURLY", "10.0000", "9.0000"));

    @BeforeEach
    void draftWithOneRow() {
        t = testTenants.create();
        draft = as(t.adminEmail(), () -> {
            PriceList d = priceLists.createDraft(NewPriceList.empty("Import test", Provider.VOLCENGINE, null));
            priceLists.applyImport(d.id(), ORIGINAL, null);
            return d;
        });
    }

    /** Imports a file that must fail with exactly this error at this row and column; the draft must be unchanged. */
    private void assertRefused(byte[] file, int row, String column, CsvErrorCode code) {
        as(t.adminEmail(), () -> {
            List<PriceRow> before = priceLists.rows(draft.id());
            int rowVersion = priceLists.get(draft.id()).rowVersion();
            ImportPreview preview = priceLists.preview(draft.id(), file, null);
            assertThat(preview.isValid()).isFalse();
            assertThat(preview.diff()).isNull();
            assertThat(preview.errors()).anySatisfy(e -> {
                assertThat(e.code()).isEqualTo(code);
                assertThat(e.row()).isEqualTo(row);
                assertThat(e.column()).isEqualTo(column);
            });
            assertThatThrownBy(() -> priceLists.applyImport(draft.id(), file, null))
                    .isInstanceOfSatisfying(PriceListImportException.class, e ->
                            assertThat(e.errors()).extracting(CsvError::code).contains(code));
            assertThat(priceLists.rows(draft.id())).isEqualTo(before);
            assertThat(priceLists.get(draft.id()).rowVersion()).isEqualTo(rowVersion);
        });
    }

    @Test
    void nonNumericPrice() {
        assertRefused(csv(line(A10, "cn-beijing", "HOURLY", "12.5x", "9")), 2, "list_price", CsvErrorCode.NOT_A_NUMBER);
    }

    @Test
    void negativePrice() {
        assertRefused(csv(line(A10, "cn-beijing", "HOURLY", "12", "-1")), 2, "cost_price", CsvErrorCode.NEGATIVE_PRICE);
    }

    @Test
    void moreThanFourDecimals() {
        assertRefused(csv(line(A10, "cn-beijing", "HOURLY", "12.12345", "9")), 2, "list_price",
                CsvErrorCode.TOO_MANY_DECIMALS);
    }

    @Test
    void unknownInstanceType() {
        assertRefused(csv(line("ecs.nope.xlarge", "cn-beijing", "HOURLY", "12", "9")), 2, "instance_type",
                CsvErrorCode.UNKNOWN_INSTANCE_TYPE);
    }

    @Test
    void typeNotOfferedInRegion() {
        assertRefused(csv(line(A10, "cn-guangzhou", "HOURLY", "12", "9")), 2, "region", CsvErrorCode.REGION_NOT_OFFERED);
    }

    @Test
    void duplicateKey() {
        assertRefused(csv(line(A10, "cn-beijing", "HOURLY", "12", "9"), line(A10, "cn-beijing", "hourly", "13", "9")),
                3, "instance_type", CsvErrorCode.DUPLICATE_KEY);
    }

    @Test
    void missingColumn() {
        byte[] file = ("provider,region,instance_type,billing_mode,list_price,currency\n"
                + "VOLCENGINE,cn-beijing," + A10 + ",HOURLY,12,CNY\n").getBytes(StandardCharsets.UTF_8);
        assertRefused(file, 1, "cost_price", CsvErrorCode.MISSING_COLUMN);
    }

    @Test
    void wrongCurrency() {
        byte[] file = csv("VOLCENGINE,cn-beijing," + A10 + ",HOURLY,12,9,USD");
        assertRefused(file, 2, "currency", CsvErrorCode.WRONG_CURRENCY);
    }

    @Test
    void everyErrorIsReportedAtOnce() {
        byte[] file = csv(line(A10, "cn-beijing", "HOURLY", "x", "-1"), line("ecs.nope.x", "cn-beijing", "SPOT", "1", "1"),
                "VOLCENGINE,cn-beijing," + A10 + ",MONTHLY,1.00001,1,EUR");
        ImportPreview preview = as(t.adminEmail(), () -> priceLists.preview(draft.id(), file, null));
        assertThat(preview.errors()).extracting(CsvError::code).containsExactlyInAnyOrder(
                CsvErrorCode.NOT_A_NUMBER, CsvErrorCode.NEGATIVE_PRICE, CsvErrorCode.UNKNOWN_INSTANCE_TYPE,
                CsvErrorCode.TOO_MANY_DECIMALS, CsvErrorCode.WRONG_CURRENCY);
    }

    @Test
    void previewWritesNothingAndApplyWritesTheDiff() {
        byte[] file = csv(line(A10, "cn-beijing", "HOURLY", "13.0000", "9.0000"),
                line(A10, "cn-shanghai", "SPOT", "3.0000", "2.5000"));
        as(t.adminEmail(), () -> {
            ImportPreview preview = priceLists.preview(draft.id(), file, StandardCharsets.UTF_8);
            assertThat(preview.isValid()).isTrue();
            assertThat(preview.diff().added()).hasSize(1);
            assertThat(preview.diff().changed()).singleElement().satisfies(c -> {
                assertThat(c.listPriceChangePercent()).isEqualByComparingTo("30.00");
                assertThat(c.flagged()).isTrue();
            });
            assertThat(priceLists.rows(draft.id())).singleElement()
                    .satisfies(r -> assertThat(r.listPrice()).isEqualByComparingTo("10"));

            ImportResult result = priceLists.applyImport(draft.id(), file, StandardCharsets.UTF_8);
            assertThat(result).isEqualTo(new ImportResult(1, 1, 0, 0));
            assertThat(priceLists.rows(draft.id())).extracting(PriceRow::listPrice)
                    .containsExactly(new BigDecimal("13.0000"), new BigDecimal("3.0000"));
        });
    }

    @Test
    void gb18030FileWithChineseExtraColumnIsRead() {
        byte[] file = (HEADER + ",备注\n" + line(T4, "cn-shanghai", "YEARLY", "1000", "900") + ",华东价格\n")
                .getBytes(PriceListCsv.GB18030);
        ImportResult result = as(t.adminEmail(), () -> priceLists.applyImport(draft.id(), file, null));
        assertThat(result).isEqualTo(new ImportResult(1, 0, 1, 0));
    }

    @Test
    void consultantCannotImportOrSeeDrafts() {
        as(t.consultantEmail(), () -> {
            assertThatThrownBy(() -> priceLists.applyImport(draft.id(), ORIGINAL, null))
                    .isInstanceOf(AccessDeniedException.class);
            assertThatThrownBy(() -> priceLists.preview(draft.id(), ORIGINAL, null))
                    .isInstanceOf(AccessDeniedException.class);
            assertThatThrownBy(() -> priceLists.listPriceRows(draft.id(), 0, 10))
                    .isInstanceOf(com.gpuquote.shared.NotFoundException.class);
            assertThat(priceLists.list()).isEmpty();
        });
    }

    @Test
    void rowEditIsValidatedAndOnlyForDrafts() {
        as(t.adminEmail(), () -> {
            PriceRow edited = priceLists.saveRow(draft.id(), new PriceRow(Provider.VOLCENGINE, "cn-beijing", A10,
                    BillingMode.HOURLY, new BigDecimal("11.5"), new BigDecimal("10"), "CNY"));
            assertThat(edited.listPrice()).isEqualTo(new BigDecimal("11.5000"));
            assertThatThrownBy(() -> priceLists.saveRow(draft.id(), new PriceRow(Provider.VOLCENGINE, "cn-guangzhou",
                    A10, BillingMode.HOURLY, new BigDecimal("1.00001"), BigDecimal.ONE, "CNY")))
                    .isInstanceOfSatisfying(com.gpuquote.shared.InvalidInputException.class, e ->
                            assertThat(e.errors()).extracting(com.gpuquote.shared.FieldError::field)
                                    .containsExactlyInAnyOrder("region", "listPrice"));
            priceLists.deleteRow(draft.id(), a10Hourly());
            assertThat(priceLists.rows(draft.id())).isEmpty();
        });
    }
}
