package com.gpuquote.user;

/** What the invitee sees before choosing a password. */
public record InvitationDetails(String email, String displayName, String tenantName) {
}
