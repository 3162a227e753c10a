package com.gpuquote.quote;

import com.gpuquote.quote.domain.QuoteError;
import com.gpuquote.quote.domain.QuoteOption;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.time.BusinessCalendar;
import org.springframework.stereotype.Service;

import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A thin facade (issue 14, ADR 1404) over {@link QuoteDrafting}
 * (create, duplicate, update, add a line), {@link QuoteQueries} (the read model) and {@link QuoteWorkflow} (the
 * status machine). It holds no rule, transaction or security of its own: each call goes to the service that is the
 * boundary ({@code @Transactional}, {@code @PreAuthorize}), so a caller keeps exactly the checks it had.
 * Production code injects the service it needs; the facade remains for the tests that still call it.
 */
@Service
public class QuoteService {

    /** Quote dates (numbering year, validity, price date) are calendar days in China. */
    public static final ZoneId ZONE = BusinessCalendar.ZONE;
    public static final int MAX_PAGE = QuoteQueries.MAX_PAGE;
    public static final int MAX_QUANTITY = QuoteDrafting.MAX_QUANTITY;
    public static final int MAX_LINES_PER_OPTION = QuoteDrafting.MAX_LINES_PER_OPTION;
    public static final int MAX_CANDIDATE_JSON = QuoteDrafting.MAX_CANDIDATE_JSON;

    private final QuoteDrafting drafting;
    private final QuoteQueries queries;
    private final QuoteWorkflow workflow;

    QuoteService(QuoteDrafting drafting, QuoteQueries queries, QuoteWorkflow workflow) {
        this.drafting = drafting;
        this.queries = queries;
        this.workflow = workflow;
    }

    // ================================================================== reads (QuoteQueries)

    public QuoteDetails get(QuoteId id) {
        return queries.get(id);
    }

    public Optional<QuoteAcceptanceSource.AcceptedOption> acceptance(QuoteId id) {
        return queries.acceptance(id);
    }

    public QuoteDetails version(QuoteId anyVersion, int version) {
        return queries.version(anyVersion, version);
    }

    public List<QuoteSummary> versions(QuoteId anyVersion) {
        return queries.versions(anyVersion);
    }

    public List<QuoteSummary> search(QuoteSearch search, int offset, int limit) {
        return queries.search(search, offset, limit);
    }

    public byte[] exportCsv(QuoteSearch search, Locale locale) {
        return queries.exportCsv(search, locale);
    }

    public int count(QuoteSearch search) {
        return queries.count(search);
    }

    public List<QuoteSummary> forProject(ProjectId projectId) {
        return queries.forProject(projectId);
    }

    public QuoteOverview overview(int days) {
        return queries.overview(days);
    }

    public List<ApprovalRequest> approvalRequests() {
        return queries.approvalRequests();
    }

    public List<QuoteSummary> pendingApprovals() {
        return queries.pendingApprovals();
    }

    public QuoteComparison compareVersions(QuoteId anyVersion, int from, int to) {
        return queries.compareVersions(anyVersion, from, to);
    }

    List<QuoteOption> storedOptions(QuoteId id) {
        return queries.storedOptions(id);
    }

    List<QuoteInput.Option> storedInput(QuoteId id) {
        return queries.storedInput(id);
    }

    static List<QuoteInput.Option> toInput(QuoteDetails d) {
        return QuoteQueries.toInput(d);
    }

    static List<FieldError> translateErrors(List<QuoteError> errors) {
        return QuoteStore.translateErrors(errors);
    }

    // ================================================================== drafts (QuoteDrafting)

    public QuoteDetails create(NewQuote newQuote) {
        return drafting.create(newQuote);
    }

    QuoteDetails create(NewQuote newQuote, List<QuoteOption> carried) {
        return drafting.create(newQuote, carried);
    }

    public QuoteDetails duplicate(QuoteId sourceId, ProjectId projectId) {
        return drafting.duplicate(sourceId, projectId);
    }

    public QuoteDetails update(QuoteId id, QuoteUpdate update) {
        return drafting.update(id, update);
    }

    public QuoteDetails addLine(QuoteId id, int rowVersion, OptionName option, QuoteInput.Line line) {
        return drafting.addLine(id, rowVersion, option, line);
    }

    // ================================================================== transitions (QuoteWorkflow)

    public QuoteDetails submit(QuoteId id) {
        return workflow.submit(id);
    }

    public QuoteDetails submit(QuoteId id, Integer expectedRowVersion) {
        return workflow.submit(id, expectedRowVersion);
    }

    public QuoteDetails approve(QuoteId id, String comment) {
        return workflow.approve(id, comment);
    }

    public QuoteDetails approve(QuoteId id, String comment, Integer expectedRowVersion) {
        return workflow.approve(id, comment, expectedRowVersion);
    }

    public QuoteDetails reject(QuoteId id, String reason, Integer expectedRowVersion) {
        return workflow.reject(id, reason, expectedRowVersion);
    }

    public QuoteDetails reopen(QuoteId id) {
        return workflow.reopen(id);
    }

    public QuoteDetails reopen(QuoteId id, Integer expectedRowVersion) {
        return workflow.reopen(id, expectedRowVersion);
    }

    public QuoteDetails send(QuoteId id) {
        return workflow.send(id);
    }

    public SentQuote sendWithLink(QuoteId id) {
        return workflow.sendWithLink(id);
    }

    public SentQuote sendWithLink(QuoteId id, Integer expectedRowVersion) {
        return workflow.sendWithLink(id, expectedRowVersion);
    }

    public QuoteDetails revise(QuoteId id) {
        return workflow.revise(id);
    }

    public QuoteDetails revise(QuoteId id, Integer expectedRowVersion) {
        return workflow.revise(id, expectedRowVersion);
    }
}
