package com.gpuquote.portal;

/** Which VAT invoice the customer wants: 增值税专用发票 (专票, SPECIAL) or 增值税普通发票 (普票, NORMAL). */
public enum InvoiceType {
    SPECIAL, NORMAL
}
