package com.gpuquote.security;

/**
 * An enabled consultant or tenant admin of the caller's tenant, as others may pick them (customer owner, quote
 * filter). Equal by id, so a picker recognises the one already chosen. Lives next to {@link UserId}, below the
 * features that pick colleagues (customer, quote, dashboard), like the id; the user feature makes them.
 */
public record Colleague(UserId id, String displayName, String email) {

    @Override
    public boolean equals(Object o) {
        return o instanceof Colleague c && id.equals(c.id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    /** "Name <email>", or the name alone when the email is not known. */
    public String label() {
        return email == null || email.isBlank() ? displayName : displayName + " <" + email + ">";
    }
}
