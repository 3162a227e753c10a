package com.gpuquote.quote.api;

import com.gpuquote.quote.ProviderRebate;
import com.gpuquote.quote.ProviderRebateService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.math.BigDecimal;
import java.util.List;

/** The tenant's default rebate (返点) per cloud provider (issue 16, ADR 1602). Tenant admins only. */
@RestController
@RequestMapping("/api/v1/tenant/provider-rebates")
@Tag(name = "Provider rebates", description = "Default reseller rebate per cloud provider for new quote options")
class ProviderRebatesController {

    private final ProviderRebateService rebates;

    ProviderRebatesController(ProviderRebateService rebates) {
        this.rebates = rebates;
    }

    record RebateJson(String provider, BigDecimal rebatePercent) {
        static RebateJson of(ProviderRebate r) {
            return new RebateJson(r.provider().code(), r.rebatePercent());
        }
    }

    record RebatesJson(List<RebateJson> providerRebates) {
        static RebatesJson of(List<ProviderRebate> rebates) {
            return new RebatesJson(rebates.stream().map(RebateJson::of).toList());
        }
    }

    @GetMapping
    @Operation(summary = "My tenant's default rebate per provider, by provider code. TENANT_ADMIN")
    RebatesJson get() {
        return RebatesJson.of(rebates.rebates());
    }

    @PutMapping
    @Operation(summary = "Replace my tenant's default rebates: {providerRebates: [{provider (VOLCENGINE|ALIYUN|TENCENT), "
            + "rebatePercent (0–50, 2 decimals)}]}. A new option whose lines are all of one provider starts with its "
            + "rebate (mixed providers: the lowest of theirs); existing options keep theirs. TENANT_ADMIN. 400 names "
            + "each bad field")
    RebatesJson put(@RequestBody RebatesJson body) {
        return RebatesJson.of(rebates.replace(body == null || body.providerRebates() == null ? null
                : body.providerRebates().stream().map(r -> r == null ? null
                : new ProviderRebateService.RebateInput(r.provider(), r.rebatePercent())).toList()));
    }
}
