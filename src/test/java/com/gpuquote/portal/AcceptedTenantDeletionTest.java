package com.gpuquote.portal;

import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.tenancy.TenantService;
import com.gpuquote.tenancy.TenantStatus;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Issue 18: a departing reseller that published price lists and whose customers accepted quotes can be deleted (its
 * price-list history, acceptances and orders with it), while those rows stay final for every other purpose: no
 * delete outside the deletion of its suspended tenant, also not by the application's own database role.
 */
class AcceptedTenantDeletionTest extends IntegrationTest {

    private static final String PLATFORM = "platform@gpuquote.demo";
    private static final String PLATFORM_PASSWORD = "Demo-Platform-2026!";

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    PortalThrottle throttle;
    @Autowired
    TenantService tenants;

    @Test
    void aTenantWithAcceptedQuotesIsDeletedWithTheirAcceptancesAndOrdersWhileOthersKeepTheirs() throws Exception {
        throttle.reset("127.0.0.1");
        Api anonymous = Api.anonymous(baseUrl());
        TestTenants.TestTenant leaving = fixtures.tenantWithPrices();
        TestTenants.TestTenant staying = fixtures.tenantWithPrices();
        for (TestTenants.TestTenant t : new TestTenants.TestTenant[] {leaving, staying}) {
            PortalFixtures.Sent s = fixtures.sentQuote(t, "zh-CN");
            var ok = anonymous.post("/portal/api/" + s.token() + "/accept", PortalApiTest.accept(s.optionId("B")));
            assertThat(ok.status()).as(ok.body()).isEqualTo(200);
        }
        UUID leavingId = leaving.tenant().id().value();
        UUID stayingId = staying.tenant().id().value();
        assertThat(count("portal_acceptances", leavingId)).isEqualTo(1);
        assertThat(count("portal_order_lines", leavingId)).isEqualTo(2);
        int priceRows = count("price_list_rows", leavingId);
        assertThat(priceRows).as("a published price list").isPositive();

        // final while the tenant is active, for the application's role too
        try (Connection app = TestDatabase.runtimeConnection(); Statement st = app.createStatement()) {
            app.setAutoCommit(false);
            st.execute("select set_config('app.tenant_id', '" + leavingId + "', true)");
            st.execute("select set_config('app.deleting_tenant', '" + leavingId + "', true)");
            st.execute("savepoint s");
            assertThatThrownBy(() -> st.execute("delete from portal_acceptances"))
                    .hasMessageContaining("final");
            st.execute("rollback to savepoint s");
            assertThatThrownBy(() -> st.execute("delete from price_list_rows"))
                    .hasMessageContaining("PUBLISHED");
            app.rollback();
        }
        assertThat(count("portal_acceptances", leavingId)).isEqualTo(1);
        assertThat(count("price_list_rows", leavingId)).isEqualTo(priceRows);

        SystemAuthentication.asPlatformAdmin(() -> tenants.setStatus(leaving.tenant().id(), TenantStatus.SUSPENDED));
        var deleted = Api.basic(baseUrl(), PLATFORM, PLATFORM_PASSWORD)
                .delete("/api/v1/platform/tenants/" + leavingId + "?confirm=" + leaving.tenant().slug());
        assertThat(deleted.status()).as(deleted.body()).isEqualTo(200);
        for (String table : new String[] {"portal_acceptances", "portal_orders", "portal_order_lines", "quotes",
                "price_list_rows", "price_lists"}) {
            assertThat(count(table, leavingId)).as(table).isZero();
        }
        assertThat(count("portal_acceptances", stayingId)).isEqualTo(1);
        assertThat(count("portal_orders", stayingId)).isEqualTo(1);
        assertThat(count("portal_order_lines", stayingId)).isEqualTo(2);
        assertThat(count("price_list_rows", stayingId)).isEqualTo(priceRows);
    }

    private static int count(String table, UUID tenant) throws SQLException {
        try (Connection admin = TestDatabase.adminConnection();
             PreparedStatement ps = admin.prepareStatement("select count(*) from " + table + " where tenant_id = ?")) {
            ps.setObject(1, tenant);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }
}
