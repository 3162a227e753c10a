package com.gpuquote.tenancy.api;

import com.gpuquote.tenancy.TenantProfile;
import com.gpuquote.tenancy.TenantService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** The signed-in user's tenant's legal details: the seller block of quote documents (issue 16). */
@RestController
@RequestMapping("/api/v1/tenant/profile")
@Tag(name = "Tenant profile", description = "The reseller's legal details printed on quote documents")
class TenantProfileController {

    private final TenantService tenants;

    TenantProfileController(TenantService tenants) {
        this.tenants = tenants;
    }

    @GetMapping
    @Operation(summary = "My tenant's legal name, unified social credit code, address, phone, bank and account "
            + "(null when not given). TENANT_ADMIN and CONSULTANT")
    TenantProfile get() {
        return tenants.profile();
    }

    @PutMapping
    @Operation(summary = "Replace my tenant's legal details (every field; null or blank clears it). TENANT_ADMIN. "
            + "400 names each bad field (creditCode: GB 32100-2015 check character)")
    TenantProfile put(@RequestBody TenantProfile profile) {
        return tenants.updateProfile(profile);
    }
}
