package com.gpuquote.quote.api;

import com.gpuquote.shared.Paging;
import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteLineId;
import com.gpuquote.quote.QuoteSearch;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteWorkflow;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.QuoteUpdate;
import com.gpuquote.quote.SizingRef;
import com.gpuquote.security.UserId;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

@RestController
@Tag(name = "Quotes")
class QuoteController {

    record LineBody(UUID id, String instanceType, String region, BillingMode billingMode, Integer quantity,
                    Integer termMonths, Integer hoursPerMonth, BigDecimal manualDiscountPercent, UUID sizingRunId,
                    JsonNode sizingCandidate) {
        QuoteInput.Line toInput() {
            SizingRef ref = sizingRunId == null && (sizingCandidate == null || sizingCandidate.isNull()) ? null
                    : new SizingRef(sizingRunId == null ? null : new com.gpuquote.sizing.SizingRunId(sizingRunId), sizingCandidate == null || sizingCandidate.isNull() ? null
                    : sizingCandidate.toString());
            return new QuoteInput.Line(id == null ? null : new QuoteLineId(id), instanceType, region, billingMode, quantity, termMonths, hoursPerMonth,
                    manualDiscountPercent, ref);
        }
    }

    record ServiceBody(UUID id, String description, BigDecimal monthlyAmount, BigDecimal oneTimeAmount) {
        QuoteInput.Service toInput() {
            return new QuoteInput.Service(id == null ? null : new QuoteLineId(id), description, monthlyAmount, oneTimeAmount);
        }
    }

    /** {@code title} and {@code summary} are optional (issue 16): "A · 经济型 8 × L20" and what it is sized for. */
    /**
     * Issue 16: {@code vouchers} [{name, amount}] (provider 代金券, shown to the customer) and {@code rebatePercent}
     * (reseller 返点 0–50, tenant admins only, never shown to the customer) are optional; absent keeps the stored ones.
     * Issue 39: {@code providerRebates} {"VOLCENGINE": 8, …} (tenant admins) sets each provider's rebate on the
     * option's lines of that provider; {@code rebatePercent} sets it for every provider of the option's lines; a
     * provider new to the option starts with the tenant's default for it.
     */
    record OptionBody(String name, List<LineBody> lines, List<ServiceBody> serviceLines, String title, String summary,
                      List<VoucherBody> vouchers, BigDecimal rebatePercent,
                      java.util.Map<String, BigDecimal> providerRebates) {
        QuoteInput.Option toInput() {
            return new QuoteInput.Option(name,
                    lines == null ? List.of() : lines.stream().map(l -> l == null ? null : l.toInput()).toList(),
                    serviceLines == null ? List.of()
                            : serviceLines.stream().map(s -> s == null ? null : s.toInput()).toList(), title, summary,
                    vouchers == null ? null : vouchers.stream().map(v -> v == null ? null
                            : new QuoteInput.VoucherInput(v.name(), v.amount(), v.reference())).toList(),
                    rebatePercent, providerRebates);
        }
    }

    /** Issue 39: {@code reference} (optional) is the provider's voucher reference; confirming is an admin's act. */
    record VoucherBody(String name, BigDecimal amount, String reference) {
    }

    /** POST body; PUT adds {@code version} = the {@code rowVersion} you read (optimistic lock). */
    record QuoteBody(UUID projectId, LocalDate validUntil, List<OptionBody> options, Integer version) {
        List<QuoteInput.Option> inputOptions() {
            return options == null ? List.of() : options.stream().map(o -> o == null ? null : o.toInput()).toList();
        }
    }

    /** {@code rowVersion} (optional): the quote's rowVersion the caller saw; a stale one answers 409. */
    /**
     * Issue 39: {@code confirmBelowCost} (optional; required true when an option of the quote is below cost) is the
     * approver's second confirmation.
     */
    record ApproveBody(String comment, Integer rowVersion, Boolean confirmBelowCost) {
    }

    /**
     * Optional body of submit: {@code rowVersion} as for {@link ApproveBody}; {@code justification} (issue 39) is
     * required when an option is below cost (negative margin), for the approver.
     */
    record SubmitBody(Integer rowVersion, String justification) {
    }

    /** Issue 39: the provider's voucher reference a tenant admin confirms the voucher with. */
    record ConfirmVoucherBody(String reference, Integer rowVersion) {
    }

    /** {@code reason} (required): why the admin refuses; the author reads it in their notifications. */
    record RejectBody(String reason, Integer rowVersion) {
    }

    /** Optional body of the other transitions: {@code rowVersion} as for {@link ApproveBody}. */
    record TransitionBody(Integer rowVersion) {
    }

    /**
     * The row version the caller expects: the body's {@code rowVersion}, else an {@code If-Match} header holding it
     * ({@code 7}, {@code "7"} or {@code W/"7"}); null when neither is sent (no check).
     */
    static @Nullable Integer expectedVersion(Integer bodyVersion, String ifMatch) {
        if (bodyVersion != null) {
            return bodyVersion;
        }
        if (ifMatch == null || ifMatch.isBlank() || ifMatch.strip().equals("*")) {
            return null;
        }
        String v = ifMatch.strip();
        if (v.startsWith("W/")) {
            v = v.substring(2);
        }
        v = v.replace("\"", "");
        try {
            return Integer.valueOf(v);
        } catch (NumberFormatException e) {
            throw com.gpuquote.shared.InvalidInputException.of("If-Match", "invalid",
                    "If-Match must be the quote's rowVersion");
        }
    }

    /** Add one line (e.g. a recommendation candidate with its sizing reference) to option {@code option}. */
    record AddLineBody(Integer version, com.gpuquote.quote.OptionName option, LineBody line) {
    }

    private final QuoteQueries queries;

    private final QuoteDrafting drafting;

    private final QuoteWorkflow workflow;

    private final com.gpuquote.quote.VoucherService vouchers;

    QuoteController(QuoteQueries queries, QuoteDrafting drafting, QuoteWorkflow workflow,
                    com.gpuquote.quote.VoucherService vouchers) {
        this.vouchers = vouchers;
        this.queries = queries;
        this.drafting = drafting;
        this.workflow = workflow;
    }

    @PostMapping("/api/v1/quotes")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Create a DRAFT quote for a project; answers every computed figure and each line's waterfall")
    QuoteJson create(@RequestBody QuoteBody body) {
        return QuoteJson.of(drafting.create(new NewQuote(
                body.projectId() == null ? null : new ProjectId(body.projectId()), body.validUntil(),
                body.inputOptions())));
    }

    @GetMapping("/api/v1/quotes/{id}")
    QuoteJson get(@PathVariable UUID id) {
        return QuoteJson.of(queries.get(new QuoteId(id)));
    }

    @GetMapping("/api/v1/quotes")
    @Operation(summary = "Search quotes; the total is in the X-Total-Count header")
    ResponseEntity<List<QuoteJson.SummaryJson>> search(
            @RequestParam(required = false) @Nullable QuoteStatus status,
            @RequestParam(required = false) @Nullable UUID customerId,
            @RequestParam(required = false) @Nullable UUID consultantId,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate from,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate to,
            @RequestParam(required = false) @Nullable String q,
            @RequestParam(defaultValue = "false") boolean latestOnly,
            @RequestParam(defaultValue = "0") int offset,
            @RequestParam(defaultValue = "100") int limit) {
        QuoteSearch search = new QuoteSearch(status, customerId == null ? null : new CustomerId(customerId),
                consultantId == null ? null : new UserId(consultantId), from, to, q, latestOnly);
        List<QuoteJson.SummaryJson> page = queries.search(search, offset, Paging.limit(offset, limit, Integer.MAX_VALUE)).stream()
                .map(QuoteJson.SummaryJson::of).toList();
        return ResponseEntity.ok().header("X-Total-Count", String.valueOf(queries.count(search))).body(page);
    }

    @PutMapping("/api/v1/quotes/{id}")
    @Operation(summary = "Replace validity and options of a DRAFT (send \"version\" = the rowVersion you read)")
    QuoteJson update(@PathVariable UUID id, @RequestBody QuoteBody body) {
        return QuoteJson.of(drafting.update(new QuoteId(id),
                new QuoteUpdate(body.version(), body.validUntil(), body.inputOptions())));
    }

    @PostMapping("/api/v1/quotes/{id}/lines")
    @Operation(summary = "Add from sizing: append one line to an option of a DRAFT (send \"version\" = rowVersion)")
    QuoteJson addLine(@PathVariable UUID id, @RequestBody AddLineBody body) {
        if (body.version() == null || body.line() == null) {
            throw com.gpuquote.shared.InvalidInputException.of(body.version() == null ? "version" : "line",
                    "required", "version and line are required");
        }
        return QuoteJson.of(drafting.addLine(new QuoteId(id), body.version(), body.option(), body.line().toInput()));
    }

    @PostMapping("/api/v1/quotes/{id}/submit")
    @Operation(summary = "DRAFT → APPROVED, or PENDING_APPROVAL when a line or an option is below the margin floor or the unconfirmed vouchers are over the tenant's cap. \"justification\" is required (400 naming it) when an option is below cost. Optional \"rowVersion\" in the body (or If-Match): 409 when the quote changed since")
    QuoteJson submit(@PathVariable UUID id, @RequestBody(required = false) @Nullable SubmitBody body,
                     @RequestHeader(value = "If-Match", required = false) @Nullable String ifMatch) {
        return QuoteJson.of(workflow.submit(new QuoteId(id),
                expectedVersion(body == null ? null : body.rowVersion(), ifMatch),
                body == null ? null : body.justification()));
    }

    @PostMapping("/api/v1/quotes/{id}/options/{option}/vouchers/{position}/confirm")
    @Operation(summary = "A TENANT_ADMIN confirms voucher {position} (0-based) of option {option} (A–D) with the provider's \"reference\" (400 naming it when missing); from then on it lowers the reseller's cost. DRAFT or PENDING_APPROVAL (else 409); 404 for another tenant's quote or no such option/voucher")
    QuoteJson confirmVoucher(@PathVariable UUID id, @PathVariable String option, @PathVariable int position,
                             @RequestBody(required = false) @Nullable ConfirmVoucherBody body,
                             @RequestHeader(value = "If-Match", required = false) @Nullable String ifMatch) {
        com.gpuquote.quote.OptionName name;
        try {
            name = com.gpuquote.quote.OptionName.valueOf(option);
        } catch (IllegalArgumentException e) {
            throw new com.gpuquote.shared.NotFoundException("option", option);
        }
        return QuoteJson.of(vouchers.confirm(new QuoteId(id), name, position, body == null ? null : body.reference(),
                expectedVersion(body == null ? null : body.rowVersion(), ifMatch)));
    }

    private static Integer expected(TransitionBody body, String ifMatch) {
        return expectedVersion(body == null ? null : body.rowVersion(), ifMatch);
    }

    @PostMapping("/api/v1/quotes/{id}/approve")
    @Operation(summary = "PENDING_APPROVAL → APPROVED (TENANT_ADMIN, not the author, with a comment). Optional \"rowVersion\" in the body (or If-Match): 409 when the quote changed since")
    QuoteJson approve(@PathVariable UUID id, @RequestBody(required = false) @Nullable ApproveBody body,
                      @RequestHeader(value = "If-Match", required = false) @Nullable String ifMatch) {
        return QuoteJson.of(workflow.approve(new QuoteId(id), body == null ? null : body.comment(),
                expectedVersion(body == null ? null : body.rowVersion(), ifMatch),
                body == null ? null : body.confirmBelowCost()));
    }

    @PostMapping("/api/v1/quotes/{id}/reject")
    @Operation(summary = "PENDING_APPROVAL → DRAFT by a TENANT_ADMIN with a \"reason\"; the author is notified. Optional \"rowVersion\" (or If-Match): 409 when the quote changed since")
    QuoteJson reject(@PathVariable UUID id, @RequestBody(required = false) @Nullable RejectBody body,
                     @RequestHeader(value = "If-Match", required = false) @Nullable String ifMatch) {
        return QuoteJson.of(workflow.reject(new QuoteId(id), body == null ? null : body.reason(),
                expectedVersion(body == null ? null : body.rowVersion(), ifMatch)));
    }

    @PostMapping("/api/v1/quotes/{id}/reopen")
    @Operation(summary = "PENDING_APPROVAL / APPROVED → DRAFT. Optional \"rowVersion\" in the body (or If-Match): 409 when the quote changed since")
    QuoteJson reopen(@PathVariable UUID id, @RequestBody(required = false) @Nullable TransitionBody body,
                     @RequestHeader(value = "If-Match", required = false) @Nullable String ifMatch) {
        return QuoteJson.of(workflow.reopen(new QuoteId(id), expected(body, ifMatch)));
    }

    @PostMapping("/api/v1/quotes/{id}/send")
    @Operation(summary = "APPROVED → SENT; freezes the prices. Optional \"rowVersion\" in the body (or If-Match): 409 when the quote changed since")
    SentJson send(@PathVariable UUID id, @RequestBody(required = false) @Nullable TransitionBody body,
                  @RequestHeader(value = "If-Match", required = false) @Nullable String ifMatch) {
        var sent = workflow.sendWithLink(new QuoteId(id), expected(body, ifMatch));
        return new SentJson(QuoteJson.of(sent.quote()), sent.portalUrl());
    }

    /** The quote, plus the customer's portal link: the only time its token is shown (issue 7). */
    record SentJson(@com.fasterxml.jackson.annotation.JsonUnwrapped QuoteJson quote, String portalUrl) {
    }

    @PostMapping("/api/v1/quotes/{id}/revise")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "SENT / VIEWED / REJECTED / EXPIRED → SUPERSEDED; answers the new version (DRAFT). Optional \"rowVersion\" in the body (or If-Match): 409 when the quote changed since")
    QuoteJson revise(@PathVariable UUID id, @RequestBody(required = false) @Nullable TransitionBody body,
                     @RequestHeader(value = "If-Match", required = false) @Nullable String ifMatch) {
        return QuoteJson.of(workflow.revise(new QuoteId(id), expected(body, ifMatch)));
    }

    @GetMapping("/api/v1/quotes/{id}/versions")
    @Operation(summary = "All versions of the quote's number, oldest first")
    List<QuoteJson.SummaryJson> versions(@PathVariable UUID id) {
        return queries.versions(new QuoteId(id)).stream().map(QuoteJson.SummaryJson::of).toList();
    }

    /** Optional body of duplicate: the project of the copy (default: the source's project). */
    record DuplicateBody(UUID projectId) {
    }

    @PostMapping("/api/v1/quotes/{id}/duplicate")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "A new DRAFT quote (new number, version 1, the caller as author) with the options, lines and services of this one, priced at today's prices and the customer's agreement. Optional \"projectId\": another project of the same customer (400 otherwise)")
    QuoteJson duplicate(@PathVariable UUID id, @RequestBody(required = false) @Nullable DuplicateBody body) {
        return QuoteJson.of(drafting.duplicate(new QuoteId(id),
                body == null || body.projectId() == null ? null : new ProjectId(body.projectId())));
    }

    @GetMapping("/api/v1/quotes/{id}/versions/{a}/diff/{b}")
    @Operation(summary = "What changed from version a to version b of this quote's number, per option letter: lines ADDED / REMOVED / CHANGED / UNCHANGED (matched by instance type, region and billing mode; services by description and charge) with before/after figures, and the price differences (grand totals, VAT included; subtotals without)")
    QuoteDiffJson diff(@PathVariable UUID id, @PathVariable int a, @PathVariable int b) {
        return QuoteDiffJson.of(queries.compareVersions(new QuoteId(id), a, b));
    }

    @GetMapping("/api/v1/quotes/{id}/versions/{version}")
    QuoteJson version(@PathVariable UUID id, @PathVariable int version) {
        return QuoteJson.of(queries.version(new QuoteId(id), version));
    }

    @GetMapping("/api/v1/quotes/pending-approvals")
    @Operation(summary = "Quotes waiting for approval (TENANT_ADMIN)")
    List<QuoteJson.SummaryJson> pending() {
        return queries.pendingApprovals().stream().map(QuoteJson.SummaryJson::of).toList();
    }

    @GetMapping("/api/v1/projects/{projectId}/quotes")
    List<QuoteJson.SummaryJson> forProject(@PathVariable UUID projectId) {
        return queries.forProject(new ProjectId(projectId)).stream().map(QuoteJson.SummaryJson::of).toList();
    }
}
