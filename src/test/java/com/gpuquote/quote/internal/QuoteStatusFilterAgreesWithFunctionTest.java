package com.gpuquote.quote.internal;

import com.gpuquote.CalendarTest;
import com.gpuquote.IntegrationTest;
import com.gpuquote.quote.QuoteSearch;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.tenancy.TenantId;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The quote list's status filter ({@code QuoteRepository.SearchWhere}) spells out the effective-status rule instead of
 * calling {@code gq_quote_effective_status}, so that an index serves it (ADR 1853). This ties the two on the real
 * database: for every stored status with a validity before, on and after today, the filter for each effective status
 * selects exactly the rows the function gives that status. The rows are a {@code values} list named like the quotes
 * table ({@code q}), so no quote has to be made and nothing is left behind.
 */
@CalendarTest
class QuoteStatusFilterAgreesWithFunctionTest extends IntegrationTest {

    private static final TenantId TENANT = new TenantId(UUID.randomUUID());
    private static final LocalDate TODAY = LocalDate.of(2026, 6, 15);
    private static final Map<String, LocalDate> VALIDITIES = Map.of(
            "past", TODAY.minusDays(1), "today", TODAY, "future", TODAY.plusDays(1));

    @Autowired
    JdbcClient jdbc;

    /** Every stored status × validity, each row named "STATUS/validity". */
    private static String rows(Map<String, Object> params) {
        List<String> values = new ArrayList<>();
        int i = 0;
        for (QuoteStatus s : QuoteStatus.values()) {
            for (var v : VALIDITIES.entrySet()) {
                values.add("(cast(:t as uuid), '" + s.name() + "/" + v.getKey() + "', '" + s.name()
                        + "', cast(:v" + i + " as date))");
                params.put("v" + i, v.getValue());
                i++;
            }
        }
        return "(values " + String.join(", ", values) + ") as q(tenant_id, name, status, valid_until)";
    }

    private Set<String> byFilter(QuoteStatus status) {
        var where = QuoteRepository.SearchWhere.of(TENANT, new QuoteSearch(status, null, null, null, null, null), TODAY);
        Map<String, Object> params = new HashMap<>(where.params());
        String from = rows(params);
        return new TreeSet<>(jdbc.sql("select q.name from " + from + where.sql()).params(params)
                .query(String.class).list());
    }

    private Set<String> byFunction(QuoteStatus status) {
        Map<String, Object> params = new HashMap<>(Map.of("t", TENANT.value(), "today", TODAY, "status", status.name()));
        String from = rows(params);
        return new TreeSet<>(jdbc.sql("select q.name from " + from
                        + " where gq_quote_effective_status(q.status, q.valid_until, cast(:today as date)) = :status")
                .params(params).query(String.class).list());
    }

    @Test
    void theFilterSelectsWhatTheFunctionSaysForEveryStatusAndValidity() {
        for (QuoteStatus status : QuoteStatus.values()) {
            assertThat(byFilter(status)).as("filter by %s", status).isEqualTo(byFunction(status));
        }
    }

    @Test
    void bothCountOpenQuotesPastTheirValidityAsExpiredAndOnlyThose() {
        // the rule written out by hand: stored EXPIRED at any validity, and SENT/VIEWED from the day after it
        Set<String> expired = Set.of("EXPIRED/past", "EXPIRED/today", "EXPIRED/future", "SENT/past", "VIEWED/past");
        assertThat(byFilter(QuoteStatus.EXPIRED)).isEqualTo(new TreeSet<>(expired));
        assertThat(byFunction(QuoteStatus.EXPIRED)).isEqualTo(new TreeSet<>(expired));
        assertThat(byFilter(QuoteStatus.SENT)).containsExactlyInAnyOrder("SENT/today", "SENT/future");
    }
}
