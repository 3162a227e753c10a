package com.gpuquote.deployment;

import org.jspecify.annotations.Nullable;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.sizing.engine.Workload;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/**
 * What a customer actually runs for a project: {@code count} instances of {@code instanceType} in {@code region},
 * billed {@code billingMode}, since a business day. {@code workload} chooses the tenant's RAM:VRAM band the observed
 * use is compared with. {@code sourceQuoteId} is the accepted quote it was created from (null when entered by hand).
 */
public record Deployment(DeploymentId id, ProjectId projectId, String instanceType, String region,
                         BillingMode billingMode, int count, LocalDate since, Workload workload, @Nullable UUID sourceQuoteId,
                         Instant createdAt) {
}
