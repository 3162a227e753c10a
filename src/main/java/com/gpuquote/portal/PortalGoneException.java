package com.gpuquote.portal;

/**
 * The link is genuine but its quote can no longer be acted on: expired, superseded by a newer version or rejected
 * (410). Carries whom to contact instead. The message never contains the token.
 */
public class PortalGoneException extends RuntimeException {

    public enum Reason { EXPIRED, SUPERSEDED, REJECTED }

    private final Reason reason;
    private final PortalQuote.Consultant consultant;
    private final String tenantName;
    private final String language;

    public PortalGoneException(Reason reason, PortalQuote.Consultant consultant, String tenantName, String language) {
        super("This quote is no longer open: " + reason);
        this.reason = reason;
        this.consultant = consultant;
        this.tenantName = tenantName;
        this.language = language;
    }

    public Reason reason() {
        return reason;
    }

    public PortalQuote.Consultant consultant() {
        return consultant;
    }

    public String tenantName() {
        return tenantName;
    }

    public String language() {
        return language;
    }

    public String messageKey() {
        return "portal.gone." + reason.name().toLowerCase(java.util.Locale.ROOT);
    }
}
