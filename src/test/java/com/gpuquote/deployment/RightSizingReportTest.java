package com.gpuquote.deployment;

import com.gpuquote.CalendarTest;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.customer.CustomerDraft;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.QuoteFixtures;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The customer's right-sizing report: in the customer's language, with verdict, proposal, monthly effect and charts. */
@CalendarTest
class RightSizingReportTest extends IntegrationTest {

    @Autowired
    DeploymentFixtures fixtures;
    @Autowired
    QuoteFixtures quoteFixtures;
    @Autowired
    RightSizingReportService reports;
    @Autowired
    CustomerService customers;
    @Autowired
    Clock clock;

    @Test
    void reportInChineseAndEnglishByCustomerLanguage() throws IOException {
        TestTenants.TestTenant t = fixtures.portal().tenantWithPrices();
        quoteFixtures.publish(t, List.of(
                QuoteFixtures.row(RightSizingTest.A10, "MONTHLY", "5000.0000", "3000.0000"),
                QuoteFixtures.row(RightSizingTest.L20, "MONTHLY", "8000.0000", "5000.0000")));
        DeploymentFixtures.Setup s = fixtures.deployment(t, RightSizingTest.A10, BillingMode.MONTHLY, 1);
        Instant start = clock.instant().truncatedTo(ChronoUnit.SECONDS).minusSeconds(3600);
        StringBuilder csv = new StringBuilder();
        for (int i = 0; i < 60; i++) {
            csv.append(start.plusSeconds(60L * i)).append(", 0, NVIDIA A10, ").append(21000 + 20 * i).append(", 23028, 90\n");
        }
        fixtures.as().run(t.consultantEmail(), () -> fixtures.importCsv(s, csv.toString()));

        String zh = text(fixtures.as().call(t.consultantEmail(), () ->
                reports.render(s.deployment().id(), AnalysisWindow.lastDays(7, clock.instant()))).content());
        assertThat(zh).contains("资源优化报告").contains(s.customer().name()).contains("显存不足")
                .contains(RightSizingTest.L20).contains("8,000.00 CNY").contains("+3,000.00").contains("图表");

        fixtures.as().run(t.consultantEmail(), () -> {
            var c = customers.get(s.customer().id());
            customers.update(c.id(), new CustomerDraft(c.name(), c.creditCode(), c.billingAddress(), "en", c.notes(),
                    c.contacts(), c.version(), null));
        });
        RightSizingReportService.Pdf en = fixtures.as().call(t.consultantEmail(), () ->
                reports.render(s.deployment().id(), AnalysisWindow.lastDays(7, clock.instant())));
        assertThat(en.fileName()).startsWith("rightsizing-" + RightSizingTest.A10 + "-");
        String english = text(en.content());
        assertThat(english).contains("Right-sizing report").contains("VRAM short").contains("Proposed change and monthly effect")
                .contains(RightSizingTest.L20).doesNotContain("资源优化报告");
        try (PDDocument doc = Loader.loadPDF(en.content())) {
            assertThat(doc.getNumberOfPages()).isEqualTo(2); // figures and advice, then the three charts
            assertThat(doc.getPage(1).getResources().getXObjectNames()).hasSize(3);
        }
    }

    static String text(byte[] pdf) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            return new PDFTextStripper().getText(doc);
        }
    }
}
