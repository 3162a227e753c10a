package com.gpuquote.quote;

import com.gpuquote.commercial.BillingMode;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The subscriptions an accepted quote starts (issue 16: renewals): each MONTHLY or YEARLY line of the accepted option
 * runs for its term from the day of acceptance (China calendar) and ends on that day plus its term in months. Hourly
 * and spot lines have no term to renew. Reminders go out {@link #REMINDER_DAYS} days before an end date.
 */
public final class Subscriptions {

    /** Our policy, from the issue: a month ahead to negotiate, a week ahead as the last call. */
    public static final List<Integer> REMINDER_DAYS = List.of(30, 7);

    public record Subscription(QuoteLineId lineId, String instanceType, String region, BillingMode billingMode, int quantity,
                               int termMonths, BigDecimal contractedUnitPrice, LocalDate startDate,
                               LocalDate endDate) {
    }

    private Subscriptions() {
    }

    public static List<Subscription> of(QuoteStatus status, List<OptionView> options,
                                        Optional<QuoteAcceptanceSource.AcceptedOption> acceptance, ZoneId zone) {
        if (status != QuoteStatus.ACCEPTED || acceptance.isEmpty()) {
            return List.of();
        }
        LocalDate start = acceptance.get().acceptedAt().atZone(zone).toLocalDate();
        List<Subscription> out = new ArrayList<>();
        options.stream().filter(o -> o.name().name().equals(acceptance.get().optionName())).findFirst()
                .ifPresent(o -> o.lines().stream()
                        .filter(l -> l.billingMode() == BillingMode.MONTHLY || l.billingMode() == BillingMode.YEARLY)
                        .forEach(l -> out.add(new Subscription(l.id(), l.instanceType(), l.region(), l.billingMode(),
                                l.quantity(), l.termMonths(), l.netUnitPrice(), start,
                                start.plusMonths(l.termMonths())))));
        return out;
    }

    /**
     * The reminder due on {@code today} for a subscription ending on {@code end}: the smallest of
     * {@link #REMINDER_DAYS} whose day has come (a job that missed a day still sends it), none once it has ended.
     */
    public static Optional<Integer> reminderDue(LocalDate end, LocalDate today) {
        if (!today.isBefore(end)) {
            return Optional.empty();
        }
        return REMINDER_DAYS.stream().filter(d -> !today.isBefore(end.minusDays(d)))
                .min(Integer::compare);
    }
}
