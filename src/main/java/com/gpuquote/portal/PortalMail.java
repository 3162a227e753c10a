package com.gpuquote.portal;

import com.gpuquote.mail.MailOutbox;
import com.gpuquote.portal.internal.PortalRepository;
import com.gpuquote.portal.internal.PortalRepository.AcceptanceRow;
import com.gpuquote.quote.QuotePortalAccess.CustomerQuote;
import com.gpuquote.security.UserId;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.tenancy.TenantId;
import org.springframework.stereotype.Component;

import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;

/**
 * The portal's mails to the customer, in the customer's language: the link mail (sent directly after commit, never
 * stored, it carries the token; ADR 0701), the signer's receipt and the answer to a question (both through the
 * ordinary outbox, without link or token). No transaction or security of its own: it runs inside the portal services.
 */
@Component
class PortalMail {

    private static final DateTimeFormatter MAIL_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(BusinessCalendar.ZONE);

    private final MailOutbox mail;
    private final PortalNames names;
    private final PortalViews views;

    PortalMail(MailOutbox mail, PortalNames names, PortalViews views) {
        this.mail = mail;
        this.names = names;
        this.views = views;
    }

    /**
     * Mails the link to the customer's first contact with an email; returns that address, empty when the customer
     * has none. The mail carries the raw token, so it is sent directly after commit and never stored (ADR 0701).
     */
    Optional<String> link(TenantId tenant, CustomerQuote q, String url) {
        String tenantName = names.tenantName(tenant);
        var locale = I18n.fromTag(names.customerLanguage(tenant, q.customerId()));
        var contact = names.customerContact(tenant, q.customerId());
        contact.ifPresent(c -> {
            String text = I18n.get(locale, "portal.mail.body", c.name(), tenantName, q.number(), q.validUntil().toString());
            mail.sendDirect(tenant, c.email(), I18n.get(locale, "portal.mail.subject", tenantName, q.number()),
                    text + "\n\n" + url, text + "\n\n" + I18n.get(locale, "portal.mail.linkNotStored"));
        });
        return contact.map(PortalNames.Person::email);
    }

    /**
     * The signer's receipt of an acceptance, in the customer's language: what was accepted, by whom, when (China
     * time), for how much, the snapshot's SHA-256 and the consultant. It goes through the ordinary outbox, so it
     * carries no portal link or token (the customer keeps the link from the original mail).
     */
    void receipt(TenantId tenant, CustomerQuote q, PortalQuote.Snapshot snapshot, AcceptanceRow row, byte[] sha) {
        var locale = I18n.fromTag(names.customerLanguage(tenant, q.customerId()));
        PortalQuote.Option option = snapshot.options().stream().filter(o -> o.id().equals(row.optionId()))
                .findFirst().orElseThrow();
        String body = I18n.get(locale, "portal.receipt.body", row.signerName(), snapshot.tenantName(),
                snapshot.number(), String.valueOf(snapshot.version()), row.optionName(), row.signerName(),
                MAIL_TIME.format(row.acceptedAt()), money(option.totals().grandTotal(), snapshot.currency()),
                PortalSupport.hex(sha), contact(views.consultant(tenant, q)));
        mail.enqueue(tenant, row.signerEmail(), I18n.get(locale, "portal.receipt.subject", snapshot.tenantName(),
                snapshot.number(), String.valueOf(snapshot.version())), body);
    }

    /**
     * Tells the customer who asked (the question's recorded email, else every contact of the customer with an
     * email) that a consultant answered, in the customer's language; no link, so it can be stored in the outbox.
     */
    void answer(TenantId tenant, CustomerQuote q, PortalRepository.QuestionRow question, String answer,
                UserId consultantId) {
        var locale = I18n.fromTag(names.customerLanguage(tenant, q.customerId()));
        String asker = question.askedBy() == null ? "" : question.askedBy().strip();
        List<String> recipients = com.gpuquote.shared.InputRules.isEmail(asker) ? List.of(asker)
                : names.customerContactEmails(tenant, q.customerId());
        String tenantName = names.tenantName(tenant);
        PortalQuote.Consultant consultant = names.user(tenant, consultantId)
                .map(p -> new PortalQuote.Consultant(p.name(), p.email())).orElse(views.consultant(tenant, q));
        String subject = I18n.get(locale, "portal.answerMail.subject", tenantName, q.number());
        String body = I18n.get(locale, "portal.answerMail.body", tenantName, q.number(), question.text(), answer,
                contact(consultant));
        for (String to : recipients) {
            mail.enqueue(tenant, to, subject, body);
        }
    }

    private static String contact(PortalQuote.Consultant c) {
        return c.email() == null || c.email().isBlank() ? c.name() : c.name() + " <" + c.email() + ">";
    }

    private static String money(java.math.BigDecimal v, String currency) {
        return com.gpuquote.shared.DisplayFormat.money(v, currency);
    }
}
