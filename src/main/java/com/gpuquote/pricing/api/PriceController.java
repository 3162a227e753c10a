package com.gpuquote.pricing.api;

import java.time.Clock;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.Provider;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.pricing.PriceKey;
import com.gpuquote.pricing.PriceService;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.Role;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.Validation;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

@RestController
@RequestMapping("/api/v1/prices")
@Tag(name = "Prices", description = "The price in force at an instant")
class PriceController {

    /** What everyone may see. */
    record PriceJson(String provider, String instanceType, String region, String billingMode, String listPrice,
                     String currency, UUID priceListId, int version) {
    }

    /** What a TENANT_ADMIN sees: the same plus the cost price. A separate type, so the consultant's has no such field. */
    record AdminPriceJson(String provider, String instanceType, String region, String billingMode, String listPrice,
                          String costPrice, String currency, UUID priceListId, int version) {
    }

    private final PriceService prices;
    private final CatalogService catalog;

    private final Clock clock;

    PriceController(PriceService prices, CatalogService catalog, Clock clock) {
        this.clock = clock;
        this.prices = prices;
        this.catalog = catalog;
    }

    @GetMapping
    @Operation(summary = "Price in force for an instance type, region and billing mode at an instant (default now); "
            + "costPrice only for TENANT_ADMIN. 404 when no published list has a price.")
    Object price(@RequestParam(required = false) @Nullable String instanceType, @RequestParam(required = false) @Nullable String region,
                 @RequestParam(required = false) @Nullable String billingMode, @RequestParam(required = false) @Nullable String at,
                 @RequestParam(required = false) @Nullable String provider) {
        Validation v = new Validation();
        v.check(instanceType != null && !instanceType.isBlank(), "instanceType", "required", "instanceType is required");
        v.check(region != null && !region.isBlank(), "region", "required", "region is required");
        BillingMode mode = BillingMode.parse(billingMode).orElse(null);
        v.check(mode != null, "billingMode", "pricing.billingMode", "billingMode must be HOURLY, MONTHLY, YEARLY or SPOT");
        Instant instant = parseInstant(at, v);
        Provider p = provider == null ? null : Provider.fromCode(provider.trim().toUpperCase()).orElse(null);
        v.check(provider == null || p != null, "provider", "pricing.provider", "Unknown provider");
        v.throwIfInvalid();
        PriceKey key = new PriceKey(p != null ? p : providerOf(instanceType.trim()), instanceType.trim(), region.trim(), mode);
        if (CurrentUser.require().hasRole(Role.TENANT_ADMIN)) {
            return prices.costedPriceAt(key, instant)
                    .map(c -> new AdminPriceJson(key.provider().code(), key.instanceType(), key.region(),
                            key.billingMode().name(), Money.unit(c.listPrice()), Money.unit(c.costPrice()), c.currency(),
                            c.priceListId().value(), c.version()))
                    .orElseThrow(() -> new NotFoundException("price", key));
        }
        return prices.priceAt(key, instant)
                .map(u -> new PriceJson(key.provider().code(), key.instanceType(), key.region(), key.billingMode().name(),
                        Money.unit(u.listPrice()), u.currency(), u.priceListId().value(), u.version()))
                .orElseThrow(() -> new NotFoundException("price", key));
    }

    /** The provider that has the instance type; a code known to several providers needs the provider parameter. */
    private Provider providerOf(String instanceType) {
        List<Provider> found = Arrays.stream(Provider.values())
                .filter(p -> catalog.instanceType(p, instanceType).isPresent()).toList();
        if (found.isEmpty()) {
            throw new NotFoundException("instance type", instanceType);
        }
        if (found.size() > 1) {
            throw InvalidInputException.of("provider", "required", "Several providers have " + instanceType
                    + "; give the provider parameter");
        }
        return found.get(0);
    }

    private @Nullable Instant parseInstant(String at, Validation v) {
        if (at == null || at.isBlank()) {
            return clock.instant();
        }
        Instant parsed = com.gpuquote.shared.InputRules.parseStart(at).orElse(null);
        if (parsed == null || !com.gpuquote.shared.InputRules.inWindow(parsed)) {
            v.add("at", "pricing.at", "at must be an ISO-8601 date or date-time "
                    + com.gpuquote.shared.InputRules.windowText() + ", e.g. 2026-12-01T00:00:00Z or 2026-12-01");
            return null;
        }
        return parsed;
    }
}
