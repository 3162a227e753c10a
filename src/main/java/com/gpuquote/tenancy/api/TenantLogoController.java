package com.gpuquote.tenancy.api;

import com.gpuquote.shared.NotFoundException;
import com.gpuquote.tenancy.TenantBrandingService;
import com.gpuquote.tenancy.TenantLogo;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.io.IOException;

/** The signed-in user's tenant's logo (ADR 0008). */
@RestController
@RequestMapping("/api/v1/tenant/logo")
@Tag(name = "Tenant branding", description = "The tenant's logo on quote PDFs and the customer portal")
class TenantLogoController {

    private final TenantBrandingService branding;

    TenantLogoController(TenantBrandingService branding) {
        this.branding = branding;
    }

    @GetMapping(produces = {MediaType.IMAGE_PNG_VALUE, MediaType.IMAGE_JPEG_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
    @Operation(summary = "My tenant's logo (PNG or JPEG); 404 when it has none")
    ResponseEntity<byte[]> get() {
        TenantLogo logo = branding.logo().orElseThrow(() -> new NotFoundException("logo", "(tenant)"));
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType(logo.contentType()))
                .cacheControl(CacheControl.noCache().cachePrivate())
                .eTag("\"" + logo.sha256() + "\"")
                .body(logo.bytes());
    }

    @PutMapping(consumes = {MediaType.IMAGE_PNG_VALUE, MediaType.IMAGE_JPEG_VALUE})
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(summary = "Replace the logo with the request body: PNG or JPEG, at most 512 KiB and 2048 px a side. "
            + "TENANT_ADMIN. Refusals are 400 with an error on field \"logo\".")
    void put(HttpServletRequest request) throws IOException {
        // read one byte more than allowed, so an oversized body is refused without reading all of it
        byte[] body = request.getInputStream().readNBytes(TenantBrandingService.MAX_BYTES + 1);
        branding.uploadLogo(body, request.getContentType());
    }

    @DeleteMapping
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(summary = "Remove the logo (quote PDFs and the portal show the tenant name only). TENANT_ADMIN")
    void delete() {
        branding.removeLogo();
    }
}
