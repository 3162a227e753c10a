package com.gpuquote.quote.domain;

import com.gpuquote.security.Role;
import com.gpuquote.security.UserId;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Who may take a quote's waiting approval step (issue 16), the one rule the workflow enforces and the inbox, the
 * review and the editor show: the step's role, and no earlier step of the same chain taken by the same person. The
 * author is refused separately (the editor shows the author a disabled button that says why).
 */
public final class ApprovalChains {

    private ApprovalChains() {
    }

    /**
     * The chain a quote is decided by: a quote waiting for approval without a written chain (submitted before V63)
     * has the single tenant-admin step it had then.
     */
    public static List<ApprovalStep> orSingleAdminStep(List<ApprovalStep> chain, boolean waiting) {
        return chain.isEmpty() && waiting ? List.of(new ApprovalStep(1, Role.TENANT_ADMIN, null, null, null, null))
                : chain;
    }

    /** The first step not yet decided; empty when every step is taken (or the chain is empty). */
    public static Optional<ApprovalStep> waitingStep(List<ApprovalStep> chain) {
        return chain.stream().filter(st -> st.decidedAt() == null).findFirst();
    }

    /** Whether the user holds the waiting step's role. */
    public static boolean holdsWaitingRole(List<ApprovalStep> chain, Predicate<Role> hasRole) {
        return waitingStep(chain).map(st -> hasRole.test(st.role())).orElse(false);
    }

    /** Whether the user took an earlier step of this chain (and so may not take another). */
    public static boolean tookAStep(List<ApprovalStep> chain, UserId user) {
        return chain.stream().anyMatch(st -> user.equals(st.approverId()));
    }

    /** Whether the user may take the waiting step: its role and no earlier step of theirs (the author aside). */
    public static boolean mayTakeWaitingStep(List<ApprovalStep> chain, UserId user, Predicate<Role> hasRole) {
        return holdsWaitingRole(chain, hasRole) && !tookAStep(chain, user);
    }
}
