package com.gpuquote.portal;

/**
 * The link's reseller is suspended (issue 11): its portal shows a "temporarily unavailable" page, the API answers
 * 403, and nothing is accepted, rejected or asked until the platform reactivates the reseller.
 */
public class PortalUnavailableException extends RuntimeException {
    public static final String MESSAGE_KEY = "portal.unavailable.text";

    public PortalUnavailableException() {
        super("This quote is temporarily unavailable; please contact your consultant");
    }
}
