package com.gpuquote.quote;

import com.gpuquote.quote.domain.ApprovalStep;
import com.gpuquote.quote.pricing.OptionMargin;
import com.gpuquote.pricing.agreement.AgreementId;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.security.UserId;
import com.gpuquote.shared.FieldError;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * One version of a quote as the caller may see it.
 * <ul>
 *   <li>{@code status}: the effective status (SENT/VIEWED past validity read as EXPIRED); {@code storedStatus} is
 *       what the row says.</li>
 *   <li>{@code options}: consultant-safe priced options (no cost, no margin; only the below-floor flag), with
 *       each line's waterfall, the option totals and the billing-mode comparison. DRAFT quotes are priced live
 *       (price list and agreement in force today); from submit on they come from the stored snapshot
 *       ({@code pricedOn}), frozen once sent.</li>
 *   <li>{@code margins}: index-aligned with {@code options}; present ONLY when the caller is TENANT_ADMIN.</li>
 *   <li>{@code pricingErrors}: a DRAFT whose lines cannot be priced today (e.g. a price was withdrawn) has no
 *       options priced and lists why here; empty otherwise.</li>
 *   <li>{@code lineSizing}: line id → the sizing reference that justified the line ("Add from sizing").</li>
 *   <li>{@code rowVersion}: send it back with updates (optimistic lock).</li>
 *   <li>{@code optionApprovals} (issue 39): index-aligned with {@code options}, the voucher cap check of each; the
 *       option's floor and below-cost checks only for tenant admins and approvers (false for consultants: they
 *       would reveal the cost). {@code belowCostJustification}: what the consultant wrote when submitting an option
 *       below cost.</li>
 *   <li>{@code floorUnitPrices}: line id → the lowest unit price the line may have without approval (the margin
 *       floor price); for tenant admins, and for consultants only when the tenant shows it (it reveals the cost).
 *       Admins get the real floor (net of the option's rebate), consultants cost × (1 + floor) without the
 *       rebate, so the hint does not reveal the rebate (ADR 1602). Empty otherwise.</li>
 * </ul>
 */
public record QuoteDetails(QuoteId id, String number, int version, QuoteStatus status, QuoteStatus storedStatus,
                           LocalDate validUntil, ProjectId projectId, String projectName, CustomerId customerId,
                           String customerName, UserId authorId, String authorName, Optional<ApprovalInfo> approval,
                           Instant submittedAt, Instant sentAt, boolean priceFrozen, LocalDate pricedOn,
                           Optional<AgreementId> agreementId, String currency, BigDecimal vatRate,
                           List<OptionView> options, Optional<List<OptionMargin>> margins,
                           List<FieldError> pricingErrors, Map<QuoteLineId, SizingRef> lineSizing, Instant createdAt,
                           Instant updatedAt, int rowVersion, Map<QuoteLineId, BigDecimal> floorUnitPrices,
                           List<ApprovalStep> approvalChain,
                           List<com.gpuquote.quote.pricing.OptionApproval> optionApprovals,
                           @org.jspecify.annotations.Nullable String belowCostJustification) {

    public QuoteDetails {
        optionApprovals = optionApprovals == null ? List.of() : List.copyOf(optionApprovals);
    }

    /** Who approved, when, and why. */
    public record ApprovalInfo(UserId approverId, String approverName, String comment, Instant approvedAt) {
    }

    public boolean editable() {
        return storedStatus == QuoteStatus.DRAFT;
    }

    public boolean anyBelowFloor() {
        return options.stream().anyMatch(OptionView::anyBelowFloor);
    }

    /** The same details under the number taken at the end of the create transaction (ADR 1854). */
    QuoteDetails withNumber(String number) {
        return new QuoteDetails(id, number, version, status, storedStatus, validUntil, projectId, projectName,
                customerId, customerName, authorId, authorName, approval, submittedAt, sentAt, priceFrozen, pricedOn,
                agreementId, currency, vatRate, options, margins, pricingErrors, lineSizing, createdAt, updatedAt,
                rowVersion, floorUnitPrices, approvalChain, optionApprovals, belowCostJustification);
    }
}
