package com.gpuquote.tenancy;

import com.gpuquote.shared.CreditCode;
import com.gpuquote.shared.FieldError;

import java.util.ArrayList;
import java.util.List;

/**
 * The reseller's legal details for the seller block of quote documents (issue 16): legal name, unified social credit
 * code (统一社会信用代码), address, phone, and the bank and account customers pay to (对公转账). Every field optional;
 * blank means not given.
 */
public record TenantProfile(String legalName, String creditCode, String address, String phone, String bankName,
                            String bankAccount) {

    public static final TenantProfile EMPTY = new TenantProfile(null, null, null, null, null, null);

    /** Trimmed, blank → null, the credit code upper-cased without spaces. */
    public TenantProfile normalised() {
        return new TenantProfile(clean(legalName), CreditCode.normalise(creditCode), clean(address), clean(phone),
                clean(bankName), clean(bankAccount));
    }

    /** Every problem at once, with the field names of the REST body; call on {@link #normalised()}. */
    public List<FieldError> problems() {
        List<FieldError> errors = new ArrayList<>();
        length(errors, "legalName", legalName, 200);
        if (creditCode != null && !CreditCode.isValid(creditCode)) {
            errors.add(new FieldError("creditCode", "tenant.creditCode",
                    "Not a valid unified social credit code (18 characters, GB 32100-2015 check character)"));
        }
        length(errors, "address", address, 300);
        length(errors, "phone", phone, 50);
        length(errors, "bankName", bankName, 100);
        length(errors, "bankAccount", bankAccount, 50);
        return errors;
    }

    private static void length(List<FieldError> errors, String field, String value, int max) {
        if (value != null && value.length() > max) {
            errors.add(new FieldError(field, "tenant.tooLong", field + " must be at most " + max + " characters"));
        }
    }

    private static String clean(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
