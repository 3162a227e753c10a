package com.gpuquote.deployment.api;

import com.gpuquote.customer.ProjectId;
import com.gpuquote.deployment.Deployment;
import com.gpuquote.deployment.DeploymentId;
import com.gpuquote.deployment.DeploymentService;
import com.gpuquote.deployment.HardwareDifference;
import com.gpuquote.deployment.ImportResult;
import com.gpuquote.deployment.NewDeployment;
import com.gpuquote.deployment.UtilizationUpload;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.sizing.engine.Workload;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.io.IOException;
import java.net.URI;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

@RestController
@RequestMapping("/api/v1/deployments")
@Tag(name = "Deployments")
class DeploymentController {

    record DeploymentBody(UUID projectId, String instanceType, String region, BillingMode billingMode, Integer count,
                          LocalDate since, Workload workload) {
    }

    record DeploymentJson(UUID id, UUID projectId, String instanceType, String region, String billingMode, int count,
                          LocalDate since, String workload, UUID sourceQuoteId, Instant createdAt) {
        static DeploymentJson of(Deployment d) {
            return new DeploymentJson(d.id().value(), d.projectId().value(), d.instanceType(), d.region(),
                    d.billingMode().name(), d.count(), d.since(), d.workload().name(), d.sourceQuoteId(), d.createdAt());
        }
    }

    /** {@code hardwareMismatch}: the differences recorded with a confirmed file (empty when its GPUs match). */
    record ImportJson(String format, int imported, int duplicates, int gpus, Instant from, Instant to,
                      List<HardwareDifference> hardwareMismatch) {
        static ImportJson of(ImportResult r) {
            return new ImportJson(r.format().name(), r.imported(), r.duplicates(), r.gpus(), r.from(), r.to(),
                    r.hardwareMismatch());
        }
    }

    private final DeploymentService deployments;

    DeploymentController(DeploymentService deployments) {
        this.deployments = deployments;
    }

    @PostMapping
    @Operation(summary = "A deployment entered by hand: what the customer runs for a project")
    ResponseEntity<DeploymentJson> create(@RequestBody DeploymentBody body) {
        if (body == null) {
            throw InvalidInputException.of("", "required", "a JSON body is required");
        }
        Deployment d = deployments.create(new NewDeployment(body.projectId() == null ? null : new ProjectId(body.projectId()),
                body.instanceType(), body.region(), body.billingMode(), body.count(), body.since(), body.workload()));
        return ResponseEntity.created(URI.create("/api/v1/deployments/" + d.id())).body(DeploymentJson.of(d));
    }

    record FromOrderBody(@Nullable Workload workload) {
    }

    @PostMapping("/from-order/{quoteId}")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Deployments of an accepted quote's order, one per instance type, region and billing mode. "
            + "Workload: the lines' sizing (saved run's workload, else a serving estimate = INFERENCE, a training "
            + "estimate = TRAINING), else the body's optional workload, else TRAINING")
    List<DeploymentJson> fromOrder(@PathVariable UUID quoteId, @RequestBody(required = false) @Nullable FromOrderBody body) {
        return deployments.createFromOrder(new QuoteId(quoteId), body == null ? null : body.workload()).stream()
                .map(DeploymentJson::of).toList();
    }

    @GetMapping
    @Operation(summary = "A project's deployments, newest first")
    List<DeploymentJson> list(@RequestParam UUID projectId) {
        return deployments.forProject(new ProjectId(projectId)).stream().map(DeploymentJson::of).toList();
    }

    @GetMapping("/{id}")
    DeploymentJson get(@PathVariable UUID id) {
        return DeploymentJson.of(deployments.get(new DeploymentId(id)));
    }

    @PostMapping(value = "/{id}/utilization", consumes = {"text/csv", "text/plain", "application/octet-stream"})
    @Operation(summary = "Imports utilisation samples (nvidia-smi CSV, host memory CSV or DCGM exporter text; "
            + "the format is detected from the content). 422 with every error and its line; nothing stored then. "
            + "At most 100 MiB (413 too-large, nothing stored). "
            + "timezone: zone of date-times without one (default Asia/Shanghai); host: the node the file comes from, "
            + "for a deployment of several instances (DCGM lines with a Hostname label carry their own). "
            + "The file's GPUs (model, count, memory total) are checked against the deployment's: a difference is 422 "
            + "hardware-mismatch with the differences [{field, expected, found, message}], nothing stored, unless "
            + "confirmHardware=true, which stores the samples and records the differences (hardwareMismatch in the "
            + "answer and in the analysis)")
    ImportJson importUtilization(@PathVariable UUID id, @RequestParam(required = false) @Nullable String timezone,
                                 @RequestParam(required = false) @Nullable String host,
                                 @RequestParam(required = false, defaultValue = "false") boolean confirmHardware,
                                 HttpServletRequest request) throws IOException {
        ZoneId zone = null;
        if (timezone != null && !timezone.isBlank()) {
            try {
                zone = ZoneId.of(timezone.trim());
            } catch (DateTimeException e) {
                throw InvalidInputException.of("timezone", "invalid", "unknown time zone '" + timezone + "'");
            }
        }
        DeploymentId deployment = new DeploymentId(id);
        deployments.get(deployment); // 404 before reading a large body
        if (request.getContentLengthLong() > UtilizationUpload.MAX_BYTES) {
            // a declared length over the limit: refused without spooling (the REST limiter has buffered at most 8 MiB)
            throw new UtilizationUpload.TooLarge(UtilizationUpload.MAX_BYTES);
        }
        // spooled to a temporary file outside the import's transaction: a slow client holds no connection
        try (UtilizationUpload upload = UtilizationUpload.spool(request.getInputStream())) {
            return ImportJson.of(deployments.importUtilization(deployment, upload, zone, host, confirmHardware));
        }
    }
}
