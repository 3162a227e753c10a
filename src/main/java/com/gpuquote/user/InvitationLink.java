package com.gpuquote.user;

import java.time.Instant;

/** The one moment the raw invitation token exists outside the invitee's mailbox: shown to the inviter once. */
public record InvitationLink(InvitationId invitationId, String email, String url, Instant expiresAt) {
}
