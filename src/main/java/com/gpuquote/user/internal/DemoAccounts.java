package com.gpuquote.user.internal;

import com.gpuquote.security.Role;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.tenancy.NewTenant;
import com.gpuquote.tenancy.Tenant;
import com.gpuquote.tenancy.TenantService;
import com.gpuquote.user.UserService;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.context.annotation.Profile;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

import java.util.Set;

/** Demo tenants and accounts (profile demo). Idempotent: existing tenants and emails are left as they are. */
@Component
@Profile("demo")
@Order(10)
class DemoAccounts implements ApplicationRunner {

    private final TenantService tenants;
    private final UserService users;

    DemoAccounts(TenantService tenants, UserService users) {
        this.tenants = tenants;
        this.users = users;
    }

    @Override
    public void run(ApplicationArguments args) {
        SystemAuthentication.asPlatformAdmin(() -> {
            users.createAccountIfAbsent(null, "platform@gpuquote.demo", "平台管理员", Set.of(Role.PLATFORM_ADMIN),
                    "Demo-Platform-2026!");
            Tenant sanfei = tenant("sanfei", "三飞云", "zh-CN");
            users.createAccountIfAbsent(sanfei.id(), "admin@sanfei.demo", "王管理", Set.of(Role.TENANT_ADMIN),
                    "Demo-Admin-2026!");
            users.createAccountIfAbsent(sanfei.id(), "consultant@sanfei.demo", "李顾问", Set.of(Role.CONSULTANT),
                    "Demo-Consultant-2026!");
            Tenant northwind = tenant("northwind", "Northwind GPU Partners", "en");
            users.createAccountIfAbsent(northwind.id(), "admin@northwind.demo", "Nora Admin", Set.of(Role.TENANT_ADMIN),
                    "Demo-Admin-2026!");
            users.createAccountIfAbsent(northwind.id(), "consultant@northwind.demo", "Colin Consultant",
                    Set.of(Role.CONSULTANT), "Demo-Consultant-2026!");
        });
    }

    private Tenant tenant(String slug, String name, String locale) {
        return tenants.findBySlug(slug).orElseGet(() -> tenants.create(new NewTenant(slug, name, locale)));
    }
}
