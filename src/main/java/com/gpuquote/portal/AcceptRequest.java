package com.gpuquote.portal;

import java.util.UUID;

/** The customer's acceptance: one option, their typed full name and email, and agreement to the terms. */
public record AcceptRequest(UUID optionId, String signerName, String signerEmail, Boolean agree) {
}
