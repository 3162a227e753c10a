package com.gpuquote.quote.api;

import com.gpuquote.quote.VoucherPolicy;
import com.gpuquote.quote.VoucherService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** The tenant's voucher policy (issue 39, ADR 3902). */
@RestController
@RequestMapping("/api/v1/tenant/voucher-policy")
@Tag(name = "Voucher policy", description = "How much of an option's subtotal a consultant may give as unconfirmed "
        + "provider vouchers without approval")
class VoucherPolicyController {

    private final VoucherService vouchers;

    VoucherPolicyController(VoucherService vouchers) {
        this.vouchers = vouchers;
    }

    @GetMapping
    @Operation(summary = "My tenant's voucher policy: {consultantCapPercent} (default 10). TENANT_ADMIN, CONSULTANT "
            + "and APPROVER")
    VoucherPolicy get() {
        return vouchers.policy();
    }

    @PutMapping
    @Operation(summary = "Set my tenant's voucher policy: {consultantCapPercent: 0–100, at most 2 decimals}; an "
            + "option whose unconfirmed vouchers are more than that share of its subtotal needs approval. TENANT_ADMIN. "
            + "400 names consultantCapPercent")
    VoucherPolicy put(@RequestBody(required = false) @Nullable VoucherPolicy body) {
        return vouchers.updatePolicy(body);
    }
}
