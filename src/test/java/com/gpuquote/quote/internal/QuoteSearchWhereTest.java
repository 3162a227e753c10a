package com.gpuquote.quote.internal;

import com.gpuquote.CalendarTest;
import com.gpuquote.quote.QuoteSearch;
import com.gpuquote.tenancy.TenantId;
import org.junit.jupiter.api.Test;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The quote search's WHERE clause holds only the filters given (issue 14), with days in China time. */
@CalendarTest
class QuoteSearchWhereTest {

    private static final TenantId TENANT = new TenantId(UUID.randomUUID());
    private static final LocalDate TODAY = LocalDate.of(2026, 12, 3);

    @Test
    void noFilterMeansOnlyTheTenant() {
        var where = QuoteRepository.SearchWhere.of(TENANT, QuoteSearch.ALL, TODAY);
        assertThat(where.sql().strip()).isEqualTo("where q.tenant_id = :t");
        assertThat(where.params()).containsOnlyKeys("t");
    }

    @Test
    void createdOnDaysAreAHalfOpenRangeOfInstantsInChinaTime() {
        var where = QuoteRepository.SearchWhere.of(TENANT,
                new QuoteSearch(null, null, null, LocalDate.of(2026, 12, 1), LocalDate.of(2026, 12, 2), " ", false), TODAY);
        assertThat(where.sql()).doesNotContain("is null or").doesNotContain("ilike")
                .contains("q.created_at >= :from").contains("q.created_at < :toExclusive");
        // 1 December 00:00 in Shanghai (UTC+8) is 30 November 16:00 UTC; the 2nd ends at 2 December 16:00 UTC
        assertThat(where.params().get("from")).isEqualTo(Timestamp.from(Instant.parse("2026-11-30T16:00:00Z")));
        assertThat(where.params().get("toExclusive")).isEqualTo(Timestamp.from(Instant.parse("2026-12-02T16:00:00Z")));
    }

    @Test
    void textAndLatestAddTheirConditionsOnly() {
        var where = QuoteRepository.SearchWhere.of(TENANT,
                new QuoteSearch(null, null, null, null, null, "50%", true), TODAY);
        assertThat(where.sql()).contains("gq_quote_ids_matching(:like)").contains("q.status <> 'SUPERSEDED'").doesNotContain(":status");
        assertThat(where.params().get("like")).isEqualTo("%50\\%%");
    }
}
