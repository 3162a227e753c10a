package com.gpuquote.customer;

import com.gpuquote.security.UserId;

import java.time.Instant;
import java.util.List;

public record Customer(CustomerId id, String name, String creditCode, String billingAddress, String language,
                       UserId ownerId, String ownerName, String notes, List<Contact> contacts, Instant createdAt,
                       int version) {
}
