package com.gpuquote.customer;

public record ProjectDraft(CustomerId customerId, String name, String description) {
}
