package com.gpuquote.quote.pricing;

import com.gpuquote.quote.PricePoint;
import com.gpuquote.commercial.BillingMode;

import java.util.Optional;

/**
 * List/cost unit price per (instanceType, region, mode) from the price list in force; empty when that mode
 * has no price (shown as unavailable in the billing-mode comparison). Backed by the price list in the
 * service layer; plain maps or lambdas in tests.
 */
@FunctionalInterface
public interface UnitPriceLookup {
    Optional<PricePoint> find(String instanceType, String region, BillingMode mode);
}
