package com.gpuquote.quote;

import com.gpuquote.catalog.Provider;

import java.math.BigDecimal;

/** A tenant's default rebate (返点) for one cloud provider, percent of list (issue 16, ADR 1602). Admin-only. */
public record ProviderRebate(Provider provider, BigDecimal rebatePercent) {
}
