package com.gpuquote.quote;

import com.gpuquote.catalog.Provider;
import com.gpuquote.quote.domain.ChannelTerms;
import com.gpuquote.quote.domain.QuoteError;
import com.gpuquote.shared.FieldError;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Issue 39 (ADR 3903): which rebate (返点) each provider of an option's lines earns, when the option is saved. A rebate
 * belongs to one provider, so the lines of another provider never earn it:
 * <ul>
 *   <li>a provider the option already had keeps its rebate (a consultant cannot change it);</li>
 *   <li>a provider new to the option starts with the tenant's default for that provider (0 without one), also when
 *   it replaces the option's earlier provider;</li>
 *   <li>a tenant admin may set each provider's rebate ({@code providerRebates}) or one rebate for every provider of
 *   the option's lines ({@code rebatePercent}, the request shape from before).</li>
 * </ul>
 * Only providers the option has lines of are kept.
 */
final class ProviderRebates {

    private ProviderRebates() {
    }

    static Map<String, BigDecimal> resolve(QuoteInput.Option in, ChannelTerms stored, List<Provider> providers,
                                           List<ProviderRebate> defaults, boolean admin, String path,
                                           List<FieldError> errors) {
        Map<String, BigDecimal> result = new TreeMap<>();
        for (Provider p : providers) {
            result.put(p.code(), kept(stored, p, defaults));
        }
        if (in.providerRebates() != null) {
            in.providerRebates().forEach((code, percent) -> {
                String at = path + ".providerRebates." + code;
                Optional<Provider> provider = Provider.fromCode(code);
                if (provider.isEmpty()) {
                    errors.add(QuoteMessages.toFieldError(new QuoteError(at, "quote.error.rebateProvider")));
                } else if (!ChannelTerms.isValidRebate(percent)) {
                    errors.add(QuoteMessages.toFieldError(new QuoteError(at, "quote.error.rebatePercent")));
                } else if (result.containsKey(code)) { // a provider without lines in the option earns nothing
                    if (!admin && percent.compareTo(result.get(code)) != 0) {
                        errors.add(QuoteMessages.toFieldError(new QuoteError(at, "quote.error.rebateAdminOnly")));
                    } else {
                        result.put(code, percent);
                    }
                }
            });
        } else if (in.rebatePercent() != null) {
            BigDecimal percent = in.rebatePercent();
            if (!ChannelTerms.isValidRebate(percent)) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(path + ".rebatePercent", "quote.error.rebatePercent")));
            } else if (!admin) {
                // the rebate counts against the margin floor: a consultant may not grant one to skip approval
                if (result.values().stream().anyMatch(r -> r.compareTo(percent) != 0)
                        || (result.isEmpty() && percent.compareTo(stored.rebatePercent()) != 0)) {
                    errors.add(QuoteMessages.toFieldError(new QuoteError(path + ".rebatePercent",
                            "quote.error.rebateAdminOnly")));
                }
            } else {
                result.replaceAll((code, r) -> percent);
            }
        }
        return result;
    }

    /** What a line of {@code provider} earns unless a tenant admin says otherwise. */
    private static BigDecimal kept(ChannelTerms stored, Provider provider, List<ProviderRebate> defaults) {
        BigDecimal own = stored.providerRebates().get(provider.code());
        if (own != null) {
            return own;
        }
        if (stored.providerRebates().isEmpty() && stored.rebatePercent().signum() > 0) {
            return stored.rebatePercent(); // an option's one rebate from before issue 39 (no lines then)
        }
        return defaults.stream().filter(d -> d.provider() == provider).map(ProviderRebate::rebatePercent)
                .findFirst().orElse(BigDecimal.ZERO);
    }
}
