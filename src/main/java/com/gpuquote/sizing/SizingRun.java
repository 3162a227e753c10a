package com.gpuquote.sizing;

import com.gpuquote.customer.ProjectId;

import java.time.Instant;
import java.util.UUID;

/** A sizing run saved on a project: input and result kept as JSON snapshots, as they were computed. */
public record SizingRun(UUID id, ProjectId projectId, String name, String inputJson, String resultJson,
                        String createdBy, Instant createdAt) {
}
