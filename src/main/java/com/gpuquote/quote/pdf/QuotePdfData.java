package com.gpuquote.quote.pdf;

import com.gpuquote.quote.OptionView;

import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Everything printed on a quote PDF. Only consultant-safe views ({@link OptionView}): the renderer never sees a
 * cost or margin, so it cannot print one. {@code logoPng} is optional (null: a text header);
 * despite its name it may be PNG or JPEG (the tenant's logo as uploaded, see ADR 0008).
 * The PDF, the xlsx export and the customer portal's page all render this record, their words from
 * {@link QuoteDocumentText} (ADR 1601).
 */
public record QuotePdfData(String tenantName, byte @Nullable [] logoPng, String customerName, Locale locale, String quoteNumber,
                           int version, LocalDate issuedOn, LocalDate validUntil, String currency,
                           List<OptionView> options, String termsText, Buyer buyer, boolean draft, Seller seller,
                           java.util.Map<com.gpuquote.quote.QuoteLineId, LineDescriptions.Description> lineDescriptions) {

    /** The buyer block (issue 16): the customer's legal name, unified social credit code, address and contact. */
    public record Buyer(String legalName, String creditCode, String address, String contact) {
    }

    /** The seller block (issue 16): the reseller's profile and the consultant (name · phone · e-mail). */
    public record Seller(String legalName, String creditCode, String address, String phone, String bankName,
                         String bankAccount, String consultant) {
    }

    public QuotePdfData(String tenantName, byte[] logoPng, String customerName, Locale locale, String quoteNumber,
                        int version, LocalDate issuedOn, LocalDate validUntil, String currency,
                        List<OptionView> options, String termsText, Buyer buyer, boolean draft) {
        this(tenantName, logoPng, customerName, locale, quoteNumber, version, issuedOn, validUntil, currency, options,
                termsText, buyer, draft, null, null);
    }

    public QuotePdfData {
        options = List.copyOf(options);
        lineDescriptions = lineDescriptions == null ? java.util.Map.of() : java.util.Map.copyOf(lineDescriptions);
    }

    public QuotePdfData(String tenantName, byte[] logoPng, String customerName, Locale locale, String quoteNumber,
                        int version, LocalDate issuedOn, LocalDate validUntil, String currency,
                        List<OptionView> options, String termsText, Buyer buyer, boolean draft, Seller seller) {
        this(tenantName, logoPng, customerName, locale, quoteNumber, version, issuedOn, validUntil, currency, options,
                termsText, buyer, draft, seller, null);
    }

    /** The same document with other terms (the customer's PDF adds the portal's acceptance clause). */
    public QuotePdfData withTermsText(String text) {
        return new QuotePdfData(tenantName, logoPng, customerName, locale, quoteNumber, version, issuedOn, validUntil,
                currency, options, text, buyer, draft, seller, lineDescriptions);
    }

    /** Without a buyer block, not a draft. */
    public QuotePdfData(String tenantName, byte[] logoPng, String customerName, Locale locale, String quoteNumber,
                        int version, LocalDate issuedOn, LocalDate validUntil, String currency,
                        List<OptionView> options, String termsText) {
        this(tenantName, logoPng, customerName, locale, quoteNumber, version, issuedOn, validUntil, currency, options,
                termsText, null, false, null, null);
    }
}
