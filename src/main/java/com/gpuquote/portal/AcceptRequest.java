package com.gpuquote.portal;

import org.jspecify.annotations.Nullable;
import java.util.UUID;

/**
 * The customer's acceptance: one option, their typed full name and email, and agreement to the terms; optionally
 * the invoice details (issue 16; absent = no invoice details given).
 */
public record AcceptRequest(@Nullable UUID optionId, String signerName, String signerEmail, Boolean agree,
                            @Nullable Invoice invoice) {

    public AcceptRequest(@Nullable UUID optionId, String signerName, String signerEmail, Boolean agree) {
        this(optionId, signerName, signerEmail, agree, null);
    }

    /** As typed; {@code type} is {@code "SPECIAL"} (专票) or {@code "NORMAL"} (普票). Validated by the service. */
    public record Invoice(String title, String taxId, String address, String phone, String bank, String account,
                          String type) {
    }
}
