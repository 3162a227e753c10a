package com.gpuquote.tenancy;

import com.gpuquote.SignedIn;
import com.gpuquote.TestTenants;
import com.gpuquote.security.ApiTokenService;
import com.gpuquote.security.Role;
import com.gpuquote.user.NewInvitation;
import com.gpuquote.user.UserService;
import org.springframework.stereotype.Component;

import java.util.Set;
import java.util.UUID;

/**
 * A fresh tenant with at least one row in every foundation table: tenants, app_users, invitations, audit_events,
 * api_tokens, mail_outbox, and tenant_logos (each tenant its own colour). Test-scope bean.
 */
@Component
class PopulatedTenants {

    static final java.util.List<String> TABLES =
            java.util.List.of("tenants", "app_users", "invitations", "audit_events", "api_tokens", "mail_outbox",
                    "tenant_logos");

    record Populated(TestTenants.TestTenant t, UUID adminUserId, UUID consultantUserId, UUID tokenId, String token) {
        UUID id() {
            return t.tenant().id().value();
        }
    }

    private final TestTenants tenants;
    private final SignedIn signedIn;
    private final UserService users;
    private final ApiTokenService tokens;
    private final TenantBrandingService branding;

    PopulatedTenants(TestTenants tenants, SignedIn signedIn, UserService users, ApiTokenService tokens,
                     TenantBrandingService branding) {
        this.branding = branding;
        this.tenants = tenants;
        this.signedIn = signedIn;
        this.users = users;
        this.tokens = tokens;
    }

    Populated create() {
        TestTenants.TestTenant t = tenants.create();
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        ApiTokenService.CreatedToken token = signedIn.as(t.adminEmail(), () -> {
            users.invite(new NewInvitation("invitee-" + suffix + "@test.example", "Invitee " + suffix,
                    Set.of(Role.CONSULTANT)));
            branding.uploadLogo(TestLogos.png(64, 32, new java.awt.Color(new java.util.Random().nextInt(0x1000000))),
                    TenantLogo.PNG);
            return tokens.create("isolation test", 7);
        });
        return new Populated(t, signedIn.load(t.adminEmail()).userId().value(),
                signedIn.load(t.consultantEmail()).userId().value(), token.id().value(), token.token());
    }
}
