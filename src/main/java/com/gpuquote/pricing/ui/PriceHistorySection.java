package com.gpuquote.pricing.ui;

import java.time.Clock;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.catalog.ui.InstanceTypeSection;
import com.gpuquote.pricing.PriceService;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.Role;
import com.vaadin.flow.component.Component;
import org.springframework.core.annotation.Order;
import org.jspecify.annotations.Nullable;

/**
 * The list price history chart of the chosen instance type in the catalog's detail panel, for the tenant's admins and
 * consultants (list prices only: {@link com.gpuquote.pricing.PricePoint} has no cost). The platform admin has no
 * price lists, so nothing is shown there.
 */
@org.springframework.stereotype.Component
@Order(100)
class PriceHistorySection implements InstanceTypeSection {

    private final PriceService prices;
    private final Clock clock;

    PriceHistorySection(PriceService prices, Clock clock) {
        this.prices = prices;
        this.clock = clock;
    }

    @Override
    public @Nullable Component render(InstanceType type) {
        GpuQuoteUser user = CurrentUser.get().orElse(null);
        if (user == null || user.tenantId().isEmpty()
                || !(user.hasRole(Role.TENANT_ADMIN) || user.hasRole(Role.CONSULTANT))) {
            return null;
        }
        return new PriceHistoryChart(prices, type.provider(), type.code(), clock);
    }
}
