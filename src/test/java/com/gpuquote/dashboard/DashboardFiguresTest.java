package com.gpuquote.dashboard;

import com.gpuquote.CalendarTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.IntegrationTest;
import com.gpuquote.MigrationBackfill;
import com.gpuquote.TestDatabase;
import com.gpuquote.quote.QuoteId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The figures the dashboard reads instead of recomputing them (ADR 1855). The quotes' figures (V83) against the
 * pricing snapshots they are derived from: the rows the application writes at submit and the customer's choice at
 * acceptance equal what each stored snapshot says (read here with plain JSON, not the application's codec), and the
 * migration's backfill of existing quotes writes exactly the same rows. The price lists' change counts (V84): the
 * migration's backfill counts what the application counted at publication.
 */
@CalendarTest
class DashboardFiguresTest extends IntegrationTest {

    private static DashboardFixtures.Seeded seeded;

    @Autowired
    DashboardFixtures fixtures;

    private final ObjectMapper json = new ObjectMapper();

    @BeforeEach
    void seed() {
        if (seeded == null) {
            seeded = fixtures.seed(baseUrl());
        }
    }

    @Test
    void theFiguresOfEveryQuoteAreThoseOfItsStoredSnapshotWithTheAcceptedOptionChosen() throws Exception {
        Map<String, String> accepted = Map.of("Q1", "B", "Q3", "A");
        try (Connection c = TestDatabase.adminConnection()) {
            for (var e : seeded.quotes().entrySet()) {
                UUID id = e.getValue().value();
                String snapshot = single(c, "select pricing::text from quotes where id = ?", id);
                List<String> rows = figures(c, id);
                if (snapshot == null) {
                    assertThat(rows).as(e.getKey() + " is a draft: no figures").isEmpty();
                    continue;
                }
                assertThat(rows).as(e.getKey()).containsExactlyElementsOf(
                        expected(c, id, json.readTree(snapshot), accepted.get(e.getKey())));
            }
        }
    }

    @Test
    void theMigrationsBackfillWritesTheSameRowsAsTheApplication() throws Exception {
        List<String> backfill = new ArrayList<>(MigrationBackfill.statements("V83__quote_figures.sql"));
        backfill.addAll(MigrationBackfill.statements("V86__accepted_gpu_figures.sql"));
        backfill.addAll(MigrationBackfill.statements("V88__accepted_quote_figures.sql"));
        try (Connection c = TestDatabase.adminConnection()) {
            Map<UUID, List<String>> written = new HashMap<>();
            for (QuoteId id : seeded.quotes().values()) {
                written.put(id.value(), figures(c, id.value()));
            }
            assertThat(written.values()).anySatisfy(rows -> assertThat(rows).isNotEmpty());
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                st.execute("delete from quote_option_figures");
                st.execute("delete from quote_accepted_gpu_figures");
                st.execute("delete from quote_accepted_figures");
                st.execute("update quotes set chosen_option = null, chosen_subtotal = null, chosen_monthly_net = null,"
                        + " chosen_list_total = null, chosen_net_total = null, chosen_revenue = null, chosen_cost = null,"
                        + " chosen_lines = null, chosen_lines_without_cost = null");
                for (String statement : backfill) {
                    st.execute(statement);
                }
                for (QuoteId id : seeded.quotes().values()) {
                    assertThat(figures(c, id.value())).as(id.toString()).containsExactlyElementsOf(written.get(id.value()));
                }
            } finally {
                c.rollback();
            }
        }
    }

    /**
     * The chosen option's figures on the quote, then each option's row and its lines' rows, as text with amounts
     * stripped of trailing zeros.
     */
    private static List<String> figures(Connection c, UUID quote) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (PreparedStatement chosen = c.prepareStatement("""
                select chosen_option, chosen_subtotal, chosen_monthly_net, chosen_list_total, chosen_net_total,
                       chosen_revenue, chosen_cost, chosen_lines, chosen_lines_without_cost
                from quotes where id = ?""")) {
            chosen.setObject(1, quote);
            try (ResultSet q = chosen.executeQuery()) {
                q.next();
                if (q.getString(1) != null) {
                    rows.add(String.join(" ", "chosen", q.getString(1), amount(q.getBigDecimal(2)),
                            amount(q.getBigDecimal(3)), amount(q.getBigDecimal(4)), amount(q.getBigDecimal(5)),
                            amount(q.getBigDecimal(6)), amount(q.getBigDecimal(7)), q.getString(8), q.getString(9)));
                }
            }
        }
        try (PreparedStatement options = c.prepareStatement("""
                select position, name, subtotal, monthly_net, list_total, net_total, revenue, cost, lines,
                       lines_without_cost
                from quote_option_figures where quote_id = ? order by position""");
             PreparedStatement lines = c.prepareStatement("""
                     select line_no, instance_type, gpu_model, term_amount, cost_term_amount
                     from quote_line_figures where quote_id = ? and position = ? order by line_no""")) {
            options.setObject(1, quote);
            try (ResultSet o = options.executeQuery()) {
                while (o.next()) {
                    rows.add(String.join(" ", o.getString(1), o.getString(2), amount(o.getBigDecimal(3)),
                            amount(o.getBigDecimal(4)), amount(o.getBigDecimal(5)), amount(o.getBigDecimal(6)),
                            amount(o.getBigDecimal(7)), amount(o.getBigDecimal(8)), o.getString(9), o.getString(10)));
                    lines.setObject(1, quote);
                    lines.setInt(2, o.getInt(1));
                    try (ResultSet l = lines.executeQuery()) {
                        while (l.next()) {
                            rows.add(String.join(" ", "  line", l.getString(1), l.getString(2), l.getString(3),
                                    amount(l.getBigDecimal(4)), amount(l.getBigDecimal(5))));
                        }
                    }
                }
            }
        }
        try (PreparedStatement accepted = c.prepareStatement("""
                select a.customer_id, a.monthly_net, a.created_at = q.created_at, a.author_id = q.author_id
                from quote_accepted_figures a join quotes q on q.tenant_id = a.tenant_id and q.id = a.quote_id
                where a.quote_id = ?""")) {
            accepted.setObject(1, quote);
            try (ResultSet a = accepted.executeQuery()) {
                while (a.next()) {
                    rows.add(String.join(" ", "accepted", a.getString(1), amount(a.getBigDecimal(2)),
                            a.getString(3), a.getString(4)));
                }
            }
        }
        try (PreparedStatement gpus = c.prepareStatement("""
                select gpu_model, revenue, cost, lines_without_cost from quote_accepted_gpu_figures
                where quote_id = ? order by gpu_model""")) {
            gpus.setObject(1, quote);
            try (ResultSet g = gpus.executeQuery()) {
                while (g.next()) {
                    rows.add(String.join(" ", "gpu", "[" + g.getString(1) + "]", amount(g.getBigDecimal(2)),
                            amount(g.getBigDecimal(3)), g.getString(4)));
                }
            }
        }
        return rows;
    }

    /** The same rows worked out from the snapshot's JSON and the catalog. */
    private static List<String> expected(Connection c, UUID quote, JsonNode snapshot, String acceptedOption)
            throws SQLException {
        List<String> rows = new ArrayList<>();
        rows.add(null); // the chosen option's row, once known
        // an accepted quote's chosen lines per GPU model ('' unknown): revenue and cost where the cost is known, and
        // how many lines have none
        Map<String, BigDecimal[]> gpus = new java.util.TreeMap<>();
        JsonNode options = snapshot.path("options");
        for (int position = 0; position < options.size(); position++) {
            JsonNode view = options.get(position).path("view");
            String name = view.path("name").asText();
            boolean chosen = acceptedOption == null ? position == 0 : name.equals(acceptedOption);
            BigDecimal list = BigDecimal.ZERO;
            BigDecimal net = BigDecimal.ZERO;
            BigDecimal revenue = BigDecimal.ZERO;
            BigDecimal costs = BigDecimal.ZERO;
            int withoutCost = 0;
            List<String> lines = new ArrayList<>();
            for (int n = 0; n < view.path("lines").size(); n++) {
                JsonNode line = view.path("lines").get(n);
                list = list.add(line.path("listTermAmount").decimalValue());
                net = net.add(line.path("termAmount").decimalValue());
                BigDecimal cost = null;
                for (JsonNode m : options.get(position).path("margin").path("lines")) {
                    if (m.path("lineId").asText().equals(line.path("id").asText())) {
                        cost = m.path("costTermAmount").decimalValue();
                    }
                }
                if (cost == null) {
                    withoutCost++;
                } else {
                    revenue = revenue.add(line.path("termAmount").decimalValue());
                    costs = costs.add(cost);
                }
                String type = line.path("instanceType").asText();
                String model = single(c, "select gpu_model from instance_types where code = ?", type);
                lines.add(String.join(" ", "  line", String.valueOf(n), type, model,
                        amount(line.path("termAmount").decimalValue()), amount(cost)));
                if (acceptedOption != null && chosen) {
                    BigDecimal[] sums = gpus.computeIfAbsent(model == null ? "" : model,
                            k -> new BigDecimal[]{BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO});
                    if (cost == null) {
                        sums[2] = sums[2].add(BigDecimal.ONE);
                    } else {
                        sums[0] = sums[0].add(line.path("termAmount").decimalValue());
                        sums[1] = sums[1].add(cost);
                    }
                }
            }
            JsonNode totals = view.path("totals");
            String figures = String.join(" ", amount(totals.path("subtotal").decimalValue()),
                    amount(totals.path("monthlyNet").decimalValue()), amount(list), amount(net), amount(revenue),
                    amount(costs), String.valueOf(lines.size()), String.valueOf(withoutCost));
            if (chosen) {
                rows.set(0, "chosen " + position + " " + figures);
            }
            rows.add(String.join(" ", String.valueOf(position), name, figures));
            rows.addAll(lines);
        }
        if (acceptedOption != null) {
            // the accepted option's monthly value for the quote's customer (the project's, looked up here), keyed by
            // the quote's own creation time and author
            for (JsonNode option : options) {
                if (option.path("view").path("name").asText().equals(acceptedOption)) {
                    rows.add(String.join(" ", "accepted", single(c, """
                                    select p.customer_id from quotes q join projects p on p.tenant_id = q.tenant_id
                                        and p.id = q.project_id where q.id = ?""", quote),
                            amount(option.path("view").path("totals").path("monthlyNet").decimalValue()), "t", "t"));
                }
            }
        }
        gpus.forEach((model, sums) -> rows.add(String.join(" ", "gpu", "[" + model + "]", amount(sums[0]),
                amount(sums[1]), sums[2].toPlainString())));
        return rows;
    }

    private static String single(Connection c, String sql, Object param) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(sql)) {
            st.setObject(1, param);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    private static String amount(BigDecimal value) {
        return value == null ? "null" : value.stripTrailingZeros().toPlainString();
    }

    @Test
    void thePriceListMigrationCountsTheSameChangesAsPublication() throws Exception {
        String migration = Files.readString(Path.of("db/migration/V84__price_list_change_counts.sql"));
        String backfill = migration.substring(migration.indexOf("update price_lists l")).replace(";", "");
        UUID tenant = seeded.tenant().tenant().id().value();
        String read = "select version || ' ' || change_rows || ' ' || change_added || ' ' || change_removed || ' ' ||"
                + " change_changed from price_lists where tenant_id = ? order by version";
        try (Connection c = TestDatabase.adminConnection()) {
            List<String> published = column(c, read, tenant);
            // v2 re-prices A10 monthly, drops A10 yearly and adds L20 hourly against v1 (DashboardFixtures)
            assertThat(published).containsExactly("1 4 4 0 0", "2 4 1 1 1");
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                st.execute("update price_lists set change_rows = null, change_added = null, change_removed = null,"
                        + " change_changed = null");
                st.execute(backfill);
                assertThat(column(c, read, tenant)).containsExactlyElementsOf(published);
            } finally {
                c.rollback();
            }
        }
    }

    private static List<String> column(Connection c, String sql, UUID param) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement(sql)) {
            st.setObject(1, param);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }
}
