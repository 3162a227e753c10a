package com.gpuquote.portal;

import com.gpuquote.IntegrationTest;
import com.gpuquote.StatementCounter;
import com.gpuquote.TestTenants;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.quote.AsUser;
import com.gpuquote.quote.QuoteId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 14 "Queries": the consultant's inbox of open questions and the orders page run a fixed number of SQL
 * statements whatever the number of items on the page (no quote load per question or per acceptance).
 */
class PortalReadStatementsTest extends IntegrationTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    CustomerPortal customerPortal;
    @Autowired
    PortalInbox portalInbox;
    @Autowired
    PortalOrders portalOrders;
    @Autowired
    PortalThrottle throttle;
    @Autowired
    StatementCounter statements;
    @Autowired
    AsUser as;

    @BeforeEach
    void setUp() {
        throttle.reset("127.0.0.1");
    }

    /** A sent quote whose customer asked one question and then accepted option A. */
    private PortalFixtures.Sent askedAndAccepted(TestTenants.TestTenant t, int i) {
        PortalFixtures.Sent s = fixtures.sentQuote(t, "zh-CN");
        customerPortal.ask(s.token(), "问题 " + i);
        customerPortal.accept(s.token(), new AcceptRequest(UUID.fromString(s.optionId("A")), "签署人 " + i,
                "signer" + i + "@customer.example", true));
        return s;
    }

    private <T> StatementCounter.Counted<T> counted(String email, java.util.function.Supplier<T> work) {
        as.call(email, work::get); // the first call may fill caches; the second one is counted
        return as.call(email, () -> statements.count(work));
    }

    @Test
    void openQuestionsAndOrdersTakeTheSameNumberOfStatementsForOneAndForTenItems() {
        TestTenants.TestTenant t = fixtures.tenantWithPrices();
        String consultant = t.consultantEmail();
        List<PortalFixtures.Sent> sent = new ArrayList<>();
        sent.add(askedAndAccepted(t, 0));

        var oneQuestion = counted(consultant, () -> portalInbox.openQuestions(200));
        var oneOrder = counted(consultant, () -> portalOrders.orders(0, 50));
        assertThat(oneQuestion.result()).hasSize(1);
        assertThat(oneOrder.result()).hasSize(1);
        assertThat(oneQuestion.statements()).isPositive();
        assertThat(oneOrder.statements()).isPositive();

        for (int i = 1; i < 10; i++) {
            sent.add(askedAndAccepted(t, i));
        }
        var tenQuestions = counted(consultant, () -> portalInbox.openQuestions(200));
        var tenOrders = counted(consultant, () -> portalOrders.orders(0, 50));

        assertThat(tenQuestions.statements()).as("open questions: statements for 10 items")
                .isEqualTo(oneQuestion.statements());
        assertThat(tenOrders.statements()).as("orders: statements for 10 items").isEqualTo(oneOrder.statements());

        // and the pages still say what they said before: each question with its quote's number and customer
        Map<UUID, PortalFixtures.Sent> byQuote = sent.stream()
                .collect(Collectors.toMap(s -> s.quoteId().value(), Function.identity()));
        assertThat(tenQuestions.result()).hasSize(10).allSatisfy(q -> {
            PortalFixtures.Sent s = byQuote.get(q.quoteId());
            assertThat(s).isNotNull();
            assertThat(q.quoteNumber()).isEqualTo(s.quote().number());
            assertThat(q.customerName()).isEqualTo(s.customer().name());
            assertThat(q.answeredAt()).isNull();
            assertThat(q.answers()).isEmpty();
        });
        assertThat(tenQuestions.result()).extracting(QuestionThread::text)
                .containsExactly("问题 0", "问题 1", "问题 2", "问题 3", "问题 4", "问题 5", "问题 6", "问题 7", "问题 8",
                        "问题 9");
        // newest acceptance first, each the accepted option A of its own quote
        List<UUID> newestFirst = new ArrayList<>(sent.stream().map(PortalFixtures.Sent::quoteId).map(QuoteId::value).toList());
        java.util.Collections.reverse(newestFirst);
        assertThat(tenOrders.result()).extracting(OrderSummary::quoteId).containsExactlyElementsOf(newestFirst);
        assertThat(tenOrders.result()).allSatisfy(o -> {
            PortalFixtures.Sent s = byQuote.get(o.quoteId());
            assertThat(o.quoteNumber()).isEqualTo(s.quote().number());
            assertThat(o.customerName()).isEqualTo(s.customer().name());
            assertThat(o.optionName()).isEqualTo("A");
            assertThat(o.items()).isNotEmpty();
        });
    }
}
