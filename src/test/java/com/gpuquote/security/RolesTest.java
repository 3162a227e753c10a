package com.gpuquote.security;

import com.gpuquote.shared.Roles;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The annotation constants name the roles the application actually has. */
class RolesTest {

    @Test
    void everyRoleNameConstantIsARoleAndEveryRoleHasOne() {
        assertThat(new String[] {Roles.PLATFORM_ADMIN, Roles.TENANT_ADMIN, Roles.CONSULTANT, Roles.CUSTOMER, Roles.APPROVER})
                .containsExactly(java.util.Arrays.stream(Role.values()).map(Role::name).toArray(String[]::new));
    }

    @Test
    void theServiceRulesAreTheSpringSecurityExpressionsTheyStandFor() {
        assertThat(Roles.IS_TENANT_ADMIN).isEqualTo("hasRole('TENANT_ADMIN')");
        assertThat(Roles.IS_TENANT_STAFF).isEqualTo("hasAnyRole('CONSULTANT', 'TENANT_ADMIN')");
        assertThat(Roles.IS_PLATFORM_ADMIN).isEqualTo("hasRole('PLATFORM_ADMIN')");
        assertThat(Roles.IS_QUOTE_APPROVER).isEqualTo("hasAnyRole('TENANT_ADMIN', 'APPROVER')");
        assertThat(Roles.IS_QUOTE_READER).isEqualTo("hasAnyRole('CONSULTANT', 'TENANT_ADMIN', 'APPROVER')");
        assertThat(Roles.IS_CUSTOMER).isEqualTo("hasRole('CUSTOMER')");
    }
}
