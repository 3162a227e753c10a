package com.gpuquote.quote;

import com.gpuquote.audit.AuditLog;
import com.gpuquote.quote.domain.Quote;
import com.gpuquote.quote.domain.QuoteOption;
import com.gpuquote.quote.domain.ChannelTerms;
import com.gpuquote.quote.internal.QuoteRepository;
import com.gpuquote.quote.internal.VoucherRepository;
import com.gpuquote.quote.pricing.PricedOption;
import com.gpuquote.quote.pricing.PricedQuote;
import com.gpuquote.quote.pricing.PricingPolicy;
import com.gpuquote.quote.pricing.QuotePricer;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.InputRules;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.Roles;
import com.gpuquote.shared.Validation;
import com.gpuquote.tenancy.TenantId;
import com.gpuquote.tenancy.TenantService;
import org.jspecify.annotations.Nullable;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Governed vouchers (issue 39, ADR 3902): the tenant's voucher policy (the cap a consultant may give without
 * approval) and a tenant admin's confirmation of a voucher with the provider's reference, after which it lowers the
 * reseller's cost as well as the customer's price.
 */
@Service
public class VoucherService {

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private final VoucherRepository vouchers;
    private final QuoteStore store;
    private final QuoteRepository quotes;
    private final TenantService tenants;
    private final AuditLog audit;
    private final Clock clock;

    VoucherService(VoucherRepository vouchers, QuoteStore store, QuoteRepository quotes, TenantService tenants,
                   AuditLog audit, Clock clock) {
        this.vouchers = vouchers;
        this.store = store;
        this.quotes = quotes;
        this.tenants = tenants;
        this.audit = audit;
        this.clock = clock;
    }

    /** The tenant's voucher policy (the default 10 % until an admin sets another). */
    @Transactional(readOnly = true)
    @PreAuthorize(Roles.IS_QUOTE_READER)
    public VoucherPolicy policy() {
        return new VoucherPolicy(capPercent(tenant()));
    }

    /**
     * Sets the cap: a percent from 0 to 100 with at most 2 decimals, else 400 naming {@code consultantCapPercent}.
     * Quotes already submitted keep the checks of their submit.
     */
    @Transactional
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    public VoucherPolicy updatePolicy(VoucherPolicy policy) {
        BigDecimal cap = policy == null ? null : policy.consultantCapPercent();
        new Validation().check(cap != null && cap.signum() >= 0 && cap.compareTo(HUNDRED) <= 0
                        && cap.stripTrailingZeros().scale() <= 2, "consultantCapPercent", "quote.voucherPolicy.cap",
                "A percent from 0 to 100 with at most 2 decimals").throwIfInvalid();
        BigDecimal before = capPercent(tenant());
        BigDecimal after = cap.setScale(2, RoundingMode.UNNECESSARY);
        vouchers.saveCap(tenant(), after, CurrentUser.require().userId().value(), clock.instant());
        audit.record(tenant(), "VOUCHER_POLICY_CHANGED", "tenant", tenant().value(), Map.of(
                "consultantCapPercent", before.toPlainString() + " → " + after.toPlainString()));
        return new VoucherPolicy(after);
    }

    /**
     * A tenant admin confirms voucher {@code position} (0-based) of option {@code option} with the provider's voucher
     * reference (one line, at most 200 characters; else 400 naming {@code reference}). From then on it lowers the
     * reseller's cost. A DRAFT is priced with it at its next read; a quote waiting for approval has its snapshot's
     * margin and checks taken again (the customer's figures stay as submitted). Another status: 409; no such quote
     * (or another tenant's), option or voucher: 404.
     */
    @Transactional
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    public QuoteDetails confirm(QuoteId id, OptionName option, int position, String reference,
                                @Nullable Integer expectedRowVersion) {
        return QuoteStore.translated(() -> {
            String ref = reference == null ? null : reference.strip();
            new Validation().check(ref != null && !ref.isEmpty() && ref.length() <= Voucher.MAX_REFERENCE
                            && InputRules.isSingleLine(ref), "reference", "quote.error.voucherReference",
                    QuoteMessages.english("quote.error.voucherReference")).throwIfInvalid();
            QuoteStore.Loaded l = store.load(id, expectedRowVersion);
            Quote quote = l.quote();
            if (quote.status() != QuoteStatus.DRAFT && quote.status() != QuoteStatus.PENDING_APPROVAL) {
                throw new ConflictException("quote.error.notEditable", "Quote " + quote.number() + " is "
                        + quote.status() + "; vouchers are confirmed while it is a draft or waits for approval");
            }
            int index = -1;
            for (int i = 0; i < quote.options().size(); i++) {
                if (quote.options().get(i).name() == option) {
                    index = i;
                }
            }
            if (index < 0) {
                throw new NotFoundException("option", option);
            }
            QuoteOption o = quote.options().get(index);
            if (position < 0 || position >= o.channel().vouchers().size()) {
                throw new NotFoundException("voucher", position);
            }
            GpuQuoteUser me = CurrentUser.require();
            Instant at = clock.instant();
            if (vouchers.confirm(tenant(), id.value(), option, position, ref, me.userId().value(), at) != 1) {
                throw new NotFoundException("voucher", position);
            }
            Voucher confirmed = o.channel().vouchers().get(position).confirm(ref, me.userId().value(), at);
            if (quote.status() == QuoteStatus.PENDING_APPROVAL && l.storedPricing() != null) {
                store.write(l, withConfirmed(l, quote, index, position, confirmed), l.agreementId(),
                        l.row().submittedAt());
            } else {
                quotes.touch(tenant(), id.value()); // a new row version: the editor and If-Match see it
            }
            audit.record(tenant(), "QUOTE_VOUCHER_CONFIRMED", "quote", id, Map.of("number",
                    quote.number().toString(), "option", option.name(), "position", position,
                    "amount", confirmed.amount().toPlainString(), "reference", ref));
            return store.details(store.row(id));
        });
    }

    /** The quote with its snapshot's option {@code index} re-derived for the confirmed voucher. */
    private Quote withConfirmed(QuoteStore.Loaded l, Quote quote, int index, int position, Voucher confirmed) {
        PricedQuote pricing = l.storedPricing();
        List<PricedOption> options = new ArrayList<>(pricing.options());
        PricedOption before = options.get(index);
        List<Voucher> list = new ArrayList<>(before.view().totals().vouchers());
        if (position < list.size()) {
            list.set(position, confirmed);
        }
        var t = tenants.current();
        PricingPolicy policy = new PricingPolicy(t.marginFloorPct(), t.vatRate(), capPercent(tenant()));
        PricedOption after = QuotePricer.withVouchers(before, list, policy);
        QuoteOption src = before.source();
        QuoteOption source = new QuoteOption(src.id(), src.name(), src.lines(), src.services(), src.title(),
                src.summary(), src.channel().withVouchers(list));
        options.set(index, new PricedOption(source, after.view(), after.margin(), after.approval()));
        List<QuoteOption> quoteOptions = new ArrayList<>(quote.options());
        QuoteOption q = quoteOptions.get(index);
        List<Voucher> stored = new ArrayList<>(q.channel().vouchers());
        stored.set(position, confirmed);
        quoteOptions.set(index, new QuoteOption(q.id(), q.name(), q.lines(), q.services(), q.title(), q.summary(),
                q.channel().withVouchers(stored)));
        return Quote.restore(quote.id(), quote.number(), quote.version(), quote.authorId(), quote.status(),
                quote.validUntil(), quoteOptions, new PricedQuote(pricing.pricedOn(), options),
                quote.approval().orElse(null), quote.sentAt().orElse(null));
    }

    BigDecimal capPercent(TenantId tenant) {
        return vouchers.capPercent(tenant).orElse(PricingPolicy.DEFAULT_VOUCHER_CAP_PERCENT);
    }

    private static TenantId tenant() {
        return CurrentUser.require().requireTenant();
    }
}
