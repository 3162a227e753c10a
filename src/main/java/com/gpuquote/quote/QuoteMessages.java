package com.gpuquote.quote;

import com.gpuquote.quote.domain.ChannelTerms;
import com.gpuquote.quote.domain.QuoteError;
import com.gpuquote.quote.domain.QuoteOption;
import com.gpuquote.commercial.BillingTerms;
import com.gpuquote.shared.FieldError;

import java.util.List;
import java.util.Map;

/** Maps {@link QuoteError}s onto {@code shared.FieldError} (code = the i18n key, message in English). */
public final class QuoteMessages {

    private static final Map<String, String> ENGLISH = Map.ofEntries(
            Map.entry("quote.error.required", "Required"),
            Map.entry("quote.error.atLeastOne", "Must be at least 1"),
            Map.entry("quote.error.termRange", "Term must be between 1 and " + BillingTerms.MAX_TERM_MONTHS + " months"),
            Map.entry("quote.error.yearlyTermMultipleOf12", "A YEARLY line needs a term that is a multiple of 12 months"),
            Map.entry("quote.error.hoursRange", "Hours per month must be between 1 and " + BillingTerms.MAX_HOURS_PER_MONTH),
            Map.entry("quote.error.percentRange", "Percent must be between 0 and 100"),
            Map.entry("quote.error.percentDecimals", "At most 2 decimals"),
            Map.entry("quote.error.negative", "Must not be negative"),
            Map.entry("quote.error.amountDecimals", "At most 2 decimals"),
            Map.entry("quote.error.maxOptions", "A quote has at most " + OptionName.MAX_OPTIONS + " options"),
            Map.entry("quote.error.noSuchOption", "No such option"),
            Map.entry("quote.error.validUntilPast", "The validity date must not be in the past"),
            Map.entry("quote.error.validUntilTooFar", "A quote can be valid for at most one year"),
            Map.entry("quote.error.noOptions", "A quote needs at least one option"),
            Map.entry("quote.error.noLines", "An option needs at least one instance line"),
            Map.entry("quote.error.unknownInstanceType", "Unknown instance type"),
            Map.entry("quote.error.noPriceInForce",
                    "No price in force for this instance type, region and billing mode"),
            Map.entry("quote.error.optionName", "Options are named A, B, C, D in order"),
            Map.entry("quote.error.optionTitle", "An option's name is one line of at most " + QuoteOption.MAX_TITLE
                    + " characters"),
            Map.entry("quote.error.optionSummary", "An option's summary has at most " + QuoteOption.MAX_SUMMARY
                    + " characters"),
            Map.entry("quote.error.oneAmount", "Give exactly one of monthlyAmount and oneTimeAmount"),
            Map.entry("quote.error.sizingRun", "No such sizing run on this quote's project"),
            Map.entry("quote.error.json", "Not valid JSON"),
            Map.entry("quote.error.rebatePercent", "The rebate is a percent between 0 and "
                    + ChannelTerms.MAX_REBATE_PERCENT + " with at most 2 decimals"),
            Map.entry("quote.error.rebateAdminOnly", "Only a tenant admin may set the rebate"),
            Map.entry("quote.error.rebateProvider", "Unknown provider: use VOLCENGINE, ALIYUN or TENCENT"),
            Map.entry("quote.error.voucherName", "A voucher needs a name: one line of at most " + Voucher.MAX_NAME
                    + " characters"),
            Map.entry("quote.error.voucherAmount", "A voucher amount must be greater than 0"),
            Map.entry("quote.error.voucherExceedsTotal", "The vouchers must not exceed the option's total"),
            Map.entry("quote.error.voucherReference", "A voucher reference is one line of at most "
                    + Voucher.MAX_REFERENCE + " characters"),
            Map.entry("quote.error.justificationRequired", "An option below cost (negative margin) needs a written "
                    + "justification for the approver"),
            Map.entry("quote.error.justificationTooLong", "A justification has at most 2000 characters"),
            Map.entry("quote.error.confirmBelowCost", "This quote has an option below cost: approving it needs "
                    + "confirmBelowCost: true"),
            Map.entry("quote.error.duplicateOtherCustomer",
                    "The project must belong to the customer of the quote being duplicated"));

    private QuoteMessages() {
    }

    public static String english(String key) {
        return ENGLISH.getOrDefault(key, key);
    }

    public static FieldError toFieldError(QuoteError e) {
        return new FieldError(e.field(), e.messageKey(), english(e.messageKey()));
    }

    public static List<FieldError> toFieldErrors(List<QuoteError> errors) {
        return errors.stream().map(QuoteMessages::toFieldError).toList();
    }
}
