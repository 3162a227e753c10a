package com.gpuquote;

import com.gpuquote.security.Role;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.tenancy.NewTenant;
import com.gpuquote.tenancy.Tenant;
import com.gpuquote.tenancy.TenantService;
import com.gpuquote.user.UserService;
import org.springframework.stereotype.Component;

import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

/** Fresh tenants with an admin and a consultant for tests that must not share data. Test-scope bean. */
@Component
public class TestTenants {

    public static final String PASSWORD = "Test-Password-2026!";

    public record TestTenant(Tenant tenant, String adminEmail, String consultantEmail) {
    }

    private final TenantService tenants;
    private final UserService users;

    public TestTenants(TenantService tenants, UserService users) {
        this.tenants = tenants;
        this.users = users;
    }

    public TestTenant create(String locale) {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String slug = "t-" + suffix;
        String admin = "admin-" + suffix + "@test.example";
        String consultant = "consultant-" + suffix + "@test.example";
        AtomicReference<Tenant> tenant = new AtomicReference<>();
        SystemAuthentication.asPlatformAdmin(() -> {
            Tenant t = tenants.create(new NewTenant(slug, "Tenant " + suffix, locale));
            users.createAccountIfAbsent(t.id(), admin, "Admin " + suffix, Set.of(Role.TENANT_ADMIN), PASSWORD);
            users.createAccountIfAbsent(t.id(), consultant, "Consultant " + suffix, Set.of(Role.CONSULTANT), PASSWORD);
            tenant.set(t);
        });
        return new TestTenant(tenant.get(), admin, consultant);
    }

    public TestTenant create() {
        return create("zh-CN");
    }
}
