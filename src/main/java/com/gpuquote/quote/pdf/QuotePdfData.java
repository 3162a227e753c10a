package com.gpuquote.quote.pdf;

import com.gpuquote.quote.OptionView;

import java.time.LocalDate;
import java.util.List;
import java.util.Locale;

/**
 * Everything printed on a quote PDF. Only consultant-safe views ({@link OptionView}): the renderer never sees a
 * cost or margin, so it cannot print one. {@code logoPng} is optional (null: a text header);
 * despite its name it may be PNG or JPEG (the tenant's logo as uploaded, see ADR 0008).
 */
public record QuotePdfData(String tenantName, byte[] logoPng, String customerName, Locale locale, String quoteNumber,
                           int version, LocalDate issuedOn, LocalDate validUntil, String currency,
                           List<OptionView> options, String termsText) {

    public QuotePdfData {
        options = List.copyOf(options);
    }
}
