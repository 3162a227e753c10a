package com.gpuquote.customer;

import com.gpuquote.security.UserId;

import java.util.List;

/**
 * What a user enters for a customer. {@code ownerId} (optional): the owner consultant; null keeps the current owner
 * on update and makes the creating user the owner on create. Only tenant admins may give a customer to someone else.
 * {@code version} for updates only.
 */
public record CustomerDraft(String name, String creditCode, String billingAddress, String language, String notes,
                            List<Contact> contacts, Integer version, UserId ownerId) {
    public CustomerDraft {
        contacts = contacts == null ? List.of() : List.copyOf(contacts);
    }

    /** Without an owner: the creator owns a new customer, an update keeps the owner. */
    public CustomerDraft(String name, String creditCode, String billingAddress, String language, String notes,
                         List<Contact> contacts, Integer version) {
        this(name, creditCode, billingAddress, language, notes, contacts, version, null);
    }
}
