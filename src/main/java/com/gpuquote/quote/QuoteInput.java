package com.gpuquote.quote;

import com.gpuquote.quote.domain.ChannelTerms;
import com.gpuquote.commercial.BillingMode;

import java.math.BigDecimal;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Input records of quotes (create and update): options with instance lines and service lines. */
public final class QuoteInput {

    private QuoteInput() {
    }

    /**
     * One option. {@code vouchers} and {@code rebatePercent} (issue 16, {@link ChannelTerms}) are optional: absent
     * keeps what the option at that position has (nothing for a new option); only a tenant admin may change the
     * rebate. {@code name} is optional; when given it must be the option's letter by position (A, B, C, D).
     * {@code title} (at most 60 characters, one line) and {@code summary} (at most 1,000) are optional (issue 16).
     * Issue 39: {@code providerRebates} (provider code → percent, tenant admins) sets the rebate of the option's lines
     * of each provider; {@code rebatePercent} from an admin sets it for every provider of the option's lines.
     * Without either, a provider the option already has keeps its rebate and a provider new to it starts with the
     * tenant's default for that provider.
     */
    public record Option(String name, List<Line> lines, List<Service> serviceLines, String title, String summary,
                         List<VoucherInput> vouchers, BigDecimal rebatePercent,
                         java.util.@Nullable Map<String, BigDecimal> providerRebates) {
        public Option {
            lines = lines == null ? List.of() : lines;
            serviceLines = serviceLines == null ? List.of() : serviceLines;
            // null vouchers / rebatePercent (absent): an update keeps the option's stored ones; may hold nulls
            vouchers = vouchers == null ? null : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(vouchers));
            providerRebates = providerRebates == null ? null
                    : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(providerRebates));
        }

        public Option(String name, List<Line> lines, List<Service> serviceLines, String title, String summary,
                      List<VoucherInput> vouchers, BigDecimal rebatePercent) {
            this(name, lines, serviceLines, title, summary, vouchers, rebatePercent, null);
        }

        public Option(String name, List<Line> lines, List<Service> serviceLines, String title, String summary) {
            this(name, lines, serviceLines, title, summary, null, null);
        }

        public Option(String name, List<Line> lines, List<Service> serviceLines) {
            this(name, lines, serviceLines, null, null);
        }

        public Option withLines(List<Line> newLines) {
            return new Option(name, newLines, serviceLines, title, summary, vouchers, rebatePercent, providerRebates);
        }

        public Option withChannel(List<VoucherInput> newVouchers, BigDecimal newRebatePercent) {
            return new Option(name, lines, serviceLines, title, summary, newVouchers, newRebatePercent, providerRebates);
        }

        /** Issue 39: these rebates per provider code (an admin's; see {@link QuoteInput}). */
        public Option withProviderRebates(java.util.@Nullable Map<String, BigDecimal> rebates) {
            return new Option(name, lines, serviceLines, title, summary, vouchers, rebatePercent, rebates);
        }

        /** The stored channel terms as input (for copies of an option): its rebates per provider when it has them. */
        public Option withChannel(ChannelTerms channel) {
            Option o = withChannel(channel.vouchers().stream()
                            .map(v -> new VoucherInput(v.name(), v.amount(), v.reference())).toList(),
                    !channel.providerRebates().isEmpty() || channel.rebatePercent().signum() == 0 ? null
                            : channel.rebatePercent());
            return channel.providerRebates().isEmpty() ? o : o.withProviderRebates(channel.providerRebates());
        }
    }

    /**
     * A provider voucher (代金券) of an option: name and amount in CNY (issue 16, {@link ChannelTerms}) and, optionally,
     * the provider's voucher reference (issue 39). Confirming it is a tenant admin's separate act; a voucher saved
     * again with the same name and amount keeps its confirmation.
     */
    public record VoucherInput(String name, BigDecimal amount, @org.jspecify.annotations.Nullable String reference) {

        public VoucherInput(String name, BigDecimal amount) {
            this(name, amount, null);
        }
    }

    /**
     * An instance line. {@code id}: keep it to update an existing line of the same quote (otherwise a new id is
     * given). {@code hoursPerMonth} defaults to 730, {@code manualDiscountPercent} to 0. {@code sizing} is the
     * optional "Add from sizing" reference. {@code contractUnitPrice} (issue 39, ADR 3906) is set by the renewal
     * only (no REST or view input carries it): the contracted net unit price, the line's price ceiling; null keeps
     * the one a kept line (same id, instance type, region and billing mode) has.
     */
    public record Line(@Nullable QuoteLineId id, String instanceType, String region, BillingMode billingMode, Integer quantity,
                       Integer termMonths, Integer hoursPerMonth, BigDecimal manualDiscountPercent, SizingRef sizing,
                       @Nullable BigDecimal contractUnitPrice) {

        /** A line without a contracted unit price of its own (a kept line keeps the one it has). */
        public Line(@Nullable QuoteLineId id, String instanceType, String region, BillingMode billingMode,
                    Integer quantity, Integer termMonths, Integer hoursPerMonth, BigDecimal manualDiscountPercent,
                    SizingRef sizing) {
            this(id, instanceType, region, billingMode, quantity, termMonths, hoursPerMonth, manualDiscountPercent,
                    sizing, null);
        }

        public static Line of(String instanceType, String region, BillingMode mode, int quantity, int termMonths) {
            return new Line(null, instanceType, region, mode, quantity, termMonths, null, null, null);
        }

        public Line withManualDiscount(BigDecimal percent) {
            return new Line(id, instanceType, region, billingMode, quantity, termMonths, hoursPerMonth, percent, sizing,
                    contractUnitPrice);
        }

        public Line withSizing(SizingRef ref) {
            return new Line(id, instanceType, region, billingMode, quantity, termMonths, hoursPerMonth,
                    manualDiscountPercent, ref, contractUnitPrice);
        }
    }

    /** A service line: exactly one of {@code monthlyAmount} / {@code oneTimeAmount}. */
    public record Service(@Nullable QuoteLineId id, String description, BigDecimal monthlyAmount, BigDecimal oneTimeAmount) {

        public static Service monthly(String description, String amount) {
            return new Service(null, description, new BigDecimal(amount), null);
        }

        public static Service oneTime(String description, String amount) {
            return new Service(null, description, null, new BigDecimal(amount));
        }
    }
}
