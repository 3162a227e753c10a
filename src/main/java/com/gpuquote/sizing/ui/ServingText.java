package com.gpuquote.sizing.ui;

import com.gpuquote.sizing.RecommendationReport.PerformanceJson;
import com.vaadin.flow.component.UI;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.NumberFormat;
import java.util.Locale;

/** A serving estimate in words for the sizing view, always marked "≈" (an estimate). */
final class ServingText {

    private ServingText() {
    }

    /** 1,234 (grouped, no decimals). */
    static String whole(BigDecimal v) {
        return NumberFormat.getIntegerInstance(locale()).format(v.setScale(0, RoundingMode.HALF_UP));
    }

    /** "≈ 180 ms" below a second, else "≈ 1.8 s". */
    static String firstToken(PerformanceJson p) {
        double ms = p.timeToFirstTokenMs().doubleValue();
        return ms < 1000 ? t("sizing.serving.ms", whole(p.timeToFirstTokenMs()))
                : t("sizing.serving.seconds", String.format(Locale.ROOT, "%.1f", ms / 1000));
    }

    /** "≈ ¥0.84" (2 decimals; 4 below one cent). */
    static String perMillion(PerformanceJson p, String currency) {
        BigDecimal v = new BigDecimal(p.costPerMillionOutputTokens());
        BigDecimal shown = v.compareTo(new BigDecimal("0.01")) < 0 ? v : v.setScale(2, RoundingMode.HALF_UP);
        return t("sizing.serving.perMillion", SizingPrices.price(shown, currency), "");
    }

    /** "3 replicas · 3 instances · ¥12,345.00 / month", with "this plan is short" when it does not carry it. */
    static String traffic(PerformanceJson p, String currency) {
        if (p.replicasNeeded() == null) {
            return "";
        }
        String text = t("sizing.serving.traffic", p.replicasNeeded(), p.instancesNeeded(),
                SizingPrices.perMonth(p.monthlyPriceForTraffic(), currency), "");
        return Boolean.FALSE.equals(p.meetsTraffic()) ? text + " · " + t("sizing.serving.planShort") : text;
    }

    /**
     * "32 users · 4 in flight per replica · ≈ 41 tok/s per user · first token ≈ 95 ms · ≈ 24 ms per token", "full
     * load · …" when no users were stated, with the SLO's verdict when one was asked.
     */
    static String operatingPoint(PerformanceJson p) {
        if (p.perUserTokensPerSecond() == null) {
            return "";
        }
        String who = p.concurrentUsers() == null ? t("sizing.serving.fullLoad")
                : t("sizing.serving.users", p.concurrentUsers());
        String ttft = p.timeToFirstTokenAtLoadMs().doubleValue() < 1000
                ? t("sizing.serving.ms", whole(p.timeToFirstTokenAtLoadMs()))
                : t("sizing.serving.seconds", String.format(Locale.ROOT, "%.1f",
                        p.timeToFirstTokenAtLoadMs().doubleValue() / 1000));
        String text = t("sizing.serving.operatingPoint", who, p.operatingBatchPerReplica(),
                p.perUserTokensPerSecond().setScale(0, RoundingMode.HALF_UP).toPlainString(), ttft,
                p.timePerOutputTokenMs().toPlainString());
        if (p.meetsSlo() == null) {
            return text;
        }
        return text + " · " + t(p.meetsSlo() ? "sizing.serving.sloMet" : "sizing.serving.sloMissed");
    }

    private static Locale locale() {
        UI ui = UI.getCurrent();
        return ui != null ? ui.getLocale() : Locale.ROOT;
    }

    private static String t(String key, Object... args) {
        UI ui = UI.getCurrent();
        return ui != null ? ui.getTranslation(key, args) : key;
    }
}
