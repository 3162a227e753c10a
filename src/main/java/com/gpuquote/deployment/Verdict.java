package com.gpuquote.deployment;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.shared.I18n;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/**
 * One verdict with its computed recommendation. {@code kind} tells which proposal it is (e.g. {@code UPGRADE},
 * {@code RECOMPUTE}, {@code LARGER_RAM}, {@code DISTRIBUTED}, {@code SMALLER}, {@code PAY_AS_YOU_GO}, {@code SPOT},
 * {@code NONE}); the text is bundle key {@code deployment.verdict.<code>.<kind>} with {@code args}. The proposal is
 * {@code instances} × {@code instanceType} billed {@code billingMode} ({@code hoursPerMonth} for HOURLY and SPOT) at
 * {@code monthlyPrice} (the customer's price in force); {@code monthlySaving} = today's monthly price minus it
 * (negative: it costs more). Null fields: nothing to propose or no price in force. {@code metric} names the activity
 * metric an UNDERUSED verdict used ({@code SM_ACTIVE} or {@code GPU_UTIL}).
 */
public record Verdict(VerdictCode code, String kind, List<Object> args, String instanceType, BillingMode billingMode,
                      Integer instances, Integer hoursPerMonth, BigDecimal monthlyPrice, BigDecimal monthlySaving,
                      String currency, String metric) {

    public Verdict {
        args = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(args));
    }

    public String messageKey() {
        return "deployment.verdict." + code.name() + "." + kind;
    }

    public String message(Locale locale) {
        // a null stays null: I18n shows an unknown figure as a dash whatever its format
        Object[] values = new Object[args.size()];
        for (int i = 0; i < values.length; i++) {
            Object a = args.get(i);
            values[i] = a instanceof Text t ? I18n.get(locale, t.key()) : a;
        }
        return I18n.get(locale, messageKey(), values);
    }

    /** An argument that is itself translated (e.g. the name of the activity metric). */
    public record Text(String key) {
    }

    /** True when the verdict proposes an instance type a quote can be made of. */
    public boolean quotable() {
        return instanceType != null && billingMode != null && instances != null;
    }
}
