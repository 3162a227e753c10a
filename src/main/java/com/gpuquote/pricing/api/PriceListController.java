package com.gpuquote.pricing.api;

import com.gpuquote.shared.Paging;
import com.gpuquote.catalog.Provider;
import com.gpuquote.shared.CsvError;
import com.gpuquote.pricing.ImportMode;
import com.gpuquote.pricing.ImportResult;
import com.gpuquote.pricing.ListPriceRow;
import com.gpuquote.pricing.NewPriceList;
import com.gpuquote.pricing.PriceList;
import com.gpuquote.pricing.PriceListCsv;
import com.gpuquote.pricing.PriceListId;
import com.gpuquote.pricing.ImportPreview;
import com.gpuquote.pricing.ImportWarning;
import com.gpuquote.pricing.PriceListDiff;
import com.gpuquote.pricing.PriceListImportException;
import com.gpuquote.pricing.PriceListService;
import com.gpuquote.pricing.PriceRow;
import com.gpuquote.pricing.PriceRowFilter;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.Role;
import com.gpuquote.shared.InvalidInputException;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

@RestController
@RequestMapping("/api/v1/price-lists")
@Tag(name = "Price lists", description = "Per-tenant versioned price lists (TENANT_ADMIN; consultants read published list prices)")
class PriceListController {

    record PriceListJson(UUID id, String name, String provider, String currency, Integer version, String status,
                         Instant effectiveFrom, Instant effectiveTo, boolean sample, Instant createdAt,
                         Instant publishedAt, int rowCount, int rowVersion) {
        static PriceListJson of(PriceList l) {
            return new PriceListJson(l.id().value(), l.name(), l.provider().code(), l.currency(), l.version(),
                    l.status().name(), l.effectiveFrom(), l.effectiveTo(), l.sample(), l.createdAt(), l.publishedAt(),
                    l.rowCount(), l.rowVersion());
        }
    }

    record NewPriceListJson(String name, String provider, Instant effectiveFrom, UUID copyFrom, Boolean copyInForce) {
    }

    record PublishJson(@Nullable Instant effectiveFrom, @Nullable Integer expectedRowVersion) {
    }

    record ImportJson(int added, int changed, int removed, int unchanged) {
    }

    /** A row for an admin, with the cost price. */
    record AdminRowJson(String provider, String region, String instanceType, String billingMode, String listPrice,
                        String costPrice, String currency) {
        static AdminRowJson of(PriceRow r) {
            return new AdminRowJson(r.provider().code(), r.region(), r.instanceType(), r.billingMode().name(),
                    Money.unit(r.listPrice()), Money.unit(r.costPrice()), r.currency());
        }
    }

    /** A row for a consultant: no cost field at all. */
    record ListRowJson(String provider, String region, String instanceType, String billingMode, String listPrice,
                       String currency) {
        static ListRowJson of(ListPriceRow r) {
            return new ListRowJson(r.provider().code(), r.region(), r.instanceType(), r.billingMode().name(),
                    Money.unit(r.listPrice()), r.currency());
        }
    }

    private final PriceListService priceLists;

    PriceListController(PriceListService priceLists) {
        this.priceLists = priceLists;
    }

    @GetMapping
    @Operation(summary = "Price lists of my tenant (consultants: published ones only)")
    List<PriceListJson> list() {
        return priceLists.list().stream().map(PriceListJson::of).toList();
    }

    @GetMapping("/{id}")
    @Operation(summary = "One price list (header only)")
    PriceListJson get(@PathVariable UUID id) {
        return PriceListJson.of(priceLists.get(new PriceListId(id)));
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Create a draft: empty, a copy of copyFrom, or (copyInForce) of the list in force")
    PriceListJson create(@RequestBody NewPriceListJson body) {
        Provider provider = body.provider() == null ? null : Provider.fromCode(body.provider()).orElseThrow(() ->
                InvalidInputException.of("provider", "pricing.provider", "Unknown provider " + body.provider()));
        NewPriceList draft = new NewPriceList(body.name(), provider, body.effectiveFrom(),
                Boolean.TRUE.equals(body.copyInForce()), body.copyFrom() == null ? null : new PriceListId(body.copyFrom()));
        return PriceListJson.of(priceLists.createDraft(draft));
    }

    @PutMapping(path = "/{id}/rows", consumes = {"text/csv", MediaType.TEXT_PLAIN_VALUE, MediaType.APPLICATION_OCTET_STREAM_VALUE})
    @Operation(summary = "Replace the draft's rows with a CSV file (UTF-8 with or without BOM, or GB18030: give "
            + "charset=GB18030 in Content-Type, or leave it out to detect). Every error at once, 422; nothing written. "
            + "With expectedRowVersion (the draft's rowVersion when it was checked), 409 if the draft changed since. "
            + "mode=replace (default): the file becomes the whole list; mode=upsert: adds the file's new rows and "
            + "updates the others' prices, removes none (removed is 0; unchanged counts every row left as it was).")
    ImportJson importRows(@PathVariable UUID id,
                          @RequestParam(value = "expectedRowVersion", required = false) @Nullable Integer expectedRowVersion,
                          @RequestParam(value = "mode", required = false) @Nullable String mode,
                          HttpServletRequest request) throws IOException {
        ImportMode importMode = importMode(mode);
        byte[] content = csvBody(request);
        ImportResult r = priceLists.applyImport(new PriceListId(id), content, charset(request.getContentType()),
                expectedRowVersion, importMode);
        return new ImportJson(r.added(), r.changed(), r.removed(), r.unchanged());
    }

    /** The import's {@code mode} parameter: replace (default) or upsert, else 400 naming it. */
    private static ImportMode importMode(@Nullable String mode) {
        return mode == null ? ImportMode.REPLACE : ImportMode.parse(mode).orElseThrow(() ->
                InvalidInputException.of("mode", "pricing.importMode", "mode must be replace or upsert, was " + mode));
    }

    /** The CSV body, refused as too large (declared or read) past {@link PriceListCsv#MAX_BYTES}. */
    private static byte[] csvBody(HttpServletRequest request) throws IOException {
        if (request.getContentLengthLong() > PriceListCsv.MAX_BYTES) {
            throw new TooLarge();
        }
        byte[] content = request.getInputStream().readNBytes((int) PriceListCsv.MAX_BYTES + 1);
        if (content.length > PriceListCsv.MAX_BYTES) {
            throw new TooLarge();
        }
        return content;
    }

    /** The preview of an import (issue 39): the counts of the import's answer, the flagged changes and the warnings. */
    record PreviewJson(int added, int changed, int removed, int unchanged, int flagged, int draftRowVersion,
                       List<WarningJson> warnings, int belowFloorRows, String marginFloorPct) {
    }

    /**
     * One implausible row: {@code price} is the file's value of {@code field}, {@code reference} what it is held
     * against; a change also gives {@code oldPrice} (in force), {@code newPrice} (the file's) and
     * {@code changePercent}.
     */
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    record WarningJson(int row, String code, String provider, String region, String instanceType, String billingMode,
                       String field, String price, @Nullable String reference, @Nullable String oldPrice,
                       @Nullable String newPrice, @Nullable String changePercent, String message) {
        static WarningJson of(ImportWarning w) {
            boolean change = w.code() == ImportWarning.Code.CHANGE_OVER_20_PERCENT;
            return new WarningJson(w.row(), w.code().name(), w.key().provider().code(), w.key().region(),
                    w.key().instanceType(), w.key().billingMode().name(), w.field(), Money.unit(w.price()),
                    w.reference() == null ? null : Money.unit(w.reference()),
                    change && w.reference() != null ? Money.unit(w.reference()) : null,
                    change ? Money.unit(w.price()) : null,
                    w.changePercent() == null ? null : w.changePercent().toPlainString(), w.message());
        }
    }

    @PostMapping(path = "/{id}/rows/preview", consumes = {"text/csv", MediaType.TEXT_PLAIN_VALUE,
            MediaType.APPLICATION_OCTET_STREAM_VALUE})
    @Operation(summary = "Preview a CSV import without writing anything: the same file, charset and mode as PUT "
            + "/{id}/rows, the same 422 for an invalid file. Answers the counts of PUT's answer, flagged (changes over "
            + "20 % against the draft), draftRowVersion (pass it to PUT as expectedRowVersion), and warnings on "
            + "implausible rows that never block the import: LIST_ZERO, COST_ABOVE_LIST, SPOT_ABOVE_HOURLY (against "
            + "the HOURLY row of the same type and region), CHANGE_OVER_20_PERCENT (list or cost price against the list "
            + "in force now, with oldPrice and newPrice); belowFloorRows counts the file's rows whose margin on list "
            + "price is under the tenant's floor (marginFloorPct, a fraction). TENANT_ADMIN")
    PreviewJson previewRows(@PathVariable UUID id,
                            @RequestParam(value = "mode", required = false) @Nullable String mode,
                            HttpServletRequest request) throws IOException {
        ImportMode importMode = importMode(mode);
        byte[] content = csvBody(request);
        ImportPreview p = priceLists.preview(new PriceListId(id), content, charset(request.getContentType()),
                importMode);
        if (!p.isValid() || p.diff() == null) {
            throw new PriceListImportException(p.read());
        }
        PriceListDiff d = p.diff();
        return new PreviewJson(d.added().size(), d.changed().size(), d.removed().size(), d.unchanged(),
                d.flagged().size(), p.draftRowVersion(), p.warnings().stream().map(WarningJson::of).toList(),
                p.belowFloorRows(), p.marginFloor() == null ? null : p.marginFloor().toPlainString());
    }

    @PostMapping("/{id}/publish")
    @Operation(summary = "Publish a draft from effectiveFrom (default: its planned date, else now); a future date schedules it")
    PriceListJson publish(@PathVariable UUID id, @RequestBody(required = false) @Nullable PublishJson body) {
        return PriceListJson.of(priceLists.publish(new PriceListId(id), body == null ? null : body.effectiveFrom(),
                body == null ? null : body.expectedRowVersion()));
    }

    @PostMapping("/{id}/archive")
    @Operation(summary = "Archive a draft or a list whose window has ended")
    PriceListJson archive(@PathVariable UUID id) {
        return PriceListJson.of(priceLists.archive(new PriceListId(id)));
    }

    @GetMapping(path = "/{id}/rows.csv", produces = "text/csv")
    @Operation(summary = "Export as CSV (UTF-8 with BOM; cells are escaped against formula injection). TENANT_ADMIN")
    ResponseEntity<byte[]> export(@PathVariable UUID id) {
        byte[] file = priceLists.export(new PriceListId(id));
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType("text/csv; charset=UTF-8"))
                .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"price-list-" + id + ".csv\"")
                .body(file);
    }

    @GetMapping("/{id}/rows")
    @Operation(summary = "Rows as JSON, paged; costPrice only for TENANT_ADMIN. Optional search: q (part of the "
            + "instance type, region or GPU model code, case-insensitive, taken literally) and billingMode "
            + "(HOURLY, MONTHLY, YEARLY or SPOT; 400 naming billingMode otherwise)")
    List<?> rows(@PathVariable UUID id, @RequestParam(defaultValue = "0") int offset,
                 @RequestParam(defaultValue = "1000") int limit,
                 @RequestParam(value = "q", required = false) @Nullable String q,
                 @RequestParam(value = "billingMode", required = false) @Nullable String billingMode) {
        PriceListId listId = new PriceListId(id);
        int pageSize = Paging.limit(offset, limit, Integer.MAX_VALUE); // the service lowers it to its page size
        BillingMode mode = billingMode == null || billingMode.isBlank() ? null : BillingMode.parse(billingMode)
                .orElseThrow(() -> InvalidInputException.of("billingMode", "pricing.billingMode",
                        "billingMode must be HOURLY, MONTHLY, YEARLY or SPOT"));
        PriceRowFilter filter = new PriceRowFilter(q == null ? "" : q, mode);
        if (CurrentUser.require().hasRole(Role.TENANT_ADMIN)) {
            return priceLists.rows(listId, filter, offset, pageSize).stream().map(AdminRowJson::of).toList();
        }
        return priceLists.listPriceRows(listId, filter, offset, pageSize).stream().map(ListRowJson::of).toList();
    }

    // ------------------------------------------------------------------ errors

    static final class TooLarge extends RuntimeException {
        TooLarge() {
            super("The file is larger than " + PriceListCsv.MAX_BYTES / (1024 * 1024) + " MB and was refused.");
        }
    }

    @ExceptionHandler(TooLarge.class)
    ProblemDetail tooLarge(TooLarge e) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(HttpStatus.PAYLOAD_TOO_LARGE, e.getMessage());
        p.setType(URI.create("https://gpuquote.dev/problems/too-large"));
        p.setTitle("File too large");
        p.setProperty("errors", List.of(Map.of("row", 0, "code", "FILE_TOO_LARGE", "message", e.getMessage())));
        return p;
    }

    @ExceptionHandler(PriceListImportException.class)
    ProblemDetail invalidFile(PriceListImportException e) {
        HttpStatus status = e.tooLarge() ? HttpStatus.PAYLOAD_TOO_LARGE : HttpStatus.UNPROCESSABLE_ENTITY;
        String detail = e.tooLarge() ? e.errors().get(0).message()
                : e.errorCount() + " error(s) in the file; nothing was imported. Fix them all and upload again.";
        ProblemDetail p = ProblemDetail.forStatusAndDetail(status, detail);
        p.setType(URI.create("https://gpuquote.dev/problems/" + (e.tooLarge() ? "too-large" : "invalid-price-list")));
        p.setTitle(e.tooLarge() ? "File too large" : "Invalid price list file");
        p.setProperty("errorCount", e.errorCount());
        p.setProperty("errors", e.errors().stream().map(PriceListController::error).toList());
        return p;
    }

    private static Map<String, Object> error(CsvError e) {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("row", e.row());
        m.put("column", e.column());
        m.put("code", e.code().name());
        m.put("message", e.message());
        return m;
    }

    /** The charset parameter of the Content-Type (UTF-8 or GB18030), or null to detect. */
    static @Nullable Charset charset(String contentType) {
        if (contentType == null) {
            return null;
        }
        try {
            Charset c = MediaType.parseMediaType(contentType).getCharset();
            if (c == null) {
                return null;
            }
            if (c.equals(StandardCharsets.UTF_8) || c.equals(PriceListCsv.GB18030)) {
                return c;
            }
            if (c.name().equalsIgnoreCase("GBK") || c.name().equalsIgnoreCase("GB2312")) {
                return PriceListCsv.GB18030; // GB18030 is a superset
            }
            throw InvalidInputException.of("charset", "pricing.charset", "Use charset UTF-8 or GB18030, or none to detect");
        } catch (org.springframework.util.InvalidMimeTypeException | java.nio.charset.UnsupportedCharsetException e) {
            throw InvalidInputException.of("charset", "pricing.charset", "Use charset UTF-8 or GB18030, or none to detect");
        }
    }
}
