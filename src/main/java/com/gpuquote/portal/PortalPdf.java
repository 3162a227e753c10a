package com.gpuquote.portal;

/** The customer's quote PDF (no cost or margin) and its file name. */
public record PortalPdf(String filename, byte[] bytes) {
}
