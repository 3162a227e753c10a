package com.gpuquote.quote.domain;

import org.jspecify.annotations.Nullable;
import com.gpuquote.security.Role;
import com.gpuquote.shared.I18n;

import java.util.Locale;

/**
 * The user may not take the quote's waiting approval step. {@code requiredRole} is the role that step needs (issue 16:
 * an APPROVER step must not read "only a tenant admin"); null when the refusal is about the person, not the role
 * (the author, or someone who took an earlier step).
 */
public class ApprovalDeniedException extends RuntimeException {

    private final @Nullable Role requiredRole;
    private final int step;
    private final int steps;

    public ApprovalDeniedException(String message) {
        this(message, null, 0, 0);
    }

    public ApprovalDeniedException(String message, @Nullable Role requiredRole, int step, int steps) {
        super(message);
        this.requiredRole = requiredRole;
        this.step = step;
        this.steps = steps;
    }

    /** The step (1-based) of a chain of {@code steps} that needs {@code role}, which the caller lacks. */
    public static ApprovalDeniedException roleNeeded(Role role, int step, int steps) {
        return new ApprovalDeniedException("Step " + step + " of " + steps + " needs the " + role + " role", role,
                step, steps);
    }

    /** The caller approved an earlier step of the chain; another person takes this one. */
    public static ApprovalDeniedException earlierStep() {
        return new ApprovalDeniedException("You approved an earlier step; another person takes this one");
    }

    public @Nullable Role requiredRole() {
        return requiredRole;
    }

    /** The message key: the role needed, the earlier step taken, or the author's own quote. */
    public String messageKey() {
        if (this instanceof SelfApprovalException) {
            return "quote.error.selfApproval";
        }
        if (requiredRole == null) {
            return "quote.error.approvalEarlierStep";
        }
        return steps > 1 ? "quote.error.approvalRoleStep" : "quote.error.approvalRole";
    }

    /** The refusal in a language, naming the role the waiting step needs. */
    public String message(Locale locale) {
        if (requiredRole == null) {
            return I18n.get(locale, messageKey());
        }
        return I18n.get(locale, messageKey(), I18n.get(locale, "user.role." + requiredRole.name()), step, steps);
    }
}
