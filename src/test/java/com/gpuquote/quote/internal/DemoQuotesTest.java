package com.gpuquote.quote.internal;

import com.gpuquote.IntegrationTest;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.quote.AsUser;
import com.gpuquote.quote.LineView;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteSearch;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.QuoteSummary;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The demo profile seeds customers, an agreement, projects and quotes in every stage, once. */
class DemoQuotesTest extends IntegrationTest {

    @Autowired
    DemoQuotes demo;
    @Autowired
    AsUser as;
    @Autowired
    CustomerService customers;
    @Autowired
    QuoteQueries quoteQueries;

    @Test
    void eachDemoTenantHasCustomersAndQuotesInEveryStage() {
        for (DemoQuotes.Script script : DemoQuotes.SCRIPTS) {
            as.run(script.consultant(), () -> {
                assertThat(customers.search(CustomerService.Search.ALL, 0, 100)).extracting(Customer::name)
                        .contains(script.customerA(), script.customerB());
                List<QuoteSummary> demoQuotes = quoteQueries.search(QuoteSearch.ALL, 0, 500).stream()
                        .filter(q -> q.customerName().equals(script.customerA())
                                || q.customerName().equals(script.customerB()))
                        .toList();
                assertThat(demoQuotes).extracting(QuoteSummary::status)
                        .contains(QuoteStatus.DRAFT, QuoteStatus.PENDING_APPROVAL)
                        .containsAnyOf(QuoteStatus.SENT, QuoteStatus.VIEWED);
                QuoteSummary draft = demoQuotes.stream().filter(q -> q.projectName().equals(script.projectInference()))
                        .findFirst().orElseThrow();
                QuoteDetails details = quoteQueries.get(draft.id());
                assertThat(details.options()).hasSize(2);
                LineView h20 = details.options().get(0).lines().get(0);
                assertThat(h20.netUnitPrice()).as("the customer's agreement discounts the list price")
                        .isLessThan(h20.listUnitPrice());
            });
            as.run(script.admin(), () -> assertThat(quoteQueries.pendingApprovals()).extracting(QuoteSummary::customerName)
                    .contains(script.customerB()));
        }
    }

    @Test
    void seedingAgainChangesNothing() {
        String consultant = DemoQuotes.SCRIPTS.get(0).consultant();
        int customersBefore = as.call(consultant, () -> customers.count(CustomerService.Search.ALL));
        int quotesBefore = as.call(consultant, () -> quoteQueries.count(QuoteSearch.ALL));
        demo.run(null);
        assertThat(as.call(consultant, () -> customers.count(CustomerService.Search.ALL))).isEqualTo(customersBefore);
        assertThat(as.call(consultant, () -> quoteQueries.count(QuoteSearch.ALL))).isEqualTo(quotesBefore);
    }
}
