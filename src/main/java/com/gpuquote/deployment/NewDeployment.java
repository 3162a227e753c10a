package com.gpuquote.deployment;

import com.gpuquote.customer.ProjectId;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.sizing.engine.Workload;

import java.time.LocalDate;

/** A deployment entered by hand; every field but {@code workload} (default TRAINING) is required. */
public record NewDeployment(ProjectId projectId, String instanceType, String region, BillingMode billingMode,
                            Integer count, LocalDate since, Workload workload) {
}
