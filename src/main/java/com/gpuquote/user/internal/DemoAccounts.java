package com.gpuquote.user.internal;

import com.gpuquote.security.Role;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.tenancy.NewTenant;
import com.gpuquote.tenancy.TenantProfile;
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
            // complete seller blocks, so the demo documents show every block (issue 16); demo values, not real firms
            seedProfile(sanfei, new TenantProfile("北京三飞云科技有限公司（演示）", "91110108MA01FE3Y7U",
                    "北京市海淀区中关村软件园 8 号楼 3 层", "010-6288 0000", "招商银行北京中关村支行",
                    "1109 0000 0000 0001"));
            seedProfile(northwind, new TenantProfile("Northwind GPU Partners (Shanghai) Co., Ltd. (demo)",
                    "91310115MA1NW6P2KE", "Floor 12, 88 Century Avenue, Pudong, Shanghai", "+86 21 6000 0000",
                    "Bank of China, Shanghai Pudong Branch", "4500 0000 0000 0002"));
        });
    }

    /** Only into an empty profile: what an admin entered survives a restart. */
    private void seedProfile(Tenant tenant, TenantProfile profile) {
        if (tenants.profileOf(tenant.id()).equals(TenantProfile.EMPTY)) {
            tenants.setProfile(tenant.id(), profile);
        }
    }

    private Tenant tenant(String slug, String name, String locale) {
        return tenants.findBySlug(slug).orElseGet(() -> tenants.create(new NewTenant(slug, name, locale)));
    }
}
