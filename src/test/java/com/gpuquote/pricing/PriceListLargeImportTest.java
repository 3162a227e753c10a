package com.gpuquote.pricing;

import com.gpuquote.CalendarTest;
import com.gpuquote.TestDatabase;
import com.gpuquote.catalog.Provider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A 10,000-row price list goes through preview and import. The shipped catalog has only ~300 distinct keys, so the
 * test adds 1,250 temporary instance types (× 2 regions × 4 modes = 10,000 keys) and removes them afterwards.
 * Its duration is reported by PriceListDatabaseImportBench (docs/benchmarks.md), not asserted here.
 */
@CalendarTest
class PriceListLargeImportTest extends PricingTestSupport {

    static final int TYPES = 1_250;
    static final String[] REGIONS = {"cn-beijing", "cn-shanghai"};
    static final String[] MODES = {"HOURLY", "MONTHLY", "YEARLY", "SPOT"};

    private PriceListId draftId;

    @BeforeEach
    void addTemporaryInstanceTypes() throws SQLException {
        try (Connection c = TestDatabase.adminConnection(); Statement st = c.createStatement()) {
            st.execute("""
                    insert into instance_types (provider, family, code, gpu_model, gpu_count, vcpu, ram_gib, network_gbps,
                                                source, sample)
                    select 'VOLCENGINE', 'ecs.bulktest', 'ecs.bulktest.s' || i, 'A10-PCIE-24GB', 1, 8, 32, 10,
                           'PriceListLargeImportTest', true
                    from generate_series(1, %d) i""".formatted(TYPES));
            st.execute("""
                    insert into instance_type_regions (instance_type_id, provider, region_code)
                    select t.id, t.provider, r.code from instance_types t
                    cross join (values ('cn-beijing'), ('cn-shanghai')) r (code)
                    where t.family = 'ecs.bulktest'""");
        }
    }

    @AfterEach
    void removeTemporaryInstanceTypes() throws SQLException {
        try (Connection c = TestDatabase.adminConnection(); Statement st = c.createStatement()) {
            if (draftId != null) {
                st.execute("delete from price_list_rows where price_list_id = '" + draftId.value() + "'");
                st.execute("delete from price_lists where id = '" + draftId.value() + "'");
            }
            st.execute("delete from instance_types where family = 'ecs.bulktest'");
        }
    }

    static byte[] tenThousandRows() {
        StringBuilder b = new StringBuilder(HEADER).append('\n');
        for (int i = 1; i <= TYPES; i++) {
            for (String region : REGIONS) {
                for (String mode : MODES) {
                    b.append(line("ecs.bulktest.s" + i, region, mode, (10 + i % 97) + ".1234", (9 + i % 97) + ".5")).append('\n');
                }
            }
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aTenThousandRowFileIsPreviewedAndImportedInFull() {
        var t = testTenants.create();
        byte[] file = tenThousandRows();
        as(t.adminEmail(), () -> {
            PriceList draft = priceLists.createDraft(NewPriceList.empty("bulk", Provider.VOLCENGINE, clock.instant()));
            draftId = draft.id();
            ImportPreview preview = priceLists.preview(draft.id(), file, null);
            assertThat(preview.errors()).isEmpty();
            assertThat(preview.diff().added()).hasSize(10_000);
            ImportResult result = priceLists.applyImport(draft.id(), file, null);
            assertThat(result.added()).isEqualTo(10_000);
            assertThat(priceLists.rows(draft.id())).hasSize(10_000)
                    .anySatisfy(r -> assertThat(r.listPrice()).isEqualByComparingTo("11.1234"));
            // importing the same file again changes nothing
            assertThat(priceLists.applyImport(draft.id(), file, null).unchanged()).isEqualTo(10_000);
        });
    }
}
