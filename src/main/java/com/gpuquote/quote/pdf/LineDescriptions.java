package com.gpuquote.quote.pdf;

import com.gpuquote.catalog.InstanceType;
import com.gpuquote.quote.ServingPrice;
import com.gpuquote.quote.SizingRef;
import com.gpuquote.shared.I18n;
import com.gpuquote.sizing.SizingHandover;
import com.gpuquote.sizing.SizingHandoverCodec;
import com.gpuquote.sizing.UnreadableHandoverException;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What an instance line is, in words, for the quote document (issue 16): the hardware from the catalog ("8 × H800
 * 80 GiB · 128 vCPU · 1,024 GiB RAM · 7,000 GiB NVMe · 200 Gbps RDMA") and, for a line added from sizing, the fit,
 * the parallelism plan and the training estimate carried by the sizing candidate, labelled as estimates. Prices in the
 * candidate stay out: the job cost and the price of a million output tokens are the line's own ({@link ServingPrice},
 * issue 39), and are left out when the line has no price. An unreadable candidate only drops the sizing part.
 */
public final class LineDescriptions {

    private LineDescriptions() {
    }

    /**
     * What one line is, part by part, so that the PDF (one paragraph, {@link #text()}) and the portal page (one element
     * per part) print the same words. Each part is null/empty when unknown.
     */
    public record Description(String hardware, String fit, String plan, List<String> estimates) {
        public Description {
            estimates = estimates == null ? List.of() : List.copyOf(estimates);
        }

        /** The parts joined as the PDF and the xlsx print them. */
        public String text() {
            List<String> parts = new ArrayList<>();
            if (hardware != null) {
                parts.add(hardware);
            }
            sizingText().ifPresent(parts::add);
            return String.join("; ", parts);
        }

        Optional<String> sizingText() {
            List<String> parts = new ArrayList<>();
            if (fit != null) {
                parts.add(fit);
            }
            if (plan != null) {
                parts.add(plan);
            }
            parts.addAll(estimates);
            return parts.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", parts));
        }

        boolean isEmpty() {
            return text().isEmpty();
        }
    }

    public static String describe(Optional<InstanceType> type, @Nullable SizingRef sizing,
                                  @Nullable ServingPrice price, Locale locale) {
        return description(type, sizing, price, locale).text();
    }

    /** What the line is; the estimates priced at {@code price}, the line's own (none: estimates without amounts). */
    public static Description description(Optional<InstanceType> type, @Nullable SizingRef sizing,
                                          @Nullable ServingPrice price, Locale locale) {
        Description s = sizingParts(sizing, price, locale);
        return new Description(type.map(t -> hardware(t, locale)).orElse(null), s.fit(), s.plan(), s.estimates());
    }

    static String hardware(InstanceType t, Locale locale) {
        StringBuilder s = new StringBuilder();
        if (t.gpuCount() > 0 && t.gpuModel() != null) {
            s.append(I18n.get(locale, "quote.pdf.line.gpus", t.gpuCount(), t.gpuModel().code(),
                    plain(t.gpuModel().vramGiB().doubleValue()))).append(" · ");
        }
        s.append(I18n.get(locale, "quote.pdf.line.host", t.vcpu(), plain(t.ramGiB().doubleValue())));
        if (t.localNvmeGiB() != null && t.localNvmeGiB().signum() > 0) {
            s.append(" · ").append(I18n.get(locale, "quote.pdf.line.nvme", plain(t.localNvmeGiB().doubleValue())));
        }
        if (t.networkGbps() != null && t.networkGbps().signum() > 0) {
            s.append(" · ").append(I18n.get(locale, t.rdma() ? "quote.pdf.line.networkRdma" : "quote.pdf.line.network",
                    plain(t.networkGbps().doubleValue())));
        }
        return s.toString();
    }

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(LineDescriptions.class);

    /** The fit, plan and estimate of a line added from sizing, as the document says them (the quote editor too). */
    public static Optional<String> sizing(@Nullable SizingRef sizing, @Nullable ServingPrice price, Locale locale) {
        return sizingParts(sizing, price, locale).sizingText();
    }

    private static final Description NONE = new Description(null, null, null, List.of());

    /**
     * The sizing parts from the hand-over ({@link SizingHandoverCodec}); none when the line has none or it cannot be
     * read (logged at DEBUG here: the customer portal, which shows the same quote to the customer, logs it at WARN
     * with the quote id).
     */
    private static Description sizingParts(@Nullable SizingRef sizing, @Nullable ServingPrice price, Locale locale) {
        SizingHandover c;
        try {
            c = SizingHandoverCodec.read(sizing == null ? null : sizing.candidateJson()).orElse(null);
        } catch (UnreadableHandoverException e) {
            LOG.debug("sizing part of a line left out: {}", e.getMessage());
            return NONE;
        }
        if (c == null) {
            return NONE;
        }
        String fit = null;
        String plan = null;
        List<String> estimates = new ArrayList<>();
        if (c.perGpuTotalGiB() != null && c.vramPerGpuGiB() != null) {
            fit = I18n.get(locale, "quote.pdf.line.fit", c.perGpuTotalGiB().toString(), plain(c.vramPerGpuGiB()),
                    text(c.vramUsedPct()), text(c.ramNeedGiB()), plain(c.ramGiB() == null ? 0 : c.ramGiB()));
        }
        if (c.planDescription() != null) {
            plan = I18n.get(locale, "quote.pdf.line.plan", c.planDescription());
        }
        SizingHandover.Performance p = c.performance();
        if (p != null && p.trainingHours() != null) {
            java.math.BigDecimal jobCost = price == null ? null : price.jobCost(c);
            estimates.add(jobCost == null
                    ? I18n.get(locale, "quote.pdf.line.trainingUnpriced", p.trainingHours().toString())
                    : I18n.get(locale, "quote.pdf.line.training", p.trainingHours().toString(),
                    jobCost.setScale(2, java.math.RoundingMode.HALF_UP).toPlainString()));
        }
        if (p != null && p.outputTokensPerSecond() != null) {
            java.math.BigDecimal perMillion = price == null ? null : price.perMillionOutputTokens(c);
            String tokens = plain(Math.rint(p.outputTokensPerSecond()));
            String ttft = plain(Math.rint(p.timeToFirstTokenMs() == null ? 0 : p.timeToFirstTokenMs()));
            estimates.add(perMillion == null ? I18n.get(locale, "quote.pdf.line.servingUnpriced", tokens, ttft)
                    : I18n.get(locale, "quote.pdf.line.serving", tokens, ttft,
                    perMillion.setScale(2, java.math.RoundingMode.HALF_UP).toPlainString()));
        }
        if (p != null && p.instancesNeeded() != null && p.replicasNeeded() != null && p.inputTokens() != null
                && p.outputTokens() != null) {
            estimates.add(I18n.get(locale, "quote.pdf.line.capacity", p.replicasNeeded(), p.instancesNeeded(),
                    p.inputTokens(), p.outputTokens()));
        }
        if (p != null && p.requestsPerSecond() != null) {
            estimates.add(I18n.get(locale, "quote.pdf.line.traffic", plain(p.requestsPerSecond())));
        }
        if (p != null && (p.ttftSloMs() != null || p.tpotSloMs() != null)) {
            String ttft = p.ttftSloMs() == null ? "—" : plain(p.ttftSloMs());
            String tpot = p.tpotSloMs() == null ? "—" : plain(p.tpotSloMs());
            estimates.add(I18n.get(locale, Boolean.FALSE.equals(p.meetsSlo()) ? "quote.pdf.line.sloMissed"
                    : "quote.pdf.line.slo", ttft, tpot));
        }
        if (p != null && p.concurrentUsers() != null && p.perUserTokensPerSecond() != null
                && p.timeToFirstTokenAtLoadMs() != null && p.timePerOutputTokenMs() != null) {
            estimates.add(I18n.get(locale, "quote.pdf.line.users", p.concurrentUsers(),
                    plain(Math.rint(p.perUserTokensPerSecond())), plain(Math.rint(p.timeToFirstTokenAtLoadMs())),
                    plain(Math.rint(p.timePerOutputTokenMs() * 10) / 10)));
        }
        return new Description(null, fit, plan, estimates);
    }

    /** A number as the hand-over's JSON said it (as JSON text would print it); empty when absent. */
    private static String text(@Nullable Double v) {
        return v == null ? "" : v.toString();
    }

    private static String plain(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%,d", (long) v) : String.format(Locale.ROOT, "%,.1f", v);
    }
}
