package com.gpuquote.customer;

import java.time.Instant;

public record Project(ProjectId id, CustomerId customerId, String customerName, String name, String description,
                      ProjectStatus status, Instant createdAt, int version) {
}
