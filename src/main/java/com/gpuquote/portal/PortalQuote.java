package com.gpuquote.portal;

import org.jspecify.annotations.Nullable;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.ServiceCharge;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A quote as its customer sees it on the portal: the reseller's name (branding), the options side by side with
 * lines, services, totals, the billing-mode comparison and, where a line came from a sizing, its VRAM/RAM fit.
 * Built field by field from consultant-safe views: there is no cost, margin, floor flag or agreement rule here.
 * {@code acceptance} is present once accepted, {@code rejection} once the customer rejected it (with their reason);
 * {@code questions} is the thread with the consultant.
 * {@code document} is the customer's quote document (ADR 1601: the one model the PDF prints), which the portal page
 * renders; it stays out of the JSON answer, whose fields are a contract, and out of the acceptance snapshot.
 */
public record PortalQuote(Snapshot quote, QuoteStatus status, Consultant consultant, String language,
                          Optional<Acceptance> acceptance, Optional<Rejection> rejection, List<Question> questions,
                          @com.fasterxml.jackson.annotation.JsonIgnore com.gpuquote.quote.pdf.@Nullable QuotePdfData document) {

    public PortalQuote(Snapshot quote, QuoteStatus status, Consultant consultant, String language,
                       Optional<Acceptance> acceptance, Optional<Rejection> rejection, List<Question> questions) {
        this(quote, status, consultant, language, acceptance, rejection, questions, null);
    }

    /** The part that is frozen and hashed at acceptance. */
    /** {@code terms}: the seller's terms for this quote in the customer's language (issue 16), or null. */
    public record Snapshot(String tenantName, String number, int version, LocalDate validUntil, String customerName,
                           String projectName, String currency, List<Option> options, @Nullable String terms) {

        public Snapshot(String tenantName, String number, int version, LocalDate validUntil, String customerName,
                        String projectName, String currency, List<Option> options) {
            this(tenantName, number, version, validUntil, customerName, projectName, currency, options, null);
        }
    }

    public record Consultant(String name, @Nullable String email) {
    }

    /** {@code title} and {@code summary} are optional (issue 16): the option's name and what it is sized for. */
    public record Option(UUID id, String name, List<Line> lines, List<Service> services, Totals totals,
                         List<ModeRow> billingModes, @Nullable String title, @Nullable String summary) {

        public Option(UUID id, String name, List<Line> lines, List<Service> services, Totals totals,
                      List<ModeRow> billingModes) {
            this(id, name, lines, services, totals, billingModes, null, null);
        }

        /** "A" or "A · 经济型 8 × L20". */
        public String label() {
            return title == null ? name : name + " · " + title;
        }
    }

    public record Line(String instanceType, String region, BillingMode billingMode, int quantity, int termMonths,
                       int hoursPerMonth, BigDecimal listUnitPrice, BigDecimal unitPrice, BigDecimal monthlyAmount,
                       BigDecimal termAmount, @Nullable Fit fit) {
    }

    /** Sizing fit of a line (null fields unknown): per-GPU VRAM need vs. capacity, host RAM need vs. capacity. */
    public record Fit(@Nullable String gpuModel, @Nullable Integer gpuCount, @Nullable Double vramNeedPerGpuGiB,
                      @Nullable Double vramPerGpuGiB, @Nullable Double vramUsedPct, @Nullable Double ramNeedGiB,
                      @Nullable Double ramGiB, @Nullable String ratioStatus, @Nullable String plan,
                      @Nullable Double trainingHours, @Nullable String estimatedJobAmount,
                      @Nullable Double outputTokensPerSecond, @Nullable String estimatedPricePerMillionOutputTokens) {

        /** Without plan and estimate (lines added by hand; snapshots taken before issue 15). */
        public Fit(@Nullable String gpuModel, @Nullable Integer gpuCount, @Nullable Double vramNeedPerGpuGiB,
                   @Nullable Double vramPerGpuGiB, @Nullable Double vramUsedPct, @Nullable Double ramNeedGiB,
                   @Nullable Double ramGiB, @Nullable String ratioStatus) {
            this(gpuModel, gpuCount, vramNeedPerGpuGiB, vramPerGpuGiB, vramUsedPct, ramNeedGiB, ramGiB, ratioStatus,
                    null, null, null, null, null);
        }
    }

    public record Service(String description, ServiceCharge charge, BigDecimal amount) {
    }

    /** Issue 16: {@code vouchers} are the provider's 代金券 credited before VAT (empty in older snapshots). */
    public record Totals(BigDecimal monthlyNet, int termMonths, BigDecimal termNet, BigDecimal oneTime,
                         BigDecimal subtotal, BigDecimal vatRate, BigDecimal vat, BigDecimal grandTotal,
                         BigDecimal listTermNet, BigDecimal discountTotal, List<Voucher> vouchers) {
        public Totals {
            vouchers = vouchers == null ? List.of() : List.copyOf(vouchers);
        }

        public Totals(BigDecimal monthlyNet, int termMonths, BigDecimal termNet, BigDecimal oneTime,
                      BigDecimal subtotal, BigDecimal vatRate, BigDecimal vat, BigDecimal grandTotal,
                      BigDecimal listTermNet, BigDecimal discountTotal) {
            this(monthlyNet, termMonths, termNet, oneTime, subtotal, vatRate, vat, grandTotal, listTermNet,
                    discountTotal, List.of());
        }
    }

    public record Voucher(String name, BigDecimal amount) {
    }

    public record ModeRow(BillingMode mode, boolean available, BigDecimal monthlyNet, BigDecimal termNet,
                          BigDecimal grandTotal) {
    }

    /** {@code invoice}: the invoice details the customer gave when accepting (issue 16), null when none. */
    public record Acceptance(UUID optionId, String optionName, String signerName, String signerEmail,
                             Instant acceptedAt, String snapshotSha256, @Nullable InvoiceDetails invoice) {
    }

    /** The customer's own rejection of this version: their reason and when. */
    public record Rejection(String reason, Instant rejectedAt) {
    }

    public record Question(UUID id, String text, Instant askedAt, List<Answer> answers) {
    }

    public record Answer(String text, @Nullable String by, Instant at) {
    }

    public boolean open() {
        return status == QuoteStatus.SENT || status == QuoteStatus.VIEWED;
    }

    public Optional<Option> option(UUID id) {
        return quote.options().stream().filter(o -> o.id().equals(id)).findFirst();
    }
}
