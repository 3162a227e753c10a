package com.gpuquote.quote;

import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.quote.pricing.InstanceFacts;
import com.gpuquote.quote.pricing.InstanceFactsLookup;
import com.gpuquote.quote.pricing.PricingPolicy;
import com.gpuquote.quote.pricing.QuotePricer;
import com.gpuquote.quote.pricing.UnitPriceLookup;
import com.gpuquote.quote.pricing.Waterfall;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.pricing.agreement.AgreementService;
import com.gpuquote.pricing.agreement.CustomerAgreement;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.sizing.CandidatePricing;
import com.gpuquote.sizing.ListPriceCandidatePricing;
import org.springframework.context.annotation.Primary;
import org.springframework.stereotype.Component;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Recommendations meet negotiated pricing: when a recommendation is for a customer with an agreement in force,
 * every candidate is priced with waterfall steps 1–4 ({@link QuotePricer#recommendationPrice}) and ranked by that
 * net price; the list price stays beside it ({@link CandidatePricing.Priced#listUnitPrice()}). Without a customer
 * or agreement this is the list-price default. Never uses cost prices.
 * <p>
 * Steps 3 and 4 need the option's GPU count and the line's term: a candidate is priced with the instances it needs
 * for the requested GPU count (all its GPUs count towards VOLUME_TIER; one instance when the GPU count is searched)
 * over the requested term (12 months for YEARLY and one month otherwise when none is given).
 */
@Primary
@Component
class NegotiatedCandidatePricing implements CandidatePricing {

    public static final String SOURCE = "AGREEMENT";

    private final ListPriceCandidatePricing listPrices;
    private final AgreementService agreements;

    NegotiatedCandidatePricing(ListPriceCandidatePricing listPrices, AgreementService agreements) {
        this.listPrices = listPrices;
        this.agreements = agreements;
    }

    @Override
    public List<Priced> price(Request request) {
        List<Priced> listed = listPrices.price(request);
        if (request.customerId() == null || listed.isEmpty()) {
            return listed;
        }
        LocalDate asOf = LocalDate.ofInstant(request.at(), BusinessCalendar.ZONE);
        Optional<CustomerAgreement> agreement = agreements.inForce(request.customerId(), asOf);
        if (agreement.isEmpty()) {
            return listed;
        }
        Map<String, Priced> byType = new HashMap<>();
        listed.forEach(p -> byType.put(p.instanceType().code(), p));
        UnitPriceLookup prices = (type, region, mode) -> Optional.ofNullable(byType.get(type))
                .filter(p -> region.equals(request.region()) && mode == request.billingMode())
                .map(p -> new PricePoint(p.listUnitPrice(), null));
        InstanceFactsLookup facts = type -> Optional.ofNullable(byType.get(type)).map(Priced::instanceType)
                .map(NegotiatedCandidatePricing::facts);
        QuotePricer pricer = new QuotePricer(prices, facts, new PricingPolicy(BigDecimal.ZERO, BigDecimal.ZERO));
        int termMonths = request.termMonths() != null ? request.termMonths()
                : request.billingMode() == BillingMode.YEARLY ? 12 : 1;
        List<Priced> out = new ArrayList<>(listed.size());
        for (Priced p : listed) {
            Optional<Waterfall> w = pricer.recommendationPrice(p.instanceType().code(), request.region(),
                    request.billingMode(), request.instancesOf(p.instanceType()), termMonths, agreement.get().terms(), asOf);
            if (w.isEmpty()) {
                out.add(p);
                continue;
            }
            boolean negotiated = w.get().steps().stream().skip(1).anyMatch(s -> !s.isNone());
            out.add(new Priced(p.instanceType(), w.get().netUnitPrice(), p.currency(),
                    negotiated ? SOURCE : p.source(), p.listUnitPrice()));
        }
        return out;
    }

    private static InstanceFacts facts(InstanceType t) {
        return new InstanceFacts(t.code(), t.family(), t.gpuModel().code(), t.gpuCount());
    }
}
