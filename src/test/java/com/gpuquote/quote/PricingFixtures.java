package com.gpuquote.quote;

import com.gpuquote.quote.pricing.InstanceFacts;
import com.gpuquote.quote.pricing.InstanceFactsLookup;
import com.gpuquote.quote.pricing.PricingPolicy;
import com.gpuquote.quote.pricing.QuotePricer;
import com.gpuquote.quote.pricing.UnitPriceLookup;
import com.gpuquote.commercial.BillingMode;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A tiny in-memory catalog and price list for quote tests. */
final class PricingFixtures implements UnitPriceLookup, InstanceFactsLookup {

    static final String REGION = "cn-north-1";

    private final Map<String, InstanceFacts> instances = new HashMap<>();
    private final Map<List<Object>, PricePoint> prices = new HashMap<>();

    /** gn7-8x (8 × A100) in all four modes; gn6-1x (1 × V100) HOURLY and MONTHLY only. */
    static PricingFixtures standard() {
        return new PricingFixtures()
                .instance("gn7-8x", "gn7", "A100", 8)
                .price("gn7-8x", BillingMode.HOURLY, "200", "120")
                .price("gn7-8x", BillingMode.SPOT, "80", "60")
                .price("gn7-8x", BillingMode.MONTHLY, "100000", "70000")
                .price("gn7-8x", BillingMode.YEARLY, "1000000", "800000")
                .instance("gn6-1x", "gn6", "V100", 1)
                .price("gn6-1x", BillingMode.HOURLY, "10", "6")
                .price("gn6-1x", BillingMode.MONTHLY, "5000", "3000");
    }

    PricingFixtures instance(String type, String family, String gpuModel, int gpus) {
        instances.put(type, new InstanceFacts(type, family, gpuModel, gpus));
        return this;
    }

    PricingFixtures price(String type, BillingMode mode, String list, String cost) {
        prices.put(List.of(type, REGION, mode),
                new PricePoint(new BigDecimal(list), cost == null ? null : new BigDecimal(cost)));
        return this;
    }

    @Override
    public Optional<PricePoint> find(String instanceType, String region, BillingMode mode) {
        return Optional.ofNullable(prices.get(List.of(instanceType, region, mode)));
    }

    @Override
    public Optional<InstanceFacts> find(String instanceType) {
        return Optional.ofNullable(instances.get(instanceType));
    }

    QuotePricer pricer(String marginFloor, String vatRate) {
        return new QuotePricer(this, this, new PricingPolicy(new BigDecimal(marginFloor), new BigDecimal(vatRate)));
    }
}
