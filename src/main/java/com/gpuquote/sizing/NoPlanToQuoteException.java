package com.gpuquote.sizing;

import com.gpuquote.shared.I18n;

import java.util.Locale;

/**
 * No plan of a sizing run can go into a good / better / best quote (issue 40): the run holds no priced candidates
 * (saved through {@code POST /api/v1/projects/{id}/sizing-runs}, which stores the sizing only, or nothing fitted),
 * or none of them meets the run's targets (its SLO, deadline or budget). The REST API answers 422.
 */
public class NoPlanToQuoteException extends RuntimeException {

    public enum Reason { NO_CANDIDATES, NONE_MEET_TARGETS }

    private final Reason reason;

    public NoPlanToQuoteException(Reason reason) {
        super(I18n.get(I18n.ENGLISH, key(reason)));
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }

    /** The stable code clients may key on: {@code sizing.goodBetterBest.noCandidates} / {@code …noneMeetTargets}. */
    public String code() {
        return key(reason);
    }

    public String message(Locale locale) {
        return I18n.get(locale, key(reason));
    }

    private static String key(Reason reason) {
        return reason == Reason.NO_CANDIDATES ? "sizing.goodBetterBest.noCandidates"
                : "sizing.goodBetterBest.noneMeetTargets";
    }
}
