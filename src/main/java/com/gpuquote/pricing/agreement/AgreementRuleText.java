package com.gpuquote.pricing.agreement;

import com.gpuquote.commercial.Money;
import com.gpuquote.pricing.agreement.AgreementRule.FixedPrice;
import com.gpuquote.pricing.agreement.AgreementRule.PercentOff;
import com.gpuquote.pricing.agreement.AgreementRule.TermTier;
import com.gpuquote.pricing.agreement.AgreementRule.VolumeTier;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.shared.DisplayFormat;
import com.gpuquote.shared.I18n;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * An agreement rule as a user reads it, in their language ("8% off family ecs.gni2", "3% off from 8 GPUs",
 * "5% off for ≥12 months", "Fixed price ¥12.34 / hour …"), from the customer bundle. {@link AgreementRule#describe()}
 * stays the language-neutral form for the audit log and the REST waterfall detail.
 */
public final class AgreementRuleText {

    private AgreementRuleText() {
    }

    public static String of(AgreementRule rule, Locale locale) {
        if (rule instanceof FixedPrice f) {
            return I18n.get(locale, "customer.rule.text.FIXED_PRICE", unit(f.unitPrice(), f.billingMode(), locale),
                    text(f.instanceType()),
                    text(f.region()), mode(f.billingMode(), locale));
        }
        if (rule instanceof PercentOff p) {
            String scoped = I18n.get(locale, "customer.rule.text.PERCENT_OFF." + p.scope().name(),
                    percent(p.percent()),
                    p.scope() == PercentScope.BILLING_MODE ? mode(p.billingMode(), locale) : text(p.scopeValue()));
            return p.region() == null ? scoped
                    : I18n.get(locale, "customer.rule.text.PERCENT_OFF.inRegion", scoped, p.region());
        }
        if (rule instanceof VolumeTier v) {
            // a number, not text: the English bundle chooses "1 GPU" or "8 GPUs" by it
            return I18n.get(locale, "customer.rule.text.VOLUME_TIER", percent(v.percent()), v.minGpus());
        }
        TermTier t = (TermTier) rule;
        return I18n.get(locale, "customer.rule.text.TERM", percent(t.percent()), t.minMonths());
    }

    /** A percent without trailing zeros: 8, 2.5. */
    public static String percent(BigDecimal percent) {
        return percent == null ? "?" : percent.stripTrailingZeros().toPlainString();
    }

    /** The fixed unit price as every price reads (DisplayFormat): "¥12.34 / 小时", up to 4 decimals. */
    private static String unit(BigDecimal price, BillingMode mode, Locale locale) {
        if (price == null) {
            return "?";
        }
        BigDecimal scaled = price.setScale(AgreementRule.UNIT_PRICE_DECIMALS, RoundingMode.HALF_UP);
        return mode == null ? DisplayFormat.unitPrice(scaled, Money.CURRENCY)
                : DisplayFormat.unitPrice(scaled, Money.CURRENCY, DisplayFormat.Per.ofBillingMode(mode), locale);
    }

    private static String mode(BillingMode mode, Locale locale) {
        return mode == null ? "?" : I18n.get(locale, "quote.billingMode." + mode.name());
    }

    private static String text(String s) {
        return s == null ? "?" : s;
    }
}
