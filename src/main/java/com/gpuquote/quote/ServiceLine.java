package com.gpuquote.quote;

import com.gpuquote.quote.domain.QuoteError;
import com.gpuquote.commercial.Money;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/** A service line of an option: a monthly or one-time amount (tax-exclusive, scale 2). */
public record ServiceLine(QuoteLineId id, String description, ServiceCharge charge, BigDecimal amount) {

    public ServiceLine {
        if (id == null) {
            throw new IllegalArgumentException("id is required");
        }
    }

    public static ServiceLine monthly(String description, String amount) {
        return new ServiceLine(QuoteLineId.random(), description, ServiceCharge.MONTHLY, new BigDecimal(amount));
    }

    public static ServiceLine oneTime(String description, String amount) {
        return new ServiceLine(QuoteLineId.random(), description, ServiceCharge.ONE_TIME, new BigDecimal(amount));
    }

    public ServiceLine copy() {
        return new ServiceLine(QuoteLineId.random(), description, charge, amount);
    }

    public List<QuoteError> validate(String path) {
        List<QuoteError> errors = new ArrayList<>();
        if (description == null || description.isBlank()) {
            errors.add(new QuoteError(path + ".description", "quote.error.required"));
        }
        if (charge == null) {
            errors.add(new QuoteError(path + ".charge", "quote.error.required"));
        }
        if (amount == null) {
            errors.add(new QuoteError(path + ".amount", "quote.error.required"));
        } else if (amount.signum() < 0) {
            errors.add(new QuoteError(path + ".amount", "quote.error.negative"));
        } else if (!Money.hasAtMostDecimals(amount, Money.AMOUNT_SCALE)) {
            errors.add(new QuoteError(path + ".amount", "quote.error.amountDecimals"));
        }
        return errors;
    }
}
