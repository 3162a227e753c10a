package com.gpuquote.portal;

import com.gpuquote.CalendarTest;
import com.gpuquote.IntegrationTest;
import com.gpuquote.customer.Contact;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerDraft;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.quote.AsUser;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Mails to the customer that go through the ordinary (stored) outbox: the acceptance receipt to the signer and the
 * consultant's answer to whoever asked. Neither may carry the portal token or link.
 */
@CalendarTest
class PortalCustomerMailTest extends IntegrationTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    CustomerPortal customerPortal;
    @Autowired
    PortalInbox portalInbox;
    @Autowired
    CustomerService customers;
    @Autowired
    AsUser as;
    @Autowired
    PortalThrottle throttle;

    record Mail(String recipient, String subject, String body) {
    }

    @BeforeEach
    void resetThrottle() {
        throttle.reset("127.0.0.1");
    }

    /** The queued (stored) mails to one recipient; the link mail's trace row (sent directly, ADR 0701) is not one. */
    private List<Mail> outbox(PortalFixtures.Sent s, String recipient) {
        return fixtures.inTenant(s.tenantId(), () -> fixtures.jdbc()
                .sql("select recipient, subject, body from mail_outbox where tenant_id = ? and recipient = ? and not direct order by created_at")
                .params(s.tenantId().value(), recipient)
                .query((rs, n) -> new Mail(rs.getString(1), rs.getString(2), rs.getString(3))).list());
    }

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8) + "@customer.example";
    }

    @Test
    void afterAcceptingTheSignerGetsAReceiptWithTheHashTotalAndConsultantButNoLink() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        String signer = unique("signer");
        PortalQuote accepted = customerPortal.accept(s.token(),
                new AcceptRequest(UUID.fromString(s.optionId("B")), "王五", signer, true));
        PortalQuote.Acceptance a = accepted.acceptance().orElseThrow();
        String total = String.format(Locale.ROOT, "%,.2f", accepted.option(a.optionId()).orElseThrow().totals()
                .grandTotal().setScale(2, RoundingMode.HALF_UP));

        List<Mail> mails = outbox(s, signer);
        assertThat(mails).hasSize(1);
        Mail m = mails.get(0);
        assertThat(m.subject()).contains(s.quote().number()).contains("确认回执");
        assertThat(m.body())
                .contains(a.snapshotSha256())
                .contains(s.quote().number() + "（第 " + s.quote().version() + " 版）")
                .contains("确认的方案：B")
                .contains("签署人：王五")
                .contains("北京时间")
                .contains(total)
                .contains(s.tenant().consultantEmail())
                .doesNotContain(s.token())
                .doesNotContain("/portal/q/");
        // the signer's receipt is the only mail that went to the signer; a refused second acceptance sends none
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> customerPortal.accept(s.token(),
                new AcceptRequest(UUID.fromString(s.optionId("A")), "王五", signer, true)))
                .isInstanceOf(com.gpuquote.shared.ConflictException.class);
        assertThat(outbox(s, signer)).hasSize(1);
    }

    @Test
    void anAnswerIsMailedInTheCustomersLanguageToTheContactsOrToWhoeverAskedWithoutTheLink() {
        PortalFixtures.Sent base = fixtures.sentQuote();
        String cto = unique("cto");
        String buyer = unique("buyer");
        Customer english = as.call(base.tenant().consultantEmail(), () -> customers.create(new CustomerDraft(
                "Deep Compute " + UUID.randomUUID().toString().substring(0, 6), null, "", "en", "",
                List.of(new Contact("Alice", cto, null, "CTO"), new Contact("Bob", null, null, "Ops"),
                        new Contact("Carol", buyer, null, "Purchasing")), null)));
        PortalFixtures.Sent s = fixtures.sentQuote(base.tenant(), english);

        customerPortal.ask(s.token(), "Can we pay quarterly?");
        var thread = as.call(s.tenant().consultantEmail(), () -> portalInbox.questions(s.quoteId())).get(0);
        as.call(s.tenant().consultantEmail(), () -> portalInbox.answer(thread.questionId(), "Yes, quarterly invoicing is fine."));

        for (String to : List.of(cto, buyer)) {
            List<Mail> mails = outbox(s, to);
            assertThat(mails).as(to).hasSize(1);
            assertThat(mails.get(0).subject()).contains(s.quote().number()).contains("answered");
            assertThat(mails.get(0).body())
                    .contains("Can we pay quarterly?")
                    .contains("Yes, quarterly invoicing is fine.")
                    .contains("open the link in the quote email you received")
                    .contains(s.tenant().consultantEmail())
                    .doesNotContain(s.token())
                    .doesNotContain("/portal/q/");
        }

        // a question whose asker left an email: the answer goes to that person only
        String asker = unique("asker");
        customerPortal.ask(s.token(), "Is a GPU swap possible mid-term?");
        var second = as.call(s.tenant().consultantEmail(), () -> portalInbox.questions(s.quoteId())).stream()
                .filter(t -> t.text().startsWith("Is a GPU swap")).findFirst().orElseThrow();
        fixtures.inTenant(s.tenantId(), () -> fixtures.jdbc()
                .sql("update portal_questions set asked_by = ? where tenant_id = ? and id = ?")
                .params(asker, s.tenantId().value(), second.id()).update());
        as.call(s.tenant().consultantEmail(), () -> portalInbox.answer(second.questionId(), "Yes, with one week notice."));
        assertThat(outbox(s, asker)).singleElement()
                .satisfies(m -> assertThat(m.body()).contains("Yes, with one week notice."));
        assertThat(outbox(s, cto)).as("the contacts heard only of the first answer").hasSize(1);
    }
}
