package com.gpuquote.quote.api;

import com.gpuquote.quote.domain.ApprovalTier;
import com.gpuquote.quote.ApprovalTierService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.math.BigDecimal;
import java.util.List;

/** The tenant's approval tiers by discount depth (issue 16). */
@RestController
@RequestMapping("/api/v1/tenant/approval-tiers")
@Tag(name = "Approval tiers", description = "Who must approve a quote below the margin floor, by discount depth")
class ApprovalTiersController {

    private final ApprovalTierService tiers;

    ApprovalTiersController(ApprovalTierService tiers) {
        this.tiers = tiers;
    }

    record TierJson(BigDecimal discountPercentAbove, String role) {
        static TierJson of(ApprovalTier t) {
            return new TierJson(t.discountPercentAbove(), t.role().name());
        }
    }

    record TiersJson(List<TierJson> approvalTiers) {
        static TiersJson of(List<ApprovalTier> tiers) {
            return new TiersJson(tiers.stream().map(TierJson::of).toList());
        }
    }

    @GetMapping
    @Operation(summary = "My tenant's approval tiers, lowest percent first (empty: one tenant admin approves a quote "
            + "below the floor). TENANT_ADMIN, CONSULTANT and APPROVER")
    TiersJson get() {
        return TiersJson.of(tiers.tiers());
    }

    @PutMapping
    @Operation(summary = "Replace my tenant's approval tiers: {approvalTiers: [{discountPercentAbove (0–100), role "
            + "(TENANT_ADMIN|APPROVER)}]}; a quote whose deepest below-floor line discount against list is beyond a "
            + "tier's percent needs that tier's step, lowest first. TENANT_ADMIN. 400 names each bad field")
    TiersJson put(@RequestBody TiersJson body) {
        return TiersJson.of(tiers.replace(body == null || body.approvalTiers() == null ? null
                : body.approvalTiers().stream().map(t -> t == null ? null
                : new ApprovalTierService.TierInput(t.discountPercentAbove(), t.role())).toList()));
    }
}
