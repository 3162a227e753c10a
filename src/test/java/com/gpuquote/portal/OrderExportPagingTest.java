package com.gpuquote.portal;

import com.gpuquote.CalendarTest;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.SignedIn;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.portal.internal.PortalRepository;
import com.gpuquote.portal.internal.PortalThrottle;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 18: the orders export reads all of a tenant's acceptances page by page, each page continuing after the last
 * row of the one before (keyset), so it neither skips nor repeats an order, also when customers accepted at the same
 * instant.
 */
@CalendarTest
class OrderExportPagingTest extends IntegrationTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    PortalThrottle throttle;
    @Autowired
    PortalRepository repository;
    @Autowired
    PortalOrders portalOrders;
    @Autowired
    SignedIn signedIn;

    @Test
    void pagesAfterTheLastRowCoverEveryOrderOnceInTheListsOrderEvenAtTheSameInstant() throws Exception {
        throttle.reset("127.0.0.1");
        Api anonymous = Api.anonymous(baseUrl());
        TestTenants.TestTenant t = fixtures.tenantWithPrices();
        List<UUID> accepted = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            PortalFixtures.Sent s = fixtures.sentQuote(t, "zh-CN");
            var ok = anonymous.post("/portal/api/" + s.token() + "/accept", PortalApiTest.accept(s.optionId("A")));
            assertThat(ok.status()).as(ok.body()).isEqualTo(200);
            accepted.add(s.quoteId().value());
        }
        // three of the five accepted in the same microsecond (acceptances are final: the trigger is bypassed here)
        try (Connection c = TestDatabase.adminConnection(); Statement st = c.createStatement()) {
            st.execute("set session_replication_role = replica");
            st.execute("update portal_acceptances set accepted_at = timestamptz '2026-11-30 10:00:00.123456+00' "
                    + "where quote_id in ('" + accepted.get(1) + "', '" + accepted.get(2) + "', '" + accepted.get(3) + "')");
            st.execute("update portal_acceptances set accepted_at = timestamptz '2026-11-01 08:00:00+00' "
                    + "where quote_id = '" + accepted.get(0) + "'");
        }

        List<UUID> listOrder = fixtures.inTenant(t.tenant().id(),
                () -> repository.orders(t.tenant().id(), 0, 100).stream().map(o -> o.order().quoteId()).toList());
        assertThat(listOrder).containsExactlyInAnyOrderElementsOf(accepted);
        for (int pageSize : new int[] {1, 2, 3, 5}) {
            List<UUID> paged = fixtures.inTenant(t.tenant().id(), () -> {
                List<UUID> all = new ArrayList<>();
                PortalRepository.OrderRow last = null;
                while (true) {
                    List<PortalRepository.OrderRow> page = repository.ordersAfter(t.tenant().id(), last, pageSize);
                    page.forEach(o -> all.add(o.order().quoteId()));
                    if (page.size() < pageSize) {
                        return all;
                    }
                    last = page.get(page.size() - 1);
                }
            });
            assertThat(paged).as("page size " + pageSize).containsExactlyElementsOf(listOrder);
        }
        // newest first: the last one accepted (now), the tied three, the first one (moved back to November 1)
        assertThat(listOrder.get(0)).isEqualTo(accepted.get(4));
        assertThat(listOrder.subList(1, 4)).containsExactlyInAnyOrder(accepted.get(1), accepted.get(2), accepted.get(3));
        assertThat(listOrder.get(4)).isEqualTo(accepted.get(0));
        List<OrderSummary> all = signedIn.as(t.consultantEmail(), () -> portalOrders.orders(0, 100));
        assertThat(all).extracting(OrderSummary::quoteId).containsExactlyElementsOf(listOrder);
        // the CSV download, page by page in transactions of its own: each order's row once, in the list's order
        for (int pageSize : new int[] {1, 2, 3, 5}) {
            StringWriter csv = new StringWriter();
            signedIn.as(t.consultantEmail(), () -> {
                try {
                    portalOrders.writeOrdersCsv(csv, pageSize);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return null;
            });
            assertThat(csv.toString().lines().skip(1).map(l -> l.substring(0, l.indexOf(','))).toList())
                    .as("page size " + pageSize).containsExactlyElementsOf(all.stream().map(OrderSummary::quoteNumber).toList());
        }
    }
}
