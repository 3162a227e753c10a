package com.gpuquote.quote;

import java.util.List;
import java.util.Map;

/**
 * What the home page shows of quotes: latest versions per effective status ({@code wholeTenant} for a tenant
 * admin, else the consultant's own) and the sent quotes that expire soon.
 */
public record QuoteOverview(boolean wholeTenant, Map<QuoteStatus, Integer> counts, List<QuoteSummary> expiringSoon) {

    public QuoteOverview {
        counts = Map.copyOf(counts);
        expiringSoon = List.copyOf(expiringSoon);
    }

    public int count(QuoteStatus status) {
        return counts.getOrDefault(status, 0);
    }
}
