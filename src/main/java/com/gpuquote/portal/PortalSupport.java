package com.gpuquote.portal;

import com.gpuquote.security.CurrentUser;
import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.Validation;
import com.gpuquote.tenancy.TenantId;
import org.jspecify.annotations.Nullable;

import java.util.HexFormat;

/** The small rules the portal services share (input limits, the signed-in tenant, the refusals they throw). */
final class PortalSupport {

    private PortalSupport() {
    }

    static TenantId tenant() {
        return CurrentUser.require().requireTenant();
    }

    static String requireText(String field, @Nullable String text, int max) {
        Validation v = new Validation();
        v.check(text != null && !text.isBlank() && text.strip().length() <= max, field, "required",
                "Required (at most " + max + " characters)");
        v.throwIfInvalid();
        return text.strip();
    }

    static @Nullable String truncate(@Nullable String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }

    static ConflictException conflict(String key, String message) {
        return new ConflictException(key, message);
    }

    static NotFoundException linkNotFound() {
        return new NotFoundException("portal link", "(token)");
    }

    static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }
}
