package com.gpuquote.quote.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.gpuquote.commercial.Money;
import com.gpuquote.quote.QuoteComparison;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteVersionDiff;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The REST shape of {@code GET /api/v1/quotes/{id}/versions/{a}/diff/{b}}. Money as strings like {@link QuoteJson}:
 * amounts with 2 decimals (half-up), unit prices with 4. {@code totalBefore}/{@code totalAfter} are grand totals (VAT
 * included), {@code subtotal*} without VAT. Options are alternatives (issue 39): the per-option figures are what a
 * customer would pay, and nothing is summed over options. The quote-level {@code totalBefore}/{@code totalAfter}/
 * {@code difference} are the one option's when both versions have just that one option (A vs A); otherwise they are
 * null and {@code totalsPerOption} is true (they used to be sums over the alternatives, which no customer pays). A
 * figure that does not exist on a side (added/removed option or line, or a version that cannot be priced today) is
 * null.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
record QuoteDiffJson(String number, VersionJson from, VersionJson to, List<OptionJson> options, String totalBefore,
                     String totalAfter, String difference, CountsJson changes, boolean totalsPerOption) {

    record VersionJson(UUID id, int version, String status, LocalDate pricedOn, boolean priced) {
    }

    record CountsJson(int added, int removed, int changed) {
    }

    record OptionJson(String option, String status, List<LineJson> lines, String totalBefore, String totalAfter,
                      String difference, String subtotalBefore, String subtotalAfter, String subtotalDifference) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record LineJson(String change, String kind, String instanceType, String region, String billingMode,
                    String description, String charge, @JsonInclude(JsonInclude.Include.ALWAYS) FiguresJson before,
                    @JsonInclude(JsonInclude.Include.ALWAYS) FiguresJson after,
                    @JsonInclude(JsonInclude.Include.ALWAYS) String difference) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record FiguresJson(Integer quantity, Integer termMonths, Integer hoursPerMonth, String manualDiscountPercent,
                       @JsonInclude(JsonInclude.Include.ALWAYS) String unitPrice, String monthlyAmount,
                       @JsonInclude(JsonInclude.Include.ALWAYS) String amount) {
    }

    static QuoteDiffJson of(QuoteComparison c) {
        QuoteVersionDiff d = c.diff();
        return new QuoteDiffJson(c.from().number(), version(c.from()), version(c.to()),
                d.options().stream().map(QuoteDiffJson::option).toList(), s(d.totalBefore()), s(d.totalAfter()),
                s(d.difference()), new CountsJson(d.added(), d.removed(), d.changed()), d.totalsPerOption());
    }

    private static VersionJson version(QuoteDetails q) {
        return new VersionJson(q.id().value(), q.version(), q.status().name(), q.pricedOn(),
                q.pricingErrors().isEmpty());
    }

    private static OptionJson option(QuoteVersionDiff.OptionDiff o) {
        return new OptionJson(o.option().name(), o.status().name(), o.lines().stream().map(QuoteDiffJson::line).toList(),
                s(o.totalBefore()), s(o.totalAfter()), s(o.difference()), s(o.subtotalBefore()), s(o.subtotalAfter()),
                s(o.subtotalDifference()));
    }

    private static LineJson line(QuoteVersionDiff.LineDiff l) {
        QuoteVersionDiff.Item i = l.identity();
        boolean instance = i.kind() == QuoteVersionDiff.Kind.INSTANCE;
        return new LineJson(l.change().name(), i.kind().name(), i.instanceType(), i.region(),
                i.billingMode() == null ? null : i.billingMode().name(), i.description(),
                i.charge() == null ? null : i.charge().name(), figures(l.before(), instance),
                figures(l.after(), instance), s(l.difference()));
    }

    private static @Nullable FiguresJson figures(QuoteVersionDiff.Figures f, boolean instance) {
        if (f == null) {
            return null;
        }
        if (!instance) {
            return new FiguresJson(null, null, null, null, null, null, s(f.amount()));
        }
        return new FiguresJson(f.quantity(), f.termMonths(), f.hoursPerMonth(),
                s(f.manualDiscountPercent()),
                s(f.unitPrice()), s(f.monthlyAmount()), s(f.amount()));
    }

    private static String s(BigDecimal v) {
        return Money.format(v);
    }
}
