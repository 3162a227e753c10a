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

    /**
     * The customer's quote page reads the hardware of its lines (GPU model and count, VRAM, RAM from the catalog) in
     * a fixed number of statements: a quote of 11 lines over three providers takes as many as a quote of one line.
     * The expected hardware is the sample catalog's (V54 and the base catalog), written out here.
     */
    @Test
    void theCustomerPageReadsTheHardwareOfElevenLinesOverThreeProvidersInAsManyStatementsAsOfOne() {
        TestTenants.TestTenant t = fixtures.tenantWithPrices();
        fixtures.publishPrices(t.adminEmail(), com.gpuquote.catalog.Provider.ALIYUN, """
                ALIYUN,cn-beijing,ecs.gn7e-c16g1.4xlarge,HOURLY,30.0000,15.0000,CNY
                ALIYUN,cn-beijing,ecs.gn7e-c16g1.8xlarge,HOURLY,60.0000,30.0000,CNY
                ALIYUN,cn-beijing,ecs.gn7e-c16g1.16xlarge,HOURLY,120.0000,60.0000,CNY
                ALIYUN,cn-beijing,ecs.gn7e-c16g1.32xlarge,HOURLY,240.0000,120.0000,CNY
                """);
        fixtures.publishPrices(t.adminEmail(), com.gpuquote.catalog.Provider.TENCENT, """
                TENCENT,ap-beijing,GN10Xp.2XLARGE40,HOURLY,20.0000,10.0000,CNY
                TENCENT,ap-beijing,GN10Xp.5XLARGE80,HOURLY,40.0000,20.0000,CNY
                TENCENT,ap-beijing,GN10Xp.10XLARGE160,HOURLY,80.0000,40.0000,CNY
                TENCENT,ap-beijing,GN10Xp.20XLARGE320,HOURLY,160.0000,80.0000,CNY
                """);
        fixtures.publishPrices(t.adminEmail(), com.gpuquote.catalog.Provider.VOLCENGINE, """
                VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,8.0000,4.0000,CNY
                VOLCENGINE,cn-beijing,ecs.gni3.3xlarge,HOURLY,9.0000,4.5000,CNY
                VOLCENGINE,cn-beijing,ecs.gni3.7xlarge,HOURLY,18.0000,9.0000,CNY
                """);
        // instance type → "GPU model × count", as the sample catalog says
        Map<String, String> expected = new java.util.LinkedHashMap<>();
        expected.put("ecs.gni2.3xlarge", "A10-PCIE-24GB×1");
        expected.put("ecs.gni3.3xlarge", "L4-PCIE-24GB×1");
        expected.put("ecs.gni3.7xlarge", "L4-PCIE-24GB×2");
        expected.put("ecs.gn7e-c16g1.4xlarge", "A100-SXM4-80GB×1");
        expected.put("ecs.gn7e-c16g1.8xlarge", "A100-SXM4-80GB×2");
        expected.put("ecs.gn7e-c16g1.16xlarge", "A100-SXM4-80GB×4");
        expected.put("ecs.gn7e-c16g1.32xlarge", "A100-SXM4-80GB×8");
        expected.put("GN10Xp.2XLARGE40", "V100-SXM2-32GB×1");
        expected.put("GN10Xp.5XLARGE80", "V100-SXM2-32GB×2");
        expected.put("GN10Xp.10XLARGE160", "V100-SXM2-32GB×4");
        expected.put("GN10Xp.20XLARGE320", "V100-SXM2-32GB×8");
        Map<String, String> regions = Map.of("ecs.gn7e", "cn-beijing", "GN10Xp", "ap-beijing");
        List<com.gpuquote.quote.QuoteInput.Line> lines = new ArrayList<>();
        for (String type : expected.keySet()) {
            String region = regions.entrySet().stream().filter(e -> type.startsWith(e.getKey())).map(Map.Entry::getValue)
                    .findFirst().orElse("cn-beijing");
            lines.add(com.gpuquote.quote.QuoteInput.Line.of(type, region,
                    com.gpuquote.commercial.BillingMode.HOURLY, 1, 12));
        }
        PortalFixtures.Sent one = fixtures.sentQuote(t, lines.subList(0, 1));
        PortalFixtures.Sent eleven = fixtures.sentQuote(t, lines);

        // the first view of each marks it VIEWED and tells the consultant (and may fill caches); the views after
        // are the ones counted
        customerPortal.open(one.token());
        customerPortal.open(eleven.token());
        var oneLine = statements.count(() -> customerPortal.open(one.token()));
        var elevenLines = statements.count(() -> customerPortal.open(eleven.token()));

        assertThat(oneLine.statements()).isPositive();
        assertThat(elevenLines.statements()).as("customer page: statements for 11 lines over 3 providers")
                .isEqualTo(oneLine.statements());
        // and each line still shows its own hardware
        assertThat(elevenLines.result().quote().options()).singleElement().satisfies(o -> {
            Map<String, String> shown = new java.util.LinkedHashMap<>();
            o.lines().forEach(l -> shown.put(l.instanceType(), l.fit().gpuModel() + "×" + l.fit().gpuCount()));
            assertThat(shown).containsExactlyInAnyOrderEntriesOf(expected);
        });
        assertThat(oneLine.result().quote().options().get(0).lines()).singleElement().satisfies(l -> {
            assertThat(l.fit().gpuModel()).isEqualTo("A10-PCIE-24GB");
            assertThat(l.fit().vramPerGpuGiB()).isEqualTo(24.0);
            assertThat(l.fit().ramGiB()).isEqualTo(56.0);
        });
    }
}
