package com.gpuquote.customer;

import java.util.List;

/** What a user enters for a customer; owner defaults to the creating consultant. version for updates only. */
public record CustomerDraft(String name, String creditCode, String billingAddress, String language, String notes,
                            List<Contact> contacts, Integer version) {
    public CustomerDraft {
        contacts = contacts == null ? List.of() : List.copyOf(contacts);
    }
}
