package com.gpuquote.pricing;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.TestTenants;
import com.gpuquote.TestTenants.TestTenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 39: the price-list import preview warns, without refusing, on implausible rows (list 0, cost above list, spot
 * above hourly, a change over 20 % against the list in force) and counts the rows whose margin on list price would
 * be under the tenant's floor. Which rows warn is worked out here, from the two files, by a calculator of its own.
 */
class PriceListPreviewWarningsApiTest extends PricingTestSupport {

    static final String A10X8 = "ecs.gni2.28xlarge";
    static final String T4X2 = "ecs.g1tl.8xlarge";

    /** One CSV row: type, region cn-beijing, mode, list, cost. */
    record Row(String type, String mode, String list, String cost) {
        String csv() {
            return line(type, "cn-beijing", mode, list, cost);
        }

        String key() {
            return type + "/" + mode;
        }
    }

    static final List<Row> IN_FORCE = List.of(
            new Row(A10, "HOURLY", "10", "6"), new Row(A10, "SPOT", "4", "3"), new Row(A10, "MONTHLY", "5000", "3000"),
            new Row(A10X8, "HOURLY", "80", "50"), new Row(A10X8, "MONTHLY", "40000", "25000"),
            new Row(T4, "HOURLY", "3", "2"), new Row(T4, "MONTHLY", "1500", "1000"));

    static final List<Row> FILE = List.of(
            new Row(A10, "HOURLY", "10", "6"),            // as in force
            new Row(A10, "SPOT", "12", "3"),              // above hourly 10; list +200 %
            new Row(A10, "MONTHLY", "0", "3000"),         // list 0, cost above list, list −100 %, under the floor
            new Row(A10X8, "HOURLY", "96", "50"),         // exactly +20 %: no warning
            new Row(A10X8, "MONTHLY", "40000", "39000"),  // cost +56 %, margin 2.5 % under a 5 % floor
            new Row(T4, "HOURLY", "3", "3.5"),            // cost above list, cost +75 %, under the floor
            new Row(T4, "MONTHLY", "1800.0001", "1000"),  // list +20.00000667 %: over 20 %
            new Row(T4X2, "HOURLY", "1.0001", "0.3"),     // new row, nothing in force
            new Row(T4X2, "SPOT", "1.0001", "0.3"));      // spot equal to hourly: not above

    @org.springframework.beans.factory.annotation.Autowired
    com.gpuquote.tenancy.TenantService tenants;

    private TestTenant t;
    private Api admin;

    @BeforeEach
    void listInForce() {
        t = testTenants.create();
        admin = Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD);
        String live = draft("在用价目表");
        assertThat(putCsv(live, IN_FORCE, "").status()).isEqualTo(200);
        Api.Response published = admin.post("/api/v1/price-lists/" + live + "/publish", Map.of());
        assertThat(published.status()).as(published.body()).isEqualTo(200);
    }

    private String draft(String name) {
        Api.Response r = admin.post("/api/v1/price-lists", Map.of("name", name, "provider", "VOLCENGINE"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    private static String file(List<Row> rows) {
        StringBuilder b = new StringBuilder(HEADER).append('\n');
        rows.forEach(r -> b.append(r.csv()).append('\n'));
        return b.toString();
    }

    private Api.Response putCsv(String id, List<Row> rows, String query) {
        return admin.send("PUT", "/api/v1/price-lists/" + id + "/rows" + query, "text/csv", file(rows));
    }

    private Api.Response preview(Api api, String id, List<Row> rows, String query) {
        return api.send("POST", "/api/v1/price-lists/" + id + "/rows/preview" + query, "text/csv", file(rows));
    }

    /**
     * The calculator: "row:code:field" of every warning the file should get, the header being row 1. Against the
     * in-force rows by key; spot against the hourly row of the same type in the file (or, for an upsert, in
     * {@code kept}).
     */
    static Set<String> expectedWarnings(List<Row> file, List<Row> inForce, List<Row> kept) {
        Map<String, Row> live = new HashMap<>();
        inForce.forEach(r -> live.put(r.key(), r));
        Map<String, Row> after = new HashMap<>();
        kept.forEach(r -> after.put(r.key(), r));
        file.forEach(r -> after.put(r.key(), r));
        Set<String> out = new TreeSet<>();
        for (int i = 0; i < file.size(); i++) {
            Row r = file.get(i);
            int row = i + 2;
            double list = Double.parseDouble(r.list());
            double cost = Double.parseDouble(r.cost());
            if (list == 0) {
                out.add(row + ":LIST_ZERO:listPrice");
            }
            if (cost > list) {
                out.add(row + ":COST_ABOVE_LIST:costPrice");
            }
            Row hourly = after.get(r.type() + "/HOURLY");
            if (r.mode().equals("SPOT") && hourly != null && list > Double.parseDouble(hourly.list())) {
                out.add(row + ":SPOT_ABOVE_HOURLY:listPrice");
            }
            Row old = live.get(r.key());
            if (old != null) {
                if (overTwentyPercent(old.list(), r.list())) {
                    out.add(row + ":CHANGE_OVER_20_PERCENT:listPrice");
                }
                if (overTwentyPercent(old.cost(), r.cost())) {
                    out.add(row + ":CHANGE_OVER_20_PERCENT:costPrice");
                }
            }
        }
        return out;
    }

    /** |new − old| > 20 % of old, exactly (decimals, not doubles: 1800.0001 against 1500 is over). */
    static boolean overTwentyPercent(String old, String now) {
        BigDecimal o = new BigDecimal(old);
        BigDecimal n = new BigDecimal(now);
        return o.signum() == 0 ? n.signum() != 0
                : n.subtract(o).abs().compareTo(o.multiply(new BigDecimal("0.2"))) > 0;
    }

    /** Rows whose margin on list, (list − cost) / list, is under the floor (a list of 0 has no margin: under). */
    static long expectedBelowFloor(List<Row> file, BigDecimal floor) {
        return file.stream().filter(r -> {
            BigDecimal list = new BigDecimal(r.list());
            BigDecimal cost = new BigDecimal(r.cost());
            if (list.signum() == 0) {
                return cost.signum() > 0;
            }
            return list.subtract(cost).divide(list, 10, RoundingMode.HALF_UP).compareTo(floor) < 0;
        }).count();
    }

    private static Set<String> actualWarnings(JsonNode preview) {
        Set<String> out = new TreeSet<>();
        preview.path("warnings").forEach(w -> out.add(w.path("row").asInt() + ":" + w.path("code").asText() + ":"
                + w.path("field").asText()));
        return out;
    }

    @Test
    void implausibleRowsWarnWithRowAndPricesAndTheImportStillGoesThrough() {
        String id = draft("2027 新价目表");
        Api.Response r = preview(admin, id, FILE, "");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode p = r.json();
        assertThat(actualWarnings(p)).isEqualTo(expectedWarnings(FILE, IN_FORCE, List.of()))
                .contains("3:SPOT_ABOVE_HOURLY:listPrice", "4:LIST_ZERO:listPrice", "7:COST_ABOVE_LIST:costPrice")
                .doesNotContain("5:CHANGE_OVER_20_PERCENT:listPrice", "10:SPOT_ABOVE_HOURLY:listPrice");
        assertThat(p.path("added").asInt()).isEqualTo(FILE.size()); // the draft was empty
        assertThat(p.path("removed").asInt()).isZero();

        assertThat(new BigDecimal(p.path("marginFloorPct").asText())).isEqualByComparingTo("0.05"); // the default
        assertThat(p.path("belowFloorRows").asLong()).isEqualTo(expectedBelowFloor(FILE, new BigDecimal("0.05")))
                .isEqualTo(3);
        // the tenant's own floor counts: at 45 % also the 40 % and 44 % rows
        BigDecimal floor = new BigDecimal("0.45");
        as(t.adminEmail(), () -> {
            var current = tenants.current();
            tenants.updateSettings(new com.gpuquote.tenancy.TenantSettings(current.name(), current.vatRate(), floor,
                    current.locale(), current.version()));
        });
        JsonNode strict = preview(admin, id, FILE, "").json();
        assertThat(new BigDecimal(strict.path("marginFloorPct").asText())).isEqualByComparingTo(floor);
        assertThat(strict.path("belowFloorRows").asLong()).isEqualTo(expectedBelowFloor(FILE, floor)).isEqualTo(5);

        // a change names the old (in force) and the new price
        JsonNode spotChange = find(p, 3, "CHANGE_OVER_20_PERCENT", "listPrice");
        assertThat(spotChange.path("oldPrice").asText()).isEqualTo("4.0000");
        assertThat(spotChange.path("newPrice").asText()).isEqualTo("12.0000");
        assertThat(spotChange.path("changePercent").asText()).isEqualTo("200.00");
        assertThat(spotChange.path("instanceType").asText()).isEqualTo(A10);
        assertThat(spotChange.path("billingMode").asText()).isEqualTo("SPOT");
        JsonNode costAbove = find(p, 7, "COST_ABOVE_LIST", "costPrice");
        assertThat(costAbove.path("price").asText()).isEqualTo("3.5000");
        assertThat(costAbove.path("reference").asText()).isEqualTo("3.0000");
        assertThat(costAbove.path("message").asText()).contains("3.5", "3");
        assertThat(find(p, 3, "SPOT_ABOVE_HOURLY", "listPrice").path("reference").asText()).isEqualTo("10.0000");

        // nothing written by the preview; the import of the same file is not refused
        assertThat(admin.get("/api/v1/price-lists/" + id).json().path("rowCount").asInt()).isZero();
        Api.Response imported = putCsv(id, FILE, "?expectedRowVersion=" + p.path("draftRowVersion").asInt());
        assertThat(imported.status()).as(imported.body()).isEqualTo(200);
        assertThat(imported.json().path("added").asInt()).isEqualTo(FILE.size());
    }

    @Test
    void anUpsertHoldsASpotRowAgainstTheHourlyRowItKeeps() {
        String id = draft("增量");
        List<Row> kept = List.of(new Row(A10, "HOURLY", "10", "6"));
        assertThat(putCsv(id, kept, "").status()).isEqualTo(200);
        List<Row> partial = List.of(new Row(A10, "SPOT", "11", "3"));
        JsonNode upsert = preview(admin, id, partial, "?mode=upsert").json();
        assertThat(actualWarnings(upsert)).isEqualTo(expectedWarnings(partial, IN_FORCE, kept))
                .contains("2:SPOT_ABOVE_HOURLY:listPrice");
        // replaced, the file has no hourly row to compare with
        JsonNode replace = preview(admin, id, partial, "?mode=replace").json();
        assertThat(actualWarnings(replace)).isEqualTo(expectedWarnings(partial, IN_FORCE, List.of()))
                .doesNotContain("2:SPOT_ABOVE_HOURLY:listPrice");
    }

    @Test
    void aPlausibleFileHasNoWarningsAnInvalidOneIsA422AndConsultantsMayNotPreview() {
        String id = draft("干净");
        List<Row> plausible = new ArrayList<>(IN_FORCE);
        JsonNode clean = preview(admin, id, plausible, "").json();
        assertThat(clean.path("warnings")).isEmpty();
        assertThat(clean.path("belowFloorRows").asInt()).isZero();

        Api.Response invalid = admin.send("POST", "/api/v1/price-lists/" + id + "/rows/preview", "text/csv",
                HEADER + "\n" + line(A10, "cn-beijing", "HOURLY", "abc", "1") + "\n");
        assertThat(invalid.status()).isEqualTo(422);
        assertThat(invalid.json().path("errors").get(0).path("row").asInt()).isEqualTo(2);
        assertThat(invalid.json().path("errors").get(0).path("column").asText()).isEqualTo("list_price");

        Api consultant = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
        assertThat(preview(consultant, id, plausible, "").status()).isIn(403, 404);
        assertThat(admin.get("/api/v1/price-lists/" + id).json().path("rowCount").asInt()).isZero();
    }

    private static JsonNode find(JsonNode preview, int row, String code, String field) {
        for (JsonNode w : preview.path("warnings")) {
            if (w.path("row").asInt() == row && w.path("code").asText().equals(code)
                    && w.path("field").asText().equals(field)) {
                return w;
            }
        }
        throw new AssertionError("no " + code + " on row " + row + " (" + field + "): " + preview.path("warnings"));
    }
}
