package com.gpuquote.quote;

import com.gpuquote.CalendarTest;
import com.gpuquote.IntegrationTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Effective status" is one rule with one Java method and one SQL twin: a quote open at the customer (SENT, VIEWED)
 * reads as EXPIRED from the day after its validity; every other status reads as stored. The expectations below are
 * the rule written out by hand, and the SQL function must agree with the Java method for every status and boundary.
 */
@CalendarTest
class QuoteEffectiveStatusTest extends IntegrationTest {

    private static final LocalDate VALID_UNTIL = LocalDate.of(2026, 12, 31);

    @Autowired
    JdbcClient jdbc;

    @Test
    void openQuotesExpireTheDayAfterTheirValidity() {
        assertThat(QuoteStatus.SENT.effectiveOn(VALID_UNTIL, LocalDate.of(2026, 12, 31))).isEqualTo(QuoteStatus.SENT);
        assertThat(QuoteStatus.SENT.effectiveOn(VALID_UNTIL, LocalDate.of(2027, 1, 1))).isEqualTo(QuoteStatus.EXPIRED);
        assertThat(QuoteStatus.VIEWED.effectiveOn(VALID_UNTIL, LocalDate.of(2026, 12, 31))).isEqualTo(QuoteStatus.VIEWED);
        assertThat(QuoteStatus.VIEWED.effectiveOn(VALID_UNTIL, LocalDate.of(2027, 1, 1))).isEqualTo(QuoteStatus.EXPIRED);
    }

    @Test
    void otherStatusesReadAsStoredEvenPastValidity() {
        LocalDate late = LocalDate.of(2027, 6, 1);
        for (QuoteStatus s : new QuoteStatus[] {QuoteStatus.DRAFT, QuoteStatus.PENDING_APPROVAL, QuoteStatus.APPROVED,
                QuoteStatus.ACCEPTED, QuoteStatus.REJECTED, QuoteStatus.EXPIRED, QuoteStatus.SUPERSEDED}) {
            assertThat(s.effectiveOn(VALID_UNTIL, late)).as(s.name()).isEqualTo(s);
        }
    }

    @Test
    void theSqlFunctionAgreesWithTheJavaRuleForEveryStatusAndBoundary() {
        for (QuoteStatus s : QuoteStatus.values()) {
            for (LocalDate today : new LocalDate[] {VALID_UNTIL.minusDays(1), VALID_UNTIL, VALID_UNTIL.plusDays(1)}) {
                String sql = jdbc.sql("select gq_quote_effective_status(?, ?, ?)")
                        .params(s.name(), VALID_UNTIL, today).query(String.class).single();
                assertThat(sql).as(s + " on " + today).isEqualTo(s.effectiveOn(VALID_UNTIL, today).name());
            }
        }
    }
}
