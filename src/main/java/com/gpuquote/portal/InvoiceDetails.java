package com.gpuquote.portal;

import org.jspecify.annotations.Nullable;
import com.gpuquote.shared.CreditCode;
import com.gpuquote.shared.InputRules;
import com.gpuquote.shared.Validation;

/**
 * The customer's invoice details (开票信息, issue 16), given at acceptance and kept with it: the company name on the
 * invoice (title), its unified social credit code as tax id (GB 32100-2015), address and phone, bank and account,
 * and the invoice type. Title and tax id are always required; a special VAT invoice (专票) needs the other four too.
 */
public record InvoiceDetails(InvoiceType type, String title, String taxId, @Nullable String address,
                             @Nullable String phone, @Nullable String bank, @Nullable String account) {

    public static final int MAX_TITLE = 200;
    public static final int MAX_ADDRESS = 300;
    public static final int MAX_PHONE = 50;
    public static final int MAX_BANK = 100;
    public static final int MAX_ACCOUNT = 50;

    /**
     * The validated details of the request, or null when it has none. Every problem is added to {@code v} with the
     * field named as in the REST body ({@code invoice.taxId}); the returned value is only meaningful when {@code v}
     * has no errors.
     */
    static @Nullable InvoiceDetails of(AcceptRequest.@Nullable Invoice in, Validation v) {
        if (in == null) {
            return null;
        }
        InvoiceType type = null;
        String rawType = in.type() == null ? null : in.type().strip();
        if (rawType == null || rawType.isEmpty()) {
            v.add("invoice.type", "required", "Choose SPECIAL (专票) or NORMAL (普票)");
        } else {
            try {
                type = InvoiceType.valueOf(rawType);
            } catch (IllegalArgumentException e) {
                v.add("invoice.type", "portal.invoice.type", "Must be SPECIAL (专票) or NORMAL (普票)");
            }
        }
        boolean special = type == InvoiceType.SPECIAL;
        String title = text(v, "title", in.title(), MAX_TITLE, true);
        String taxId = CreditCode.normalise(in.taxId());
        if (taxId == null) {
            v.add("invoice.taxId", "required", "Required");
        } else if (!CreditCode.isValid(taxId)) {
            v.add("invoice.taxId", "portal.invoice.taxId",
                    "Not a valid unified social credit code (18 characters, GB 32100-2015 check character)");
        }
        String address = text(v, "address", in.address(), MAX_ADDRESS, special);
        String phone = text(v, "phone", in.phone(), MAX_PHONE, special);
        String bank = text(v, "bank", in.bank(), MAX_BANK, special);
        String account = text(v, "account", in.account(), MAX_ACCOUNT, special);
        return new InvoiceDetails(type, title, taxId, address, phone, bank, account);
    }

    /** Stripped, blank → null; required, one line and at most {@code max} characters. */
    private static @Nullable String text(Validation v, String name, @Nullable String value, int max, boolean required) {
        String field = "invoice." + name;
        String s = value == null || value.isBlank() ? null : value.strip();
        if (s == null) {
            if (required) {
                v.add(field, "required", "Required");
            }
        } else if (!InputRules.isSingleLine(s)) {
            v.add(field, "portal.invoice.singleLine", "Must be a single line");
        } else if (s.length() > max) {
            v.add(field, "portal.invoice.tooLong", "At most " + max + " characters", max);
        }
        return s;
    }
}
