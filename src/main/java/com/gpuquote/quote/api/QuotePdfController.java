package com.gpuquote.quote.api;

import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.pdf.QuotePdfService;
import com.gpuquote.shared.NotFoundException;
import io.swagger.v3.oas.annotations.Operation;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

/** The PDF and the xlsx of one quote version (another tenant's or an unknown id answers 404). */
@RestController
public class QuotePdfController {

    private final QuotePdfService pdfs;

    QuotePdfController(QuotePdfService pdfs) {
        this.pdfs = pdfs;
    }

    @Operation(summary = "Quote version as PDF, in the customer's language; never shows cost or margin")
    @GetMapping(value = "/api/v1/quotes/{id}.pdf", produces = MediaType.APPLICATION_PDF_VALUE)
    public ResponseEntity<byte[]> pdf(@PathVariable("id") String id) {
        QuotePdfService.Pdf pdf = pdfs.render(new QuoteId(uuid(id)));
        return file(pdf, MediaType.APPLICATION_PDF);
    }

    @Operation(summary = "Quote version as xlsx (issue 16): a sheet per option with formulas for totals, plus a "
            + "comparison sheet; never shows cost or margin")
    @GetMapping(value = "/api/v1/quotes/{id}.xlsx", produces = XLSX)
    public ResponseEntity<byte[]> xlsx(@PathVariable("id") String id) {
        return file(pdfs.xlsx(new QuoteId(uuid(id))), MediaType.parseMediaType(XLSX));
    }

    static final String XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

    private static UUID uuid(String id) {
        UUID uuid;
        try {
            uuid = UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw new NotFoundException("quote", id);
        }
        return uuid;
    }

    private static ResponseEntity<byte[]> file(QuotePdfService.Pdf pdf, MediaType type) {
        return ResponseEntity.ok()
                .contentType(type)
                .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.attachment()
                        .filename(pdf.fileName(), StandardCharsets.UTF_8).build().toString())
                .body(pdf.content());
    }
}
