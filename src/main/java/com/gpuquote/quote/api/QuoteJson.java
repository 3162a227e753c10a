package com.gpuquote.quote.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.quote.pricing.LineMargin;
import com.gpuquote.quote.LineView;
import com.gpuquote.quote.ModeComparison;
import com.gpuquote.commercial.Money;
import com.gpuquote.quote.pricing.OptionMargin;
import com.gpuquote.quote.OptionTotals;
import com.gpuquote.quote.OptionView;
import com.gpuquote.quote.QuoteLineId;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteSummary;
import com.gpuquote.quote.ServiceCharge;
import com.gpuquote.quote.ServiceLine;
import com.gpuquote.quote.SizingRef;
import com.gpuquote.quote.pricing.WaterfallStep;
import com.gpuquote.shared.FieldError;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The REST shape of a quote. Money is a JSON string with 2 (amounts) or 4 (unit prices) decimals. The
 * {@code margin} objects exist only in a TENANT_ADMIN's response; for everyone else they are absent (not null).
 */
@JsonInclude(JsonInclude.Include.NON_ABSENT)
public record QuoteJson(UUID id, String number, int version, String status, String storedStatus, LocalDate validUntil,
                 UUID projectId, String projectName, Party customer, Party author, ApprovalJson approval,
                 Instant submittedAt, Instant sentAt, boolean priceFrozen, LocalDate pricedOn, UUID agreementId,
                 String currency, String vatRate, List<OptionJson> options, List<FieldError> pricingErrors,
                 Instant createdAt, Instant updatedAt, int rowVersion, List<ApprovalStepJson> approvalChain,
                 String belowCostJustification) {


    record Party(UUID id, String name) {
    }

    record ApprovalJson(UUID approverId, String approverName, String comment, Instant approvedAt) {
    }

    /** One step of the approval chain (issue 16); status PENDING or APPROVED. */
    record ApprovalStepJson(int step, String role, String approverName, Instant decidedAt, String status) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record OptionJson(UUID id, String name, List<LineJson> lines, List<ServiceJson> serviceLines, int termMonths,
                      String monthlyNet, String termNet, String oneTime, String subtotal, String listTermNet,
                      String discountTotal, String vatRate, String vat, String grandTotal,
                      List<ComparisonJson> billingModeComparison, OptionMarginJson margin, String title,
                      String summary, List<VoucherJson> vouchers, String voucherTotal, String netAfterVouchers,
                      ApprovalChecksJson approvalChecks) {
    }

    /**
     * A provider voucher (代金券): a named step of the option total. Issue 39: the provider's {@code reference}
     * (null until given), {@code confirmed} by a tenant admin ({@code confirmedAt}); only a confirmed one lowers the
     * reseller's cost.
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record VoucherJson(String name, String amount, String reference, boolean confirmed, Instant confirmedAt) {
    }

    /**
     * Issue 39: why the option needs approval. {@code unconfirmedVoucherTotal} against {@code voucherCapPercent} of
     * the subtotal ({@code vouchersOverCap}); for tenant admins and approvers also {@code marginBelowFloor} and
     * {@code belowCost} (absent for consultants).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ApprovalChecksJson(String unconfirmedVoucherTotal, String confirmedVoucherTotal, String voucherCapPercent,
                              boolean vouchersOverCap, Boolean marginBelowFloor, Boolean belowCost) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record LineJson(UUID id, String instanceType, String region, String billingMode, int quantity, int termMonths,
                    int hoursPerMonth, String manualDiscountPercent, String listUnitPrice, String netUnitPrice,
                    List<StepJson> waterfall, String monthlyAmount, String termAmount, String listTermAmount,
                    boolean belowFloor, SizingJson sizing, LineMarginJson margin,
                    /* issue 39 (ADR 3906): a renewal line's contracted net unit price, its price ceiling */
                    String contractUnitPrice) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record StepJson(String step, String unitPrice, String percent, String detail) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ServiceJson(UUID id, String description, String monthlyAmount, String oneTimeAmount) {
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    record ComparisonJson(String billingMode, String availability, String monthlyNet, String termNet,
                          String grandTotal, boolean belowFloor) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record SizingJson(UUID sizingRunId, JsonNode candidate) {
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    record LineMarginJson(String costUnitPrice, String floorUnitPrice, String costTermAmount, String marginAmount,
                          String marginPercent, String rebateTermAmount) {
    }

    /**
     * Admin only: {@code rebatePercent}/{@code rebateAmount} are the reseller's 返点 (income, in the margin);
     * issue 39: {@code rebatePercent} is null when the option's providers earn different rebates, and
     * {@code providerRebates} gives each provider's (provider code → percent).
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record OptionMarginJson(boolean complete, String costTermAmount, String marginAmount, String marginPercent,
                            String rebatePercent, String rebateAmount, String voucherTotal,
                            Map<String, String> providerRebates) {
    }

    private static Map<String, String> providerRebates(OptionMargin margin) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        margin.providerRebates().forEach((p, r) -> out.put(p, r.stripTrailingZeros().toPlainString()));
        return out;
    }

    public static QuoteJson of(QuoteDetails d) {
        List<OptionJson> options = new ArrayList<>();
        for (int i = 0; i < d.options().size(); i++) {
            OptionMargin margin = d.margins().isPresent() ? d.margins().get().get(i) : null;
            options.add(option(d.options().get(i), margin, d.lineSizing(),
                    i < d.optionApprovals().size() ? checks(d.optionApprovals().get(i), margin != null) : null));
        }
        return new QuoteJson(d.id().value(), d.number(), d.version(), d.status().name(), d.storedStatus().name(),
                d.validUntil(), d.projectId().value(), d.projectName(),
                new Party(d.customerId().value(), d.customerName()),
                new Party(d.authorId().value(), d.authorName()),
                d.approval().map(a -> new ApprovalJson(a.approverId().value(), a.approverName(), a.comment(),
                        a.approvedAt())).orElse(null),
                d.submittedAt(), d.sentAt(), d.priceFrozen(), d.pricedOn(),
                d.agreementId().map(a -> a.value()).orElse(null), d.currency(), plain(d.vatRate()), options,
                d.pricingErrors(), d.createdAt(), d.updatedAt(), d.rowVersion(),
                d.approvalChain().stream().map(st -> new ApprovalStepJson(st.step(), st.role().name(),
                        st.approverName(), st.decidedAt(), st.status())).toList(), d.belowCostJustification());
    }

    private static ApprovalChecksJson checks(com.gpuquote.quote.pricing.OptionApproval a, boolean admin) {
        return new ApprovalChecksJson(plain(a.unconfirmedVoucherTotal()), plain(a.confirmedVoucherTotal()),
                a.voucherCapPercent().stripTrailingZeros().toPlainString(), a.vouchersOverCap(),
                admin ? a.marginBelowFloor() : null, admin ? a.belowCost() : null);
    }

    private static OptionJson option(OptionView o, OptionMargin margin, Map<QuoteLineId, SizingRef> sizing,
                                     ApprovalChecksJson checks) {
        OptionTotals t = o.totals();
        List<LineJson> lines = new ArrayList<>();
        for (LineView l : o.lines()) {
            LineMargin lm = margin == null ? null
                    : margin.lines().stream().filter(m -> m.lineId().equals(l.id())).findFirst().orElse(null);
            lines.add(new LineJson(l.id().value(), l.instanceType(), l.region(), l.billingMode().name(), l.quantity(),
                    l.termMonths(), l.hoursPerMonth(), plain(l.manualDiscountPercent()), plain(l.listUnitPrice()),
                    plain(l.netUnitPrice()), l.waterfall().stream().map(QuoteJson::step).toList(),
                    plain(l.monthlyAmount()), plain(l.termAmount()), plain(l.listTermAmount()), l.belowFloor(),
                    sizing(sizing.get(l.id())),
                    lm == null ? null : new LineMarginJson(plain(lm.costUnitPrice()), plain(lm.floorUnitPrice()),
                            plain(lm.costTermAmount()), plain(lm.marginAmount()), plain(lm.marginPercent()),
                            plain(lm.rebateTermAmount())), plain(l.contractUnitPrice())));
        }
        List<ServiceJson> services = o.services().stream().map(QuoteJson::service).toList();
        List<ComparisonJson> comparison = o.billingModeComparison().stream().map(QuoteJson::comparison).toList();
        OptionMarginJson om = margin == null ? null : new OptionMarginJson(margin.complete(),
                plain(margin.costTermAmount()), plain(margin.marginAmount()), plain(margin.marginPercent()),
                margin.rebatePercent() == null ? null : margin.rebatePercent().stripTrailingZeros().toPlainString(),
                plain(margin.rebateAmount()), plain(margin.voucherTotal()), providerRebates(margin));
        return new OptionJson(o.id().value(), o.name().name(), lines, services, t.termMonths(), plain(t.monthlyNet()),
                plain(t.termNet()), plain(t.oneTime()), plain(t.subtotal()), plain(t.listTermNet()),
                plain(t.discountTotal()), plain(t.vatRate()), plain(t.vat()), plain(t.grandTotal()), comparison, om,
                o.title(), o.summary(),
                t.vouchers().stream().map(v -> new VoucherJson(v.name(), plain(v.amount()), v.reference(),
                        v.confirmed(), v.confirmedAt())).toList(),
                plain(t.voucherTotal()), plain(t.netAfterVouchers()), checks);
    }

    private static StepJson step(WaterfallStep s) {
        return new StepJson(s.step().name(), plain(s.unitPrice()),
                s.percent() == null ? null : s.percent().stripTrailingZeros().toPlainString(), s.detail());
    }

    private static ServiceJson service(ServiceLine s) {
        String amount = plain(Money.amount(s.amount()));
        return s.charge() == ServiceCharge.MONTHLY ? new ServiceJson(s.id().value(), s.description(), amount, null)
                : new ServiceJson(s.id().value(), s.description(), null, amount);
    }

    private static ComparisonJson comparison(ModeComparison c) {
        return new ComparisonJson(c.mode().name(), c.availability().name(), plain(c.monthlyNet()),
                plain(c.termNet()), plain(c.grandTotal()), c.anyBelowFloor());
    }

    private static @Nullable SizingJson sizing(SizingRef ref) {
        if (ref == null) {
            return null;
        }
        JsonNode candidate = null;
        if (ref.candidateJson() != null) {
            try {
                candidate = com.gpuquote.sizing.SizingHandoverCodec.tree(ref.candidateJson());
            } catch (com.gpuquote.sizing.UnreadableHandoverException e) {
                candidate = null;
            }
        }
        return new SizingJson(ref.sizingRunId() == null ? null : ref.sizingRunId().value(), candidate);
    }

    private static String plain(BigDecimal value) {
        return Money.format(value);
    }

    /** A row of the quote list. */
    record SummaryJson(UUID id, String number, int version, String status, LocalDate validUntil, UUID projectId,
                       String projectName, Party customer, Party author, Instant createdAt, Instant updatedAt,
                       Instant sentAt, int rowVersion) {
        static SummaryJson of(QuoteSummary s) {
            return new SummaryJson(s.id().value(), s.number(), s.version(), s.status().name(), s.validUntil(),
                    s.projectId().value(), s.projectName(), new Party(s.customerId().value(), s.customerName()),
                    new Party(s.authorId().value(), s.authorName()), s.createdAt(), s.updatedAt(), s.sentAt(),
                    s.rowVersion());
        }
    }
}
