package com.gpuquote.portal;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.SignedIn;
import com.gpuquote.MigrationBackfill;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.portal.internal.PortalThrottle;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 18 (V89): an order is read from the rows written at acceptance, not by parsing the accepted snapshot; those
 * rows say exactly what the snapshot the customer accepted says about the accepted option, and the migration's
 * backfill of earlier acceptances writes the same rows as the application.
 */
class PortalOrderRowsTest extends IntegrationTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    PortalThrottle throttle;
    @Autowired
    PortalOrders portalOrders;
    @Autowired
    SignedIn signedIn;

    private final ObjectMapper json = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));

    @Test
    void theOrderSaysWhatTheAcceptedSnapshotSaysAndTheBackfillWritesTheSameRows() throws Exception {
        throttle.reset("127.0.0.1");
        Api anonymous = Api.anonymous(baseUrl());
        TestTenants.TestTenant t = fixtures.tenantWithPrices();
        // option A: one hourly line; option B: one monthly line and a one-time service
        PortalFixtures.Sent first = fixtures.sentQuote(t, "zh-CN");
        PortalFixtures.Sent second = fixtures.sentQuote(t, "en");
        for (var accepted : List.of(new Object[] {first, "A"}, new Object[] {second, "B"})) {
            PortalFixtures.Sent s = (PortalFixtures.Sent) accepted[0];
            var ok = anonymous.post("/portal/api/" + s.token() + "/accept", PortalApiTest.accept(s.optionId((String) accepted[1])));
            assertThat(ok.status()).as(ok.body()).isEqualTo(200);
        }

        for (PortalFixtures.Sent s : List.of(first, second)) {
            OrderSummary order = signedIn.as(t.consultantEmail(), () -> portalOrders.order(s.quoteId())).orElseThrow();
            JsonNode snapshot;
            UUID optionId;
            try (Connection c = TestDatabase.adminConnection(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("select snapshot, option_id from portal_acceptances where quote_id = '"
                         + s.quoteId().value() + "'")) {
                assertThat(rs.next()).isTrue();
                snapshot = json.readTree(rs.getString(1));
                optionId = rs.getObject(2, UUID.class);
            }
            JsonNode option = null;
            for (JsonNode o : snapshot.path("options")) {
                if (o.path("id").asText().equals(optionId.toString())) {
                    option = o;
                }
            }
            assertThat(option).isNotNull();
            assertThat(order.quoteNumber()).isEqualTo(snapshot.path("number").asText());
            assertThat(order.version()).isEqualTo(snapshot.path("version").asInt());
            assertThat(order.customerName()).isEqualTo(snapshot.path("customerName").asText());
            assertThat(order.projectName()).isEqualTo(snapshot.path("projectName").asText());
            assertThat(order.currency()).isEqualTo(snapshot.path("currency").asText());
            assertThat(order.optionName()).isEqualTo(option.path("name").asText());
            assertThat(order.monthlyNet()).isEqualTo(option.path("totals").path("monthlyNet").decimalValue());
            assertThat(order.grandTotal()).isEqualTo(option.path("totals").path("grandTotal").decimalValue());
            List<String> items = new ArrayList<>();
            for (JsonNode l : option.path("lines")) {
                items.add(String.join("|", l.path("instanceType").asText(), l.path("region").asText(),
                        l.path("billingMode").asText(), l.path("quantity").asText(), l.path("termMonths").asText(),
                        l.path("hoursPerMonth").asText(), l.path("unitPrice").decimalValue().toPlainString(),
                        l.path("monthlyAmount").decimalValue().toPlainString(),
                        l.path("termAmount").decimalValue().toPlainString()));
            }
            assertThat(items).isNotEmpty();
            assertThat(order.items()).extracting(i -> String.join("|", i.instanceType(), i.region(),
                    i.billingMode().name(), String.valueOf(i.quantity()), String.valueOf(i.termMonths()),
                    String.valueOf(i.hoursPerMonth()), i.unitPrice().toPlainString(), i.monthlyAmount().toPlainString(),
                    i.termAmount().toPlainString())).containsExactlyElementsOf(items);
            List<String> services = new ArrayList<>();
            for (JsonNode v : option.path("services")) {
                services.add(v.path("description").asText() + "|" + v.path("charge").asText() + "|"
                        + v.path("amount").decimalValue().toPlainString());
            }
            assertThat(order.services()).extracting(v -> v.description() + "|" + v.charge().name() + "|"
                    + v.amount().toPlainString()).containsExactlyElementsOf(services);
        }
        OrderSummary withService = signedIn.as(t.consultantEmail(), () -> portalOrders.order(second.quoteId())).orElseThrow();
        assertThat(withService.services()).singleElement()
                .satisfies(v -> assertThat(v.amount()).isEqualByComparingTo(new BigDecimal("3000")));

        List<String> backfill = MigrationBackfill.statements("V89__portal_orders.sql");
        try (Connection c = TestDatabase.adminConnection()) {
            List<String> written = rows(c, t);
            assertThat(written).hasSize(2 + 1 + 2);
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                st.execute("delete from portal_order_lines");
                st.execute("delete from portal_orders");
                for (String statement : backfill) {
                    st.execute(statement);
                }
                assertThat(rows(c, t)).containsExactlyElementsOf(written);
            } finally {
                c.rollback();
            }
        }
    }

    /** The tenant's order and order line rows as text (amounts with their scale, as stored). */
    private static List<String> rows(Connection c, TestTenants.TestTenant t) throws SQLException {
        List<String> rows = new ArrayList<>();
        String tenant = t.tenant().id().value().toString();
        try (Statement st = c.createStatement()) {
            for (String sql : List.of(
                    "select o::text from portal_orders o where tenant_id = '" + tenant + "' order by quote_id",
                    "select l::text from portal_order_lines l where tenant_id = '" + tenant + "' order by quote_id, position")) {
                try (ResultSet rs = st.executeQuery(sql)) {
                    while (rs.next()) {
                        rows.add(rs.getString(1));
                    }
                }
            }
        }
        return rows;
    }
}
