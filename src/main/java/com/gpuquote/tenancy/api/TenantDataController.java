package com.gpuquote.tenancy.api;

import com.gpuquote.tenancy.TenantDataService;
import com.gpuquote.tenancy.TenantId;
import io.swagger.v3.oas.annotations.Operation;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/** A departing reseller's data: export as a zip, then deletion (platform administrators; issue 18). */
@RestController
class TenantDataController {

    private final TenantDataService data;

    TenantDataController(TenantDataService data) {
        this.data = data;
    }

    record DeletionJson(UUID tenant, String slug, Map<String, Integer> rowsPerTable, int totalRows) {
    }

    @GetMapping(value = "/api/v1/platform/tenants/{id}/export", produces = "application/zip")
    @Operation(summary = "Every row of the tenant as a zip: manifest.json plus a JSON and a CSV file per table "
            + "(password and token hashes left out); platform admins")
    ResponseEntity<byte[]> export(@PathVariable UUID id) {
        byte[] zip = data.export(new TenantId(id));
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType("application/zip"))
                .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.attachment()
                        .filename("tenant-" + id + "-export.zip").build().toString())
                .body(zip);
    }

    @DeleteMapping("/api/v1/platform/tenants/{id}")
    @Operation(summary = "Deletes a suspended tenant and all its data; ?confirm=<slug> is required (400 otherwise, "
            + "409 when the tenant is not suspended); platform admins")
    DeletionJson delete(@PathVariable UUID id, @RequestParam(required = false) @Nullable String confirm) {
        TenantDataService.Deletion d = data.delete(new TenantId(id), confirm);
        return new DeletionJson(d.tenant().value(), d.slug(), d.rowsPerTable(), d.totalRows());
    }
}
