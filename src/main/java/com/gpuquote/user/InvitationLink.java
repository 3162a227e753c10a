package com.gpuquote.user;

import java.time.Instant;
import java.util.UUID;

/** The one moment the raw invitation token exists outside the invitee's mailbox: shown to the inviter once. */
public record InvitationLink(UUID invitationId, String email, String url, Instant expiresAt) {
}
