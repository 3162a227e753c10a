package com.gpuquote.quote.pdf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.quote.SizingRef;
import com.gpuquote.shared.I18n;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What an instance line is, in words, for the quote document (issue 16): the hardware from the catalog ("8 × H800
 * 80 GiB · 128 vCPU · 1,024 GiB RAM · 7,000 GiB NVMe · 200 Gbps RDMA") and, for a line added from sizing, the fit,
 * the parallelism plan and the training estimate carried by the sizing candidate, labelled as estimates. Prices in the
 * candidate stay out. An unreadable candidate only drops the sizing part.
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

    public static String describe(Optional<InstanceType> type, SizingRef sizing, ObjectMapper json, Locale locale) {
        return description(type, sizing, json, locale).text();
    }

    public static Description description(Optional<InstanceType> type, SizingRef sizing, ObjectMapper json,
                                          Locale locale) {
        Description s = sizingParts(sizing, json, locale);
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

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The fit, plan and estimate of a line added from sizing, as the document says them (the quote editor too). */
    public static Optional<String> sizing(SizingRef sizing, Locale locale) {
        return sizing(sizing, JSON, locale);
    }

    static Optional<String> sizing(SizingRef sizing, ObjectMapper json, Locale locale) {
        return sizingParts(sizing, json, locale).sizingText();
    }

    private static final Description NONE = new Description(null, null, null, List.of());

    private static Description sizingParts(SizingRef sizing, ObjectMapper json, Locale locale) {
        if (sizing == null || sizing.candidateJson() == null || sizing.candidateJson().isBlank()) {
            return NONE;
        }
        try {
            JsonNode c = json.readTree(sizing.candidateJson());
            String fit = null;
            String plan = null;
            List<String> estimates = new ArrayList<>();
            if (c.path("perGpuTotalGiB").isNumber() && c.path("vramPerGpuGiB").isNumber()) {
                fit = I18n.get(locale, "quote.pdf.line.fit", c.get("perGpuTotalGiB").asText(),
                        plain(c.get("vramPerGpuGiB").asDouble()), c.path("vramUsedPct").asText(""),
                        c.path("ramNeedGiB").asText(""), plain(c.path("ramGiB").asDouble()));
            }
            if (c.hasNonNull("planDescription")) {
                plan = I18n.get(locale, "quote.pdf.line.plan", c.get("planDescription").asText());
            }
            JsonNode p = c.path("performance");
            if (p.path("trainingHours").isNumber() && p.hasNonNull("jobCost")) {
                estimates.add(I18n.get(locale, "quote.pdf.line.training", p.get("trainingHours").asText(),
                        p.get("jobCost").asText()));
            }
            if (p.path("outputTokensPerSecond").isNumber() && p.hasNonNull("costPerMillionOutputTokens")) {
                estimates.add(I18n.get(locale, "quote.pdf.line.serving", plain(Math.rint(p.get("outputTokensPerSecond")
                                .asDouble())), plain(Math.rint(p.path("timeToFirstTokenMs").asDouble())),
                        new java.math.BigDecimal(p.get("costPerMillionOutputTokens").asText())
                                .setScale(2, java.math.RoundingMode.HALF_UP).toPlainString()));
            }
            return new Description(null, fit, plan, estimates);
        } catch (com.fasterxml.jackson.core.JsonProcessingException | RuntimeException e) {
            return NONE;
        }
    }

    private static String plain(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%,d", (long) v) : String.format(Locale.ROOT, "%,.1f", v);
    }
}
