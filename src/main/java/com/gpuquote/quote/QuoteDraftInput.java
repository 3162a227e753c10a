package com.gpuquote.quote;

import com.gpuquote.quote.domain.ChannelTerms;
import com.gpuquote.quote.domain.Quote;
import com.gpuquote.quote.domain.QuoteError;
import com.gpuquote.quote.domain.QuoteLine;
import com.gpuquote.quote.domain.QuoteOption;
import com.gpuquote.commercial.BillingTerms;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.sizing.SizingRun;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.Role;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.tenancy.TenantId;
import org.springframework.stereotype.Component;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Drafting input → the quote's domain (issue 14): lines, services, titles, summaries, vouchers and rebate of every
 * option, validated with every error at once under the API's field paths ({@code options[0].lines[1].quantity}).
 * A new option starts with the provider's default rebate (ADR 1602). Runs inside {@link QuoteDrafting}'s transaction.
 */
@Component
class QuoteDraftInput {

    /** A service line's description is one short paragraph on the quote document, not a statement of work. */
    static final int MAX_SERVICE_DESCRIPTION = 500;

    private final ProjectService projects;
    private final com.gpuquote.sizing.SizingRunService sizingRuns;
    private final QuoteLookups lookups;
    /** Issue 16: the tenant's default rebate per provider, for new options (ADR 1602). */
    private final com.gpuquote.quote.internal.ProviderRebateRepository providerRebates;

    QuoteDraftInput(ProjectService projects, QuoteLookups lookups,
                    com.gpuquote.quote.internal.ProviderRebateRepository providerRebates,
                    com.gpuquote.sizing.SizingRunService sizingRuns) {
        this.projects = projects;
        this.lookups = lookups;
        this.providerRebates = providerRebates;
        this.sizingRuns = sizingRuns;
    }

    /** {@code types}: the instance types of the input's lines, read once (by validation or by whoever asks first). */
    record Built(List<Opt> opts, Map<QuoteLineId, SizingRef> sizing, Supplier<QuoteLookups.Types> types) {
        record Opt(List<QuoteLine> lines, List<ServiceLine> services, String title, String summary,
                   ChannelTerms channel) {
        }
    }

    /**
     * Issue 39 (ADR 3906): the contracted unit price of the stored line {@code id} a line keeps, while it stays the same
     * instance type, region and billing mode (a contracted price is that subscription's); else none.
     */
    private static @org.jspecify.annotations.Nullable BigDecimal keptContract(List<QuoteOption> baseline,
                                                                             QuoteLineId id, QuoteInput.Line li) {
        for (QuoteOption o : baseline) {
            for (QuoteLine l : o.lines()) {
                if (l.id().equals(id) && l.contractUnitPrice() != null && l.billingMode() == li.billingMode()
                        && l.instanceType().equals(li.instanceType() == null ? null : li.instanceType().strip())
                        && l.region().equals(li.region() == null ? null : li.region().strip())) {
                    return l.contractUnitPrice();
                }
            }
        }
        return null;
    }

    /** Converts and validates the input with every error at once (domain paths mapped to the API's names). */
    Built build(List<QuoteInput.Option> input, Set<QuoteLineId> ownIds, Map<QuoteLineId, SizingRef> ownSizing,
                        LocalDate validUntil, LocalDate today, Project project, List<QuoteOption> baseline) {
        boolean admin = CurrentUser.require().hasRole(Role.TENANT_ADMIN);
        // the instance types of every line in one catalog read (issue 18: one per code and provider before)
        // (read when a new option first needs its providers' default rebate)
        org.springframework.util.function.SingletonSupplier<QuoteLookups.Types> types =
                org.springframework.util.function.SingletonSupplier.of(() -> lookups.types(input.stream()
                        .filter(java.util.Objects::nonNull)
                        .flatMap(o -> o.lines() == null ? java.util.stream.Stream.empty() : o.lines().stream())
                        .filter(java.util.Objects::nonNull).map(QuoteInput.Line::instanceType).toList()));
        List<FieldError> errors = new ArrayList<>();
        if (validUntil != null && validUntil.isBefore(today)) {
            errors.add(QuoteMessages.toFieldError(new QuoteError("validUntil", "quote.error.validUntilPast")));
        } else if (validUntil != null && validUntil.isAfter(Quote.latestValidUntil(today))) {
            errors.add(QuoteMessages.toFieldError(new QuoteError("validUntil", "quote.error.validUntilTooFar")));
        }
        if (input.size() > OptionName.MAX_OPTIONS) {
            errors.add(QuoteMessages.toFieldError(new QuoteError("options", "quote.error.maxOptions")));
            throw new InvalidInputException(errors);
        }
        List<Built.Opt> opts = new ArrayList<>();
        List<ProviderRebate> rebateDefaults = null;
        Map<QuoteLineId, SizingRef> sizing = new LinkedHashMap<>();
        Set<QuoteLineId> used = new HashSet<>();
        for (int i = 0; i < input.size(); i++) {
            QuoteInput.Option in = input.get(i);
            String path = "options[" + i + "]";
            if (in == null) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(path, "quote.error.required")));
                continue;
            }
            if (in.name() != null && !in.name().isBlank() && !in.name().strip().equals(OptionName.at(i).name())) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(path + ".name", "quote.error.optionName")));
            }
            List<QuoteLine> lines = new ArrayList<>();
            if (in.lines().size() > QuoteDrafting.MAX_LINES_PER_OPTION) { // every read re-prices every line: refuse early
                errors.add(new FieldError(path + ".lines", "range", "At most " + QuoteDrafting.MAX_LINES_PER_OPTION + " lines per option"));
                continue;
            }
            for (int j = 0; j < in.lines().size(); j++) {
                QuoteInput.Line li = in.lines().get(j);
                String lp = path + ".lines[" + j + "]";
                if (li == null) {
                    errors.add(QuoteMessages.toFieldError(new QuoteError(lp, "quote.error.required")));
                    continue;
                }
                if (li.quantity() == null) {
                    errors.add(QuoteMessages.toFieldError(new QuoteError(lp + ".quantity", "quote.error.required")));
                } else if (li.quantity() > QuoteDrafting.MAX_QUANTITY) {
                    errors.add(new FieldError(lp + ".quantity", "range", "At most " + QuoteDrafting.MAX_QUANTITY + " instances per line"));
                }
                if (li.sizing() != null && li.sizing().candidateJson() != null
                        && li.sizing().candidateJson().length() > QuoteDrafting.MAX_CANDIDATE_JSON) {
                    errors.add(new FieldError(lp + ".sizingCandidate", "range",
                            "At most " + QuoteDrafting.MAX_CANDIDATE_JSON + " characters of JSON"));
                    continue;
                }
                if (li.termMonths() == null) {
                    errors.add(QuoteMessages.toFieldError(new QuoteError(lp + ".termMonths", "quote.error.required")));
                }
                QuoteLineId id = li.id() != null && ownIds.contains(li.id()) && used.add(li.id()) ? li.id() : QuoteLineId.random();
                QuoteLine line = new QuoteLine(id, li.instanceType() == null ? null : li.instanceType().strip(),
                        li.region() == null ? null : li.region().strip(), li.billingMode(),
                        li.quantity() == null ? 1 : li.quantity(), li.termMonths() == null ? 1 : li.termMonths(),
                        li.hoursPerMonth() == null ? BillingTerms.DEFAULT_HOURS_PER_MONTH : li.hoursPerMonth(),
                        li.manualDiscountPercent() == null ? BigDecimal.ZERO : li.manualDiscountPercent(),
                        li.contractUnitPrice() != null ? li.contractUnitPrice() : keptContract(baseline, id, li));
                for (QuoteError e : line.validate(lp)) {
                    if (!(li.quantity() == null && e.field().endsWith(".quantity"))
                            && !(li.termMonths() == null && e.field().endsWith(".termMonths"))) {
                        errors.add(QuoteMessages.toFieldError(e));
                    }
                }
                if (li.sizing() != null && !li.sizing().isEmpty()) {
                    checkSizing(li.sizing(), project, lp + ".sizing", errors);
                    sizing.put(id, li.sizing());
                } else if (ownSizing.containsKey(id)) {
                    sizing.put(id, ownSizing.get(id)); // a kept line keeps why it is there
                }
                lines.add(line);
            }
            List<ServiceLine> services = new ArrayList<>();
            for (int j = 0; j < in.serviceLines().size(); j++) {
                QuoteInput.Service si = in.serviceLines().get(j);
                String sp = path + ".serviceLines[" + j + "]";
                if (si == null) {
                    errors.add(QuoteMessages.toFieldError(new QuoteError(sp, "quote.error.required")));
                    continue;
                }
                boolean monthly = si.monthlyAmount() != null;
                if (monthly == (si.oneTimeAmount() != null)) {
                    errors.add(QuoteMessages.toFieldError(new QuoteError(sp + ".monthlyAmount", "quote.error.oneAmount")));
                }
                QuoteLineId id = si.id() != null && ownIds.contains(si.id()) && used.add(si.id()) ? si.id() : QuoteLineId.random();
                ServiceLine service = new ServiceLine(id, si.description() == null ? null : si.description().strip(),
                        monthly ? ServiceCharge.MONTHLY : ServiceCharge.ONE_TIME,
                        monthly ? si.monthlyAmount() : si.oneTimeAmount());
                String amountField = sp + (monthly ? ".monthlyAmount" : ".oneTimeAmount");
                for (QuoteError e : service.validate(sp)) {
                    if (e.field().endsWith(".amount")) {
                        if (monthly || si.oneTimeAmount() != null) {
                            errors.add(QuoteMessages.toFieldError(new QuoteError(amountField, e.messageKey())));
                        }
                    } else if (e.field().endsWith(".description")) {
                        errors.add(QuoteMessages.toFieldError(new QuoteError(sp + ".description", e.messageKey())));
                    }
                }
                if (service.description() != null && service.description().length() > MAX_SERVICE_DESCRIPTION) {
                    errors.add(new FieldError(sp + ".description", "range",
                            "At most " + MAX_SERVICE_DESCRIPTION + " characters"));
                }
                services.add(service);
            }
            String title = in.title() == null || in.title().isBlank() ? null : in.title().strip();
            String summary = in.summary() == null || in.summary().isBlank() ? null : in.summary().strip();
            if (title != null && (title.length() > QuoteOption.MAX_TITLE
                    || !com.gpuquote.shared.InputRules.isSingleLine(title))) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(path + ".title", "quote.error.optionTitle")));
            }
            if (summary != null && summary.length() > QuoteOption.MAX_SUMMARY) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(path + ".summary", "quote.error.optionSummary")));
            }
            ChannelTerms stored = i < baseline.size() ? baseline.get(i).channel() : ChannelTerms.NONE;
            // issue 39: the providers of this option's lines, each earning its own rebate (ADR 3903)
            List<com.gpuquote.catalog.Provider> providers = in.lines().stream()
                    .filter(x -> x != null && x.instanceType() != null)
                    .map(x -> types.obtain().providerOf(x.instanceType()))
                    .flatMap(Optional::stream).distinct().sorted().toList();
            if (rebateDefaults == null && !providers.isEmpty()) {
                rebateDefaults = providerRebates.all(tenant());
            }
            ChannelTerms channel = channel(in, stored, admin, path, errors);
            channel = new ChannelTerms(channel.vouchers(), BigDecimal.ZERO, ProviderRebates.resolve(in, stored,
                    providers, rebateDefaults == null ? List.of() : rebateDefaults, admin, path, errors));
            opts.add(new Built.Opt(lines, services, title, summary, channel));
        }
        errors.addAll(DeprecatedLines.refused(input, ownIds, baseline, types.obtain())); // issue 39
        if (!errors.isEmpty()) {
            throw new InvalidInputException(errors);
        }
        return new Built(opts, sizing, types);
    }

    /**
     * The option's vouchers and rebate (issue 16). Structural errors (missing name, amount ≤ 0, rebate outside
     * 0–50 %) are reported here; that the vouchers stay within the option's total is checked when pricing.
     */
    private static ChannelTerms channel(QuoteInput.Option in, ChannelTerms stored, boolean admin, String path,
                                        List<FieldError> errors) {
        List<Voucher> vouchers = new ArrayList<>();
        if (in.vouchers() == null) {
            vouchers.addAll(stored.vouchers());
        } else if (in.vouchers().size() > QuoteDrafting.MAX_VOUCHERS_PER_OPTION) {
            errors.add(new FieldError(path + ".vouchers", "range", "At most " + QuoteDrafting.MAX_VOUCHERS_PER_OPTION
                    + " vouchers per option"));
            return ChannelTerms.NONE;
        }
        for (int k = 0; in.vouchers() != null && k < in.vouchers().size(); k++) {
            QuoteInput.VoucherInput v = in.vouchers().get(k);
            String vp = path + ".vouchers[" + k + "]";
            if (v == null) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(vp, "quote.error.required")));
                continue;
            }
            Voucher voucher = new Voucher(v.name(), v.amount(), v.reference(), null, null);
            Voucher before = k < stored.vouchers().size() ? stored.vouchers().get(k) : null;
            if (before != null && before.confirmed() && before.sameGrant(voucher)
                    && (voucher.reference() == null || voucher.reference().equals(before.reference()))) {
                voucher = before; // issue 39: saved again unchanged, it stays confirmed
            }
            if (voucher.reference() != null && (voucher.reference().length() > Voucher.MAX_REFERENCE
                    || !com.gpuquote.shared.InputRules.isSingleLine(voucher.reference()))) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(vp + ".reference", "quote.error.voucherReference")));
            }
            if (voucher.name() == null || voucher.name().length() > Voucher.MAX_NAME
                    || !com.gpuquote.shared.InputRules.isSingleLine(voucher.name())) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(vp + ".name", "quote.error.voucherName")));
            }
            if (v.amount() == null || v.amount().signum() <= 0) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(vp + ".amount", "quote.error.voucherAmount")));
            } else if (v.amount().stripTrailingZeros().scale() > 2) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(vp + ".amount", "quote.error.amountDecimals")));
            }
            vouchers.add(voucher);
        }
        return new ChannelTerms(vouchers, stored.rebatePercent(), stored.providerRebates());
    }

    private void checkSizing(SizingRef ref, Project project, String path, List<FieldError> errors) {
        if (ref.sizingRunId() != null) {
            try {
                SizingRun run = sizingRuns.get(ref.sizingRunId());
                if (!run.projectId().equals(project.id())) {
                    errors.add(QuoteMessages.toFieldError(new QuoteError(path + ".sizingRunId", "quote.error.sizingRun")));
                }
            } catch (NotFoundException e) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(path + ".sizingRunId", "quote.error.sizingRun")));
            }
        }
        if (ref.candidateJson() != null && !ref.candidateJson().isBlank()) {
            try {
                // JSON at all, as always (the API passes it through as sizing.candidate); its fields are read by
                // the readers through SizingHandoverCodec, which tolerate what they do not know
                com.gpuquote.sizing.SizingHandoverCodec.tree(ref.candidateJson());
            } catch (com.gpuquote.sizing.UnreadableHandoverException e) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(path + ".candidateJson", "quote.error.json")));
            }
        }
    }

    private static TenantId tenant() {
        return QuoteStore.tenant();
    }
}
