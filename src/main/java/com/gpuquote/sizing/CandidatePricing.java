package com.gpuquote.sizing;

import com.gpuquote.catalog.InstanceType;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.commercial.BillingMode;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Extension point: the unit price a recommendation shows for each candidate instance type.
 *
 * <p>{@link ListPriceCandidatePricing} (the default bean) prices every candidate at the tenant's list price in
 * force for the billing mode — never the cost price — and ignores {@code customerId}. The quote feature replaces it
 * by declaring a {@code @Primary} bean that applies the customer's agreement (waterfall steps 1–4) when
 * {@link Request#customerId()} is set, and may delegate to {@link ListPriceCandidatePricing} for step 1 and for
 * requests without a customer. {@link SizingService#recommend} has already checked that the customer belongs to
 * the signed-in tenant, and calls this inside its read-only tenant transaction.
 *
 * <p>Implementations must never expose cost prices: whatever they return is shown to consultants and sent over REST.
 */
public interface CandidatePricing {

    /**
     * @param instanceTypes ACTIVE catalog instance types offered in {@code region}
     * @param customerId    the customer the recommendation is for, or null for the tenant's list prices
     * @param at            the instant prices must be in force (now)
     * @param gpuCount      the GPUs the sizing asks for (null: searched), so volume tiers see the candidate's GPUs
     * @param termMonths    the contract term TERM tiers are matched against (null: 12 for YEARLY, else 1)
     */
    record Request(List<InstanceType> instanceTypes, String region, BillingMode billingMode, @Nullable CustomerId customerId,
                   Instant at, @Nullable Integer gpuCount, @Nullable Integer termMonths) {
        public Request {
            instanceTypes = List.copyOf(instanceTypes);
            Objects.requireNonNull(region, "region");
            Objects.requireNonNull(billingMode, "billingMode");
            Objects.requireNonNull(at, "at");
        }

        /** A request without the GPU count and term (a candidate is then priced as one instance, shortest term). */
        public Request(List<InstanceType> instanceTypes, String region, BillingMode billingMode, @Nullable CustomerId customerId,
                       Instant at) {
            this(instanceTypes, region, billingMode, customerId, at, null, null);
        }

        /**
         * How many instances of {@code type} the recommendation needs: ceil(gpuCount / GPUs per instance), or 1 when
         * the GPU count is searched (each count the search tries would need its own price).
         */
        public int instancesOf(InstanceType type) {
            return gpuCount == null ? 1 : Math.max(1, (gpuCount + type.gpuCount() - 1) / type.gpuCount());
        }
    }

    /**
     * A priced candidate.
     *
     * @param unitPrice     the price the candidate is ranked by (the customer's net price when an agreement
     *                      applies): per hour (HOURLY, SPOT), per month (MONTHLY) or per year (YEARLY), scale 4,
     *                      never a cost
     * @param source        where the price comes from, e.g. {@code LIST} or {@code AGREEMENT}
     * @param listUnitPrice the tenant's list price, shown next to the net price (null → {@code unitPrice})
     */
    record Priced(InstanceType instanceType, BigDecimal unitPrice, String currency, String source,
                  @Nullable BigDecimal listUnitPrice) {
        public Priced {
            Objects.requireNonNull(instanceType, "instanceType");
            Objects.requireNonNull(unitPrice, "unitPrice");
            Objects.requireNonNull(currency, "currency");
            listUnitPrice = listUnitPrice == null ? unitPrice : listUnitPrice;
        }

        /** A list-priced candidate (net = list). */
        public Priced(InstanceType instanceType, BigDecimal unitPrice, String currency, String source) {
            this(instanceType, unitPrice, currency, source, unitPrice);
        }
    }

    /** The candidates that have a price in force; instance types without one are left out. */
    List<Priced> price(Request request);
}
