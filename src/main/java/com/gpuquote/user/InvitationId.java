package com.gpuquote.user;

import java.util.Objects;
import java.util.UUID;

/** The id of an invitation (issue 14: typed ids in service signatures). */
public record InvitationId(UUID value) {
    public InvitationId {
        Objects.requireNonNull(value, "invitation id");
    }

    public static InvitationId random() {
        return new InvitationId(UUID.randomUUID());
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
