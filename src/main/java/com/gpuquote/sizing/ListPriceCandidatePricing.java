package com.gpuquote.sizing;

import com.gpuquote.catalog.InstanceType;
import com.gpuquote.catalog.Provider;
import com.gpuquote.pricing.PriceKey;
import com.gpuquote.pricing.PriceService;
import com.gpuquote.pricing.UnitPrice;
import org.springframework.stereotype.Component;

import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The default {@link CandidatePricing}: the tenant's list price in force (published price list of the instance
 * type's provider) for the region and billing mode. Never cost prices ({@link PriceService#pricesInForce} returns
 * cost-free {@link UnitPrice}s). Ignores the customer: negotiated prices are the quote feature's implementation.
 */
@Component
public class ListPriceCandidatePricing implements CandidatePricing {

    public static final String SOURCE = "LIST";

    private final PriceService prices;

    ListPriceCandidatePricing(PriceService prices) {
        this.prices = prices;
    }

    @Override
    public List<Priced> price(Request request) {
        Map<Provider, Map<PriceKey, UnitPrice>> byProvider = new EnumMap<>(Provider.class);
        List<Priced> out = new ArrayList<>(request.instanceTypes().size());
        for (InstanceType t : request.instanceTypes()) {
            Map<PriceKey, UnitPrice> inForce = byProvider.computeIfAbsent(t.provider(), p ->
                    prices.pricesInForce(p, request.region(), Set.of(request.billingMode()), request.at()));
            UnitPrice price = inForce.get(new PriceKey(t.provider(), t.code(), request.region(), request.billingMode()));
            if (price != null) {
                out.add(new Priced(t, price.listPrice().setScale(4, RoundingMode.HALF_UP), price.currency(), SOURCE));
            }
        }
        return out;
    }
}
