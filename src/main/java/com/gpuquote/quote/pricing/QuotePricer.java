package com.gpuquote.quote.pricing;

import com.gpuquote.quote.LineView;
import com.gpuquote.quote.ModeComparison;
import com.gpuquote.quote.OptionTotals;
import com.gpuquote.quote.OptionView;
import com.gpuquote.quote.PricePoint;
import com.gpuquote.quote.ServiceCharge;
import com.gpuquote.quote.Voucher;
import com.gpuquote.quote.domain.ChannelTerms;
import com.gpuquote.quote.domain.InvalidQuoteException;
import com.gpuquote.quote.domain.QuoteError;
import com.gpuquote.quote.domain.QuoteLine;
import com.gpuquote.quote.domain.QuoteOption;
import com.gpuquote.commercial.BillingTerms;
import com.gpuquote.commercial.Margin;
import com.gpuquote.commercial.Money;
import com.gpuquote.pricing.agreement.Agreement;
import com.gpuquote.commercial.BillingMode;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Prices quote options: the waterfall per line, line amounts, margin floor, option totals, VAT and the
 * billing-mode comparison. Pure: all inputs come from the lookups, the agreement and the policy.
 */
public final class QuotePricer {

    /** Row order of the billing-mode comparison table. */
    public static final List<BillingMode> COMPARISON_MODES =
            List.of(BillingMode.HOURLY, BillingMode.SPOT, BillingMode.MONTHLY, BillingMode.YEARLY);

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private final UnitPriceLookup prices;
    private final InstanceFactsLookup instances;
    private final PricingPolicy policy;

    public QuotePricer(UnitPriceLookup prices, InstanceFactsLookup instances, PricingPolicy policy) {
        this.prices = prices;
        this.instances = instances;
        this.policy = policy;
    }

    /**
     * Prices all options. {@code agreement} (nullable) is applied only if it covers {@code asOf}.
     *
     * @throws InvalidQuoteException with every error (invalid line, unknown instance type, no price in force)
     */
    public PricedQuote price(List<QuoteOption> options, Agreement agreement, LocalDate asOf) {
        List<QuoteError> errors = new ArrayList<>();
        for (int i = 0; i < options.size(); i++) {
            errors.addAll(check(options.get(i), "options[" + i + "]"));
        }
        if (!errors.isEmpty()) {
            throw new InvalidQuoteException(errors);
        }
        Agreement inForce = agreement != null && agreement.covers(asOf) ? agreement : null;
        List<PricedOption> priced = options.stream().map(o -> priceChecked(o, inForce)).toList();
        for (int i = 0; i < priced.size(); i++) {
            errors.addAll(voucherErrors(options.get(i).channel(), priced.get(i).view().totals().subtotal(),
                    "options[" + i + "]"));
        }
        if (!errors.isEmpty()) {
            throw new InvalidQuoteException(errors);
        }
        return new PricedQuote(asOf, priced);
    }

    /** Prices one option; see {@link #price(List, Agreement, LocalDate)}. */
    public PricedOption price(QuoteOption option, Agreement agreement, LocalDate asOf) {
        return price(List.of(option), agreement, asOf).options().get(0);
    }

    /**
     * The customer's net unit price for a recommendation (waterfall steps 1–4, no manual discount) of
     * {@code quantity} instances over {@code termMonths}; empty when the instance type is unknown or has no
     * price in that mode.
     */
    public Optional<Waterfall> recommendationPrice(String instanceType, String region, BillingMode mode,
                                                   int quantity, int termMonths, Agreement agreement,
                                                   LocalDate asOf) {
        Optional<InstanceFacts> facts = instances.find(instanceType);
        Optional<PricePoint> point = prices.find(instanceType, region, mode);
        if (facts.isEmpty() || point.isEmpty()) {
            return Optional.empty();
        }
        Agreement inForce = agreement != null && agreement.covers(asOf) ? agreement : null;
        WaterfallInput in = new WaterfallInput(facts.get(), region, mode, point.get().listUnitPrice(), termMonths,
                quantity * facts.get().gpusPerInstance(), BigDecimal.ZERO);
        return Optional.of(PriceWaterfall.forRecommendation(in, inForce));
    }

    private List<QuoteError> check(QuoteOption option, String path) {
        List<QuoteError> errors = new ArrayList<>(option.validate(path));
        errors.addAll(checkChannel(option.channel(), path));
        for (int i = 0; i < option.lines().size(); i++) {
            QuoteLine line = option.lines().get(i);
            String linePath = path + ".lines[" + i + "]";
            if (line.instanceType() == null || line.billingMode() == null) {
                continue; // already reported
            }
            if (instances.find(line.instanceType()).isEmpty()) {
                errors.add(new QuoteError(linePath + ".instanceType", "quote.error.unknownInstanceType"));
            } else if (prices.find(line.instanceType(), line.region(), line.billingMode()).isEmpty()) {
                errors.add(new QuoteError(linePath, "quote.error.noPriceInForce"));
            }
        }
        return errors;
    }

    /** Structural checks of vouchers and rebate (the voucher ceiling needs the totals: see {@link #voucherErrors}). */
    private static List<QuoteError> checkChannel(ChannelTerms channel, String path) {
        List<QuoteError> errors = new ArrayList<>();
        if (!ChannelTerms.isValidRebate(channel.rebatePercent())) {
            errors.add(new QuoteError(path + ".rebatePercent", "quote.error.rebatePercent"));
        }
        channel.providerRebates().forEach((provider, r) -> {
            if (!ChannelTerms.isValidRebate(r)) {
                errors.add(new QuoteError(path + ".providerRebates." + provider, "quote.error.rebatePercent"));
            }
        });
        for (int i = 0; i < channel.vouchers().size(); i++) {
            Voucher v = channel.vouchers().get(i);
            String vp = path + ".vouchers[" + i + "]";
            if (v == null) {
                errors.add(new QuoteError(vp, "quote.error.required"));
                continue;
            }
            if (v.name() == null || v.name().length() > Voucher.MAX_NAME || !com.gpuquote.shared.InputRules
                    .isSingleLine(v.name())) {
                errors.add(new QuoteError(vp + ".name", "quote.error.voucherName"));
            }
            if (v.amount() == null || v.amount().signum() <= 0) {
                errors.add(new QuoteError(vp + ".amount", "quote.error.voucherAmount"));
            }
        }
        return errors;
    }

    /** Vouchers may not exceed the option's subtotal (term total): each one whose running sum does is an error. */
    private static List<QuoteError> voucherErrors(ChannelTerms channel, BigDecimal subtotal, String path) {
        List<QuoteError> errors = new ArrayList<>();
        BigDecimal running = Money.zeroAmount();
        for (int i = 0; i < channel.vouchers().size(); i++) {
            running = running.add(channel.vouchers().get(i).amount());
            if (running.compareTo(subtotal) > 0) {
                errors.add(new QuoteError(path + ".vouchers[" + i + "].amount", "quote.error.voucherExceedsTotal"));
            }
        }
        return errors;
    }

    private PricedOption priceChecked(QuoteOption option, Agreement agreement) {
        int totalGpus = totalGpus(option);
        List<LineView> views = new ArrayList<>();
        List<LineMargin> margins = new ArrayList<>();
        for (QuoteLine line : option.lines()) {
            PricePoint point = prices.find(line.instanceType(), line.region(), line.billingMode()).orElseThrow();
            // issue 39: a line earns its own provider's rebate, not another provider's
            PricedLine priced = priceLine(line, point, totalGpus, agreement, option.channel().rebateFor(point.provider()));
            views.add(priced.view());
            margins.add(priced.margin());
        }
        OptionTotals totals = totals(option, views);
        List<ModeComparison> comparison = COMPARISON_MODES.stream()
                .map(mode -> compare(option, views, mode, totalGpus, agreement)).toList();
        OptionView view = new OptionView(option.id(), option.name(), views, option.services(), totals, comparison,
                option.title(), option.summary());
        OptionMargin margin = optionMargin(margins, views, totals, option.channel().uniformRebate().orElse(null),
                option.channel().providerRebates());
        return new PricedOption(option, view, margin, approval(totals, margin, policy));
    }

    /**
     * {@code priced} with {@code vouchers} in place of its own (the same names and amounts, issue 39: a tenant admin
     * has confirmed some): the customer's figures stay as they are; the margin and the approval checks follow.
     */
    public static PricedOption withVouchers(PricedOption priced, List<Voucher> vouchers, PricingPolicy policy) {
        OptionTotals t = priced.view().totals();
        OptionTotals totals = new OptionTotals(t.monthlyNet(), t.termMonths(), t.termNet(), t.oneTime(), t.subtotal(),
                t.vatRate(), t.vat(), t.grandTotal(), t.listTermNet(), t.discountTotal(), vouchers, t.voucherTotal(),
                t.netAfterVouchers());
        OptionView v = priced.view();
        OptionView view = new OptionView(v.id(), v.name(), v.lines(), v.services(), totals, v.billingModeComparison(),
                v.title(), v.summary());
        OptionMargin m = priced.margin();
        List<LineMargin> lines = new ArrayList<>(m.lines());
        if (!m.complete()) {
            lines.add(null); // still some line without cost
        }
        OptionMargin margin = optionMargin(lines, v.lines(), totals, m.rebatePercent(), m.providerRebates());
        return new PricedOption(priced.source(), view, margin, approval(totals, margin, policy));
    }

    /** Confirmed vouchers first, all within the option's voucher total (itself within the subtotal). */
    private static BigDecimal confirmedVouchers(OptionTotals totals) {
        return sum(totals.vouchers().stream().filter(Voucher::confirmed).map(Voucher::amount).toList())
                .min(totals.voucherTotal());
    }

    private static OptionApproval approval(OptionTotals totals, OptionMargin margin, PricingPolicy policy) {
        BigDecimal confirmed = confirmedVouchers(totals);
        BigDecimal unconfirmed = totals.voucherTotal().subtract(confirmed);
        // over the cap: unconfirmed × 100 > subtotal × cap% (exactly at the cap is within it)
        boolean overCap = unconfirmed.signum() > 0 && unconfirmed.multiply(HUNDRED)
                .compareTo(totals.subtotal().max(BigDecimal.ZERO).multiply(policy.voucherCapPercent())) > 0;
        boolean belowFloor = false;
        boolean belowCost = false;
        if (margin.complete() && margin.marginAmount() != null) {
            // the cost the margin was taken on (after confirmed vouchers and the rebate, never below 0)
            BigDecimal rebate = margin.rebateAmount() == null ? BigDecimal.ZERO : margin.rebateAmount();
            BigDecimal cost = margin.costTermAmount().subtract(rebate).max(BigDecimal.ZERO);
            BigDecimal net = margin.marginAmount().add(cost);
            // a consultant's checks leave the rebate out (ADR 3905): judged on the cost before it
            BigDecimal judged = policy.rebateInFloorCheck() ? cost : margin.costTermAmount();
            belowFloor = Margin.of(net, judged).isBelow(policy.marginFloor());
            belowCost = net.subtract(judged).signum() < 0;
        }
        return new OptionApproval(unconfirmed, confirmed, policy.voucherCapPercent(), overCap, belowFloor, belowCost);
    }

    private record PricedLine(LineView view, LineMargin margin) {
    }

    private PricedLine priceLine(QuoteLine line, PricePoint point, int totalGpus, Agreement agreement,
                                 BigDecimal rebatePercent) {
        InstanceFacts facts = instances.find(line.instanceType()).orElseThrow();
        WaterfallInput in = new WaterfallInput(facts, line.region(), line.billingMode(), point.listUnitPrice(),
                line.termMonths(), totalGpus, line.manualDiscountPercent(), line.contractUnitPrice());
        Waterfall waterfall = PriceWaterfall.full(in, agreement);
        BigDecimal net = waterfall.netUnitPrice();
        BigDecimal monthly = BillingTerms.monthlyAmount(line.billingMode(), net, line.quantity(), line.hoursPerMonth());
        BigDecimal term = termAmount(line, net);
        BigDecimal listTerm = termAmount(line, waterfall.listUnitPrice());
        // the rebate (返点) is paid on the list price and lowers the reseller's effective cost for the floor check
        BigDecimal rebateUnit = point.costUnitPrice() == null ? null
                : waterfall.listUnitPrice().multiply(rebatePercent).divide(HUNDRED);
        BigDecimal effectiveCost = point.costUnitPrice() == null ? null
                : point.costUnitPrice().subtract(rebateUnit);
        // issue 39 (ADR 3905): a consultant's flag leaves the rebate out (it would give the cost after rebate away)
        boolean belowFloor = policy.isBelowFloor(net, policy.rebateInFloorCheck() ? effectiveCost : point.costUnitPrice());
        LineView view = new LineView(line.id(), line.instanceType(), line.region(), line.billingMode(),
                line.quantity(), line.termMonths(), line.hoursPerMonth(), line.manualDiscountPercent(),
                waterfall.listUnitPrice(), net, waterfall.steps(), monthly, term, listTerm, belowFloor,
                line.contractUnitPrice() == null ? null : Money.unit(line.contractUnitPrice()));
        LineMargin margin = null;
        if (point.costUnitPrice() != null) {
            BigDecimal cost = point.costUnitPrice();
            BigDecimal costTerm = termAmount(line, cost);
            BigDecimal rebateTerm = Money.amount(listTerm.multiply(rebatePercent).divide(HUNDRED));
            Margin lineMargin = Margin.of(term, costTerm.subtract(rebateTerm));
            margin = new LineMargin(line.id(), cost, policy.floorUnitPrice(effectiveCost), costTerm,
                    lineMargin.amount(), lineMargin.percent(), rebateTerm);
        }
        return new PricedLine(view, margin);
    }

    private static BigDecimal termAmount(QuoteLine line, BigDecimal unitPrice) {
        return BillingTerms.termAmount(line.billingMode(), unitPrice, line.quantity(), line.hoursPerMonth(),
                line.termMonths());
    }

    private int totalGpus(QuoteOption option) {
        return option.lines().stream()
                .mapToInt(l -> l.quantity() * instances.find(l.instanceType()).map(InstanceFacts::gpusPerInstance)
                        .orElse(0))
                .sum();
    }

    private OptionTotals totals(QuoteOption option, List<LineView> lines) {
        int termMonths = option.termMonths();
        BigDecimal monthlyServices = sumServices(option, ServiceCharge.MONTHLY);
        BigDecimal oneTime = sumServices(option, ServiceCharge.ONE_TIME);
        BigDecimal servicesOverTerm = monthlyServices.multiply(BigDecimal.valueOf(termMonths));
        BigDecimal monthlyNet = sum(lines.stream().map(LineView::monthlyAmount).toList()).add(monthlyServices);
        BigDecimal lineTerm = sum(lines.stream().map(LineView::termAmount).toList());
        BigDecimal lineListTerm = sum(lines.stream().map(LineView::listTermAmount).toList());
        BigDecimal termNet = lineTerm.add(servicesOverTerm);
        BigDecimal listTermNet = lineListTerm.add(servicesOverTerm);
        BigDecimal subtotal = termNet.add(oneTime);
        // vouchers (代金券) reduce the amount invoiced: VAT on the net after vouchers (never below 0)
        List<Voucher> vouchers = option.channel().vouchers();
        BigDecimal voucherTotal = sum(vouchers.stream().map(Voucher::amount).toList()).min(subtotal.max(BigDecimal.ZERO));
        BigDecimal net = subtotal.subtract(voucherTotal);
        BigDecimal vat = Money.amountTimesRate(net, policy.vatRate());
        return new OptionTotals(monthlyNet, termMonths, termNet, oneTime, subtotal, policy.vatRate(), vat,
                net.add(vat), listTermNet, listTermNet.subtract(termNet), vouchers, voucherTotal, net);
    }

    /**
     * The option's totals had every line been in {@code mode}. A line already in {@code mode} is the one priced in
     * {@code priced} (same inputs, same price), which is taken as it is instead of pricing it a second time.
     */
    private ModeComparison compare(QuoteOption option, List<LineView> priced, BillingMode mode, int totalGpus,
                                   Agreement agreement) {
        List<LineView> lines = new ArrayList<>();
        for (int i = 0; i < option.lines().size(); i++) {
            QuoteLine original = option.lines().get(i);
            if (original.billingMode() == mode) {
                lines.add(priced.get(i));
                continue;
            }
            QuoteLine line = original.withBillingMode(mode);
            if (!BillingTerms.isValidTerm(mode, line.termMonths())) {
                return ModeComparison.unavailable(mode, ModeAvailability.TERM_NOT_WHOLE_YEARS);
            }
            Optional<PricePoint> point = prices.find(line.instanceType(), line.region(), mode);
            if (point.isEmpty()) {
                return ModeComparison.unavailable(mode, ModeAvailability.NO_PRICE);
            }
            lines.add(priceLine(line, point.get(), totalGpus, agreement,
                    option.channel().rebateFor(point.get().provider())).view());
        }
        OptionTotals totals = totals(option, lines);
        return new ModeComparison(mode, ModeAvailability.AVAILABLE, totals.monthlyNet(), totals.termNet(),
                totals.grandTotal(), lines.stream().anyMatch(LineView::belowFloor));
    }

    private static OptionMargin optionMargin(List<LineMargin> margins, List<LineView> lines, OptionTotals totals,
                                             BigDecimal rebatePercent, java.util.Map<String, BigDecimal> providerRebates) {
        BigDecimal vouchers = totals.voucherTotal();
        List<LineMargin> known = margins.stream().filter(m -> m != null).toList();
        if (known.size() < margins.size()) {
            return new OptionMargin(known, false, null, null, null, rebatePercent, null, vouchers, providerRebates);
        }
        // issue 39 (ADR 3902): every voucher lowers the revenue; only vouchers a tenant admin confirmed with the
        // provider lower the cost (an unconfirmed one is the reseller's money until then); the rebate is reseller
        // income (in the margin); cost never below 0, so the margin is never over the revenue
        BigDecimal rebate = sum(known.stream().map(m -> m.rebateTermAmount() == null ? Money.zeroAmount()
                : m.rebateTermAmount()).toList());
        BigDecimal cost = sum(known.stream().map(LineMargin::costTermAmount).toList())
                .subtract(confirmedVouchers(totals)).max(Money.zeroAmount());
        BigDecimal net = sum(lines.stream().map(LineView::termAmount).toList()).subtract(vouchers);
        Margin margin = Margin.of(net, cost.subtract(rebate));
        return new OptionMargin(known, true, cost, margin.amount(), margin.percent(), rebatePercent, rebate,
                vouchers, providerRebates);
    }

    private static BigDecimal sumServices(QuoteOption option, ServiceCharge charge) {
        return sum(option.services().stream().filter(s -> s.charge() == charge)
                .map(s -> Money.amount(s.amount())).toList());
    }

    private static BigDecimal sum(List<BigDecimal> values) {
        return values.stream().reduce(Money.zeroAmount(), BigDecimal::add);
    }

}
