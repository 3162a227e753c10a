package com.gpuquote.quote.pricing;

import com.gpuquote.commercial.Money;
import com.gpuquote.pricing.agreement.Agreement;
import com.gpuquote.pricing.agreement.AgreementRule;
import com.gpuquote.pricing.agreement.AgreementRule.FixedPrice;
import com.gpuquote.pricing.agreement.AgreementRule.PercentOff;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The per-line price waterfall:
 * <ol>
 *   <li>LIST: the list unit price in force;</li>
 *   <li>AGREEMENT: a matching FIXED_PRICE wins, else the most specific matching PERCENT_OFF;</li>
 *   <li>VOLUME: the highest VOLUME_TIER whose minGpus ≤ the option's total GPUs;</li>
 *   <li>TERM: the highest TERM tier whose minMonths ≤ the line's term;</li>
 *   <li>MANUAL: the consultant's manual line discount;</li>
 *   <li>CONTRACT (issue 39, ADR 3906; only on a line that carries a contracted unit price, i.e. a renewal's): the
 *   contracted net unit price as a ceiling: the price after MANUAL when that is lower, else exactly the contracted
 *   one (no percentage re-derived from it).</li>
 * </ol>
 * Percent steps multiply by (1 − p/100); the unit price is rounded half-up to 4 decimals after each step.
 * Every step is recorded, also when nothing applied (detail {@code "none"}).
 */
public final class PriceWaterfall {

    private PriceWaterfall() {
    }

    /**
     * All five steps, and CONTRACT on a line with a contracted unit price (the quote line price). {@code agreement}
     * may be null (no agreement in force).
     */
    public static Waterfall full(WaterfallInput in, Agreement agreement) {
        List<WaterfallStep> steps = upToTerm(in, agreement);
        BigDecimal price = steps.get(steps.size() - 1).unitPrice();
        WaterfallStep manual = percentStep(PriceStep.MANUAL, price, null, in.manualDiscountPercent(), "MANUAL");
        steps.add(manual);
        if (in.contractUnitPrice() != null) {
            BigDecimal contract = Money.unit(in.contractUnitPrice());
            steps.add(manual.unitPrice().compareTo(contract) <= 0 ? none(PriceStep.CONTRACT, manual.unitPrice())
                    : new WaterfallStep(PriceStep.CONTRACT, contract, null, null,
                    "CONTRACT " + contract.toPlainString()));
        }
        return new Waterfall(steps);
    }

    /** Steps 1–4 only: the customer's net price used to rank recommendations. */
    public static Waterfall forRecommendation(WaterfallInput in, Agreement agreement) {
        return new Waterfall(upToTerm(in, agreement));
    }

    private static List<WaterfallStep> upToTerm(WaterfallInput in, Agreement agreement) {
        List<WaterfallStep> steps = new ArrayList<>(5);
        BigDecimal price = Money.unit(in.listUnitPrice());
        steps.add(new WaterfallStep(PriceStep.LIST, price, null, null, "LIST"));

        // (2) agreement: FIXED_PRICE wins over any PERCENT_OFF
        Optional<FixedPrice> fixed = agreement == null ? Optional.empty()
                : agreement.fixedPriceFor(in.instance().instanceType(), in.region(), in.billingMode());
        if (fixed.isPresent()) {
            price = Money.unit(fixed.get().unitPrice());
            steps.add(new WaterfallStep(PriceStep.AGREEMENT, price, fixed.get(), null, fixed.get().describe()));
        } else {
            Optional<PercentOff> off = agreement == null ? Optional.empty()
                    : agreement.bestPercentOff(in.instance().instanceType(), in.instance().family(),
                    in.instance().gpuModel(), in.region(), in.billingMode());
            WaterfallStep step = off.isPresent()
                    ? percentStep(PriceStep.AGREEMENT, price, off.get(), off.get().percent(), off.get().describe())
                    : none(PriceStep.AGREEMENT, price);
            steps.add(step);
            price = step.unitPrice();
        }

        // (3) volume
        Optional<AgreementRule.VolumeTier> volume = agreement == null ? Optional.empty()
                : agreement.volumeTierFor(in.optionTotalGpus());
        WaterfallStep volumeStep = volume.isPresent()
                ? percentStep(PriceStep.VOLUME, price, volume.get(), volume.get().percent(), volume.get().describe())
                : none(PriceStep.VOLUME, price);
        steps.add(volumeStep);
        price = volumeStep.unitPrice();

        // (4) term
        Optional<AgreementRule.TermTier> term = agreement == null ? Optional.empty()
                : agreement.termTierFor(in.termMonths());
        WaterfallStep termStep = term.isPresent()
                ? percentStep(PriceStep.TERM, price, term.get(), term.get().percent(), term.get().describe())
                : none(PriceStep.TERM, price);
        steps.add(termStep);
        return steps;
    }

    private static WaterfallStep percentStep(PriceStep kind, BigDecimal price, AgreementRule rule,
                                             BigDecimal percent, String detail) {
        if (percent.signum() == 0 && rule == null) {
            return none(kind, price);
        }
        return new WaterfallStep(kind, Money.lessPercent(price, percent), rule, percent,
                rule == null ? detail + " " + percent.stripTrailingZeros().toPlainString() + "%" : detail);
    }

    private static WaterfallStep none(PriceStep kind, BigDecimal price) {
        return new WaterfallStep(kind, price, null, null, WaterfallStep.NONE);
    }
}
