package com.gpuquote.quote;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.commercial.BillingTerms;
import com.gpuquote.commercial.Money;
import com.gpuquote.sizing.SizingHandover;
import com.gpuquote.sizing.engine.PerformanceModel;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * What a line's own price makes of the estimate its sizing plan carries (issue 39): the price of a million output
 * tokens and the cost of the training job, at the line's net unit price, billing mode and quantity, never at the
 * candidate's prices from the sizing run (which were list prices, hourly, before the quote's agreements, discounts and
 * billing mode). The estimate follows every change of the line.
 *
 * <ul>
 *   <li>Per million output tokens: the line's monthly amount (unrounded) over the tokens its instances put out in that
 *   month at full load: {@code outputTokensPerSecond × quantity ÷ planInstances} tokens a second, for
 *   {@code hoursPerMonth} hours when the line is billed by the hour (HOURLY, SPOT), or
 *   {@value BillingTerms#DEFAULT_HOURS_PER_MONTH} h when it is paid for the whole month or year (MONTHLY, YEARLY:
 *   the instance runs all month). 4 decimals; documents print 2.</li>
 *   <li>Job cost: the plan's instances (the job ran on them for {@code trainingHours}) at the line's net unit price
 *   by the billing mode, as the sizing engine counts a job ({@link PerformanceModel#jobCost}: hours for hourly
 *   prices, every month or year begun otherwise).</li>
 * </ul>
 * A hand-over stored before it kept the plan's {@code instances} is taken as sized for the line's quantity.
 *
 * @param billingMode   the line's billing mode
 * @param netUnitPrice  the line's net unit price (per hour, month or year by the billing mode)
 * @param quantity      the line's instances
 * @param hoursPerMonth the line's hours a month (used for HOURLY and SPOT)
 */
public record ServingPrice(BillingMode billingMode, BigDecimal netUnitPrice, int quantity, int hoursPerMonth) {

    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);
    private static final BigDecimal SECONDS_PER_HOUR = BigDecimal.valueOf(3600);
    private static final BigDecimal TWELVE = BigDecimal.valueOf(12);
    private static final MathContext EXACT = MathContext.DECIMAL128;

    public static ServingPrice of(LineView line) {
        return new ServingPrice(line.billingMode(), line.netUnitPrice(), line.quantity(), line.hoursPerMonth());
    }

    /**
     * ¥ per million output tokens at this line's price, 4 decimals; null when the hand-over has no serving throughput
     * or the line has no instances.
     */
    public @Nullable BigDecimal perMillionOutputTokens(SizingHandover handover) {
        SizingHandover.Performance p = handover.performance();
        if (p == null || p.outputTokensPerSecond() == null || !(p.outputTokensPerSecond() > 0) || quantity < 1) {
            return null;
        }
        int planInstances = planInstances(handover);
        BigDecimal qty = BigDecimal.valueOf(quantity);
        BigDecimal hours = BillingTerms.isHourly(billingMode) ? BigDecimal.valueOf(hoursPerMonth)
                : BigDecimal.valueOf(BillingTerms.DEFAULT_HOURS_PER_MONTH);
        BigDecimal monthly = switch (billingMode) {
            case HOURLY, SPOT -> netUnitPrice.multiply(hours).multiply(qty);
            case MONTHLY -> netUnitPrice.multiply(qty);
            case YEARLY -> netUnitPrice.multiply(qty).divide(TWELVE, EXACT);
        };
        BigDecimal tokensPerSecond = new BigDecimal(p.outputTokensPerSecond()).multiply(qty)
                .divide(BigDecimal.valueOf(planInstances), EXACT);
        BigDecimal tokensPerMonth = tokensPerSecond.multiply(hours).multiply(SECONDS_PER_HOUR);
        if (tokensPerMonth.signum() <= 0) {
            return null;
        }
        return monthly.multiply(MILLION).divide(tokensPerMonth, Money.UNIT_SCALE, RoundingMode.HALF_UP);
    }

    /** What the training job costs at this line's price (2 decimals); null when the hand-over has no training hours. */
    public @Nullable BigDecimal jobCost(SizingHandover handover) {
        SizingHandover.Performance p = handover.performance();
        if (p == null || p.trainingHours() == null || !(p.trainingHours() > 0)) {
            return null;
        }
        return PerformanceModel.jobCost(billingMode, netUnitPrice, planInstances(handover), p.trainingHours());
    }

    private int planInstances(SizingHandover handover) {
        Integer planned = handover.instances();
        return planned != null && planned > 0 ? planned : Math.max(1, quantity);
    }
}
