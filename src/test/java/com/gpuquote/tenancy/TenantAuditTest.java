package com.gpuquote.tenancy;

import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.audit.AuditEvent;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.security.SystemAuthentication;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.userdetails.UserDetailsService;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TenantAuditTest extends IntegrationTest {

    @Autowired
    TestTenants testTenants;
    @Autowired
    TenantService tenants;
    @Autowired
    AuditLog audit;
    @Autowired
    UserDetailsService users;

    @AfterEach
    void clear() {
        SecurityContextHolder.clearContext();
    }

    private List<String> actionsSeenBy(String adminEmail) {
        var admin = users.loadUserByUsername(adminEmail);
        SecurityContextHolder.getContext().setAuthentication(
                UsernamePasswordAuthenticationToken.authenticated(admin, null, admin.getAuthorities()));
        return audit.find(AuditLog.Filter.NONE, 0, 50).stream().map(AuditEvent::action).toList();
    }

    @Test
    void suspendingAndReactivatingATenantIsAuditedInThatTenantAndBlocksItsUsersMeanwhile() {
        var t = testTenants.create();
        SystemAuthentication.asPlatformAdmin(() -> tenants.setStatus(t.tenant().id(), TenantStatus.SUSPENDED));
        assertThat(Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD).get("/api/v1/me").status()).isEqualTo(401);
        SystemAuthentication.asPlatformAdmin(() -> tenants.setStatus(t.tenant().id(), TenantStatus.ACTIVE));
        assertThat(Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD).get("/api/v1/me").status()).isEqualTo(200);
        assertThat(actionsSeenBy(t.adminEmail())).contains("TENANT_SUSPENDED", "TENANT_REACTIVATED");
    }

    @Test
    void settingsChangesAreAuditedWithBeforeAndAfter() {
        var t = testTenants.create();
        var admin = users.loadUserByUsername(t.adminEmail());
        SecurityContextHolder.getContext().setAuthentication(
                UsernamePasswordAuthenticationToken.authenticated(admin, null, admin.getAuthorities()));
        Tenant current = tenants.current();
        tenants.updateSettings(new TenantSettings(current.name(), new BigDecimal("0.09"), current.marginFloorPct(),
                current.locale(), current.version()));
        AuditEvent event = audit.find(new AuditLog.Filter(null, "TENANT_SETTINGS_CHANGED", null, null), 0, 1).get(0);
        assertThat(event.details()).contains("0.0600 → 0.0900");
    }
}
