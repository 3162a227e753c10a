package com.gpuquote.portal;

import com.gpuquote.audit.AuditLog;
import com.gpuquote.portal.internal.PortalRepository;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuotePortalAccess;
import com.gpuquote.quote.QuotePortalAccess.CustomerQuote;
import com.gpuquote.quote.QuoteSummary;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.shared.Roles;
import com.gpuquote.security.UserId;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.tenancy.TenantId;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import static com.gpuquote.portal.PortalSupport.requireText;
import static com.gpuquote.portal.PortalSupport.tenant;

/**
 * The consultant's inbox of customer questions (issue 7, ADR 1408): the threads of a quote, the tenant's unanswered
 * questions, their count, and the answer (mailed to the customer through the outbox, without link).
 */
@Service
public class PortalInbox {

    /** At most this many open questions are listed at once (the oldest first). */
    static final int MAX_OPEN = 200;

    private final PortalRepository repository;
    private final QuotePortalAccess quotes;
    private final PortalViews views;
    private final PortalNames names;
    private final PortalMail mail;
    private final AuditLog audit;

    PortalInbox(PortalRepository repository, QuotePortalAccess quotes, PortalViews views, PortalNames names,
                PortalMail mail, AuditLog audit) {
        this.repository = repository;
        this.quotes = quotes;
        this.views = views;
        this.names = names;
        this.mail = mail;
        this.audit = audit;
    }

    /** The question threads of one quote, oldest first. */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public List<QuestionThread> questions(QuoteId id) {
        TenantId tenant = tenant();
        CustomerQuote q = quotes.find(tenant, id).orElseThrow(() -> new NotFoundException("quote", id));
        return views.threads(tenant, q);
    }

    /** Unanswered questions of the tenant, oldest first (the inbox). */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public List<QuestionThread> openQuestions() {
        return openQuestions(MAX_OPEN);
    }

    /**
     * The oldest {@code limit} unanswered questions of the tenant, with their threads. A fixed number of statements
     * whatever the page size: the questions, their quotes' list rows, their answers and the answerers' names.
     */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public List<QuestionThread> openQuestions(int limit) {
        TenantId tenant = tenant();
        var open = repository.openQuestions(tenant, Math.min(Math.max(1, limit), MAX_OPEN));
        if (open.isEmpty()) {
            return List.of();
        }
        Map<QuoteId, QuoteSummary> quoteRows = quotes.summaries(tenant,
                open.stream().map(r -> new QuoteId(r.quoteId())).distinct().toList());
        var answers = repository.answersTo(tenant, open.stream().map(PortalRepository.QuestionRow::id).toList());
        var answeredBy = names.displayNames(tenant, answers.stream().map(PortalRepository.AnswerRow::userId).toList());
        Map<UUID, List<PortalQuote.Answer>> byQuestion = answers.stream().collect(Collectors.groupingBy(
                PortalRepository.AnswerRow::questionId, Collectors.mapping(a -> new PortalQuote.Answer(a.text(),
                        a.userId() == null ? null : answeredBy.get(new UserId(a.userId())), a.answeredAt()),
                        Collectors.toList())));
        // a question whose quote is not visible (gone) is left out, as before
        return open.stream().filter(r -> quoteRows.containsKey(new QuoteId(r.quoteId()))).map(r -> {
            QuoteSummary q = quoteRows.get(new QuoteId(r.quoteId()));
            return new QuestionThread(r.id(), r.quoteId(), q.number(), q.customerName(), r.text(), r.askedAt(),
                    r.answeredAt(), byQuestion.getOrDefault(r.id(), List.of()));
        }).toList();
    }

    /** How many questions of the tenant wait for an answer (one count, for the home page). */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public int openQuestionCount() {
        return repository.countOpenQuestions(tenant());
    }

    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional
    public QuestionThread answer(QuestionId questionId, String text) {
        TenantId tenant = tenant();
        var question = repository.question(tenant, questionId.value())
                .orElseThrow(() -> new NotFoundException("question", questionId));
        String answer = requireText("text", text, 4000);
        UserId me = CurrentUser.require().userId();
        repository.insertAnswer(tenant, UUID.randomUUID(), questionId.value(), me.value(), answer);
        audit.record(tenant, "PORTAL_QUESTION_ANSWERED", "quote", question.quoteId(),
                Map.of("question", questionId.toString()));
        CustomerQuote q = quotes.find(tenant, new QuoteId(question.quoteId())).orElseThrow();
        mail.answer(tenant, q, question, answer, me);
        return views.threads(tenant, q).stream().filter(t -> t.id().equals(questionId.value())).findFirst()
                .orElseThrow();
    }
}
