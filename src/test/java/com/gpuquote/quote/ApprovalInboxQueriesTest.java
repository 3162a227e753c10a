package com.gpuquote.quote;

import com.gpuquote.IntegrationTest;
import com.gpuquote.StatementCounter;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.ui.QuoteUiFixtures;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 14: the approvals inbox reads the approval chains of all its quotes at once, so the number of SQL statements
 * it sends does not grow with the number of quotes waiting.
 */
class ApprovalInboxQueriesTest extends IntegrationTest {

    @Autowired
    StatementCounter statements;
    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting drafting;
    @Autowired
    QuoteQueries queries;
    @Autowired
    QuoteWorkflow workflow;

    /** A quote at list price (2 % margin, below the 15 % floor), submitted: it waits for the tenant admin. */
    QuoteId submitted(World world) {
        return fixtures.as(world.consultant(), () -> {
            QuoteDetails d = drafting.create(new NewQuote(world.project().id(), null, List.of(new QuoteInput.Option("A",
                    List.of(QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)),
                    List.of()))));
            QuoteDetails s = workflow.submit(d.id());
            assertThat(s.status()).isEqualTo(QuoteStatus.PENDING_APPROVAL);
            return s.id();
        });
    }

    @Test
    void theInboxSendsAsManyStatementsForTenWaitingQuotesAsForOne() {
        World world = fixtures.world("批量审批科技", "zh-CN");
        List<QuoteId> waiting = new ArrayList<>(List.of(submitted(world)));

        var oneList = fixtures.as(world.admin(), () -> statements.count(() -> queries.pendingApprovals()));
        var oneInbox = fixtures.as(world.admin(), () -> statements.count(() -> queries.approvalRequests()));
        assertThat(oneList.result()).extracting(QuoteSummary::id).containsExactlyInAnyOrderElementsOf(waiting);
        assertThat(oneInbox.result()).hasSize(1);
        assertThat(oneList.statements()).isPositive();

        for (int i = 1; i < 10; i++) {
            waiting.add(submitted(world));
        }
        var tenList = fixtures.as(world.admin(), () -> statements.count(() -> queries.pendingApprovals()));
        var tenInbox = fixtures.as(world.admin(), () -> statements.count(() -> queries.approvalRequests()));
        assertThat(tenList.result()).extracting(QuoteSummary::id).containsExactlyInAnyOrderElementsOf(waiting);
        assertThat(tenInbox.result()).hasSize(10);

        assertThat(tenList.statements()).as("pendingApprovals, 10 quotes vs 1").isEqualTo(oneList.statements());
        assertThat(tenInbox.statements()).as("approvalRequests, 10 quotes vs 1").isEqualTo(oneInbox.statements());
    }
}
