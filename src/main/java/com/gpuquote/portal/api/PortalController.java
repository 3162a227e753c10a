package com.gpuquote.portal.api;

import com.gpuquote.portal.AcceptRequest;
import com.gpuquote.portal.PortalQuote;
import com.gpuquote.portal.CustomerPortal;
import com.gpuquote.portal.PortalPdf;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.nio.charset.StandardCharsets;

/**
 * The customer portal's REST API. No login: the token in the path is the credential (stateless chain, no cookies,
 * so no CSRF). Unknown or revoked tokens 404, expired/superseded/rejected quotes 410, refusals 409.
 */
@RestController
@RequestMapping("/portal/api/{token}")
class PortalController {

    private final CustomerPortal portal;

    PortalController(CustomerPortal portal) {
        this.portal = portal;
    }

    record RejectBody(String reason) {
    }

    record QuestionBody(String text) {
    }

    @GetMapping
    PortalQuote get(@PathVariable String token) {
        return portal.open(token);
    }

    @PostMapping("/accept")
    PortalQuote accept(@PathVariable String token, @RequestBody(required = false) AcceptRequest body) {
        return portal.accept(token, body);
    }

    @PostMapping("/reject")
    PortalQuote reject(@PathVariable String token, @RequestBody(required = false) RejectBody body) {
        return portal.reject(token, body == null ? null : body.reason());
    }

    @PostMapping("/questions")
    PortalQuote ask(@PathVariable String token, @RequestBody(required = false) QuestionBody body) {
        return portal.ask(token, body == null ? null : body.text());
    }

    @GetMapping("/pdf")
    ResponseEntity<byte[]> pdf(@PathVariable String token) {
        PortalPdf pdf = portal.pdf(token);
        return ResponseEntity.ok()
                .contentType(MediaType.APPLICATION_PDF)
                .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.inline()
                        .filename(pdf.filename(), StandardCharsets.UTF_8).build().toString())
                .body(pdf.bytes());
    }
}
