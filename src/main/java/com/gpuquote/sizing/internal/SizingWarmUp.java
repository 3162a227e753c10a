package com.gpuquote.sizing.internal;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.sizing.engine.CandidateInstance;
import com.gpuquote.sizing.engine.Precision;
import com.gpuquote.sizing.engine.RatioPolicy;
import com.gpuquote.sizing.engine.Recommender;
import com.gpuquote.sizing.engine.ServingPlanner;
import com.gpuquote.sizing.engine.SizingInput;
import com.gpuquote.sizing.engine.Workload;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.awt.Rectangle;
import java.math.BigDecimal;
import java.util.List;

/**
 * Warms the sizing view's first load after a start (issue 12: its first load in production took 1.9 s, the others
 * about 1 s): in the background, once the application is ready, it draws one server-side chart (JFreeChart's fonts
 * and AWT start once per JVM) and runs the sizing engine, recommender and serving model on the view's default input
 * with a small synthetic catalog, so the JIT has compiled them. Touches no tenant data and no database.
 */
@Component
@org.springframework.boot.autoconfigure.condition.ConditionalOnProperty(name = "gpuquote.warm-up", havingValue = "true",
        matchIfMissing = true)
class SizingWarmUp {

    private static final Logger log = LoggerFactory.getLogger(SizingWarmUp.class);
    static final int ROUNDS = 200;

    @EventListener(ApplicationReadyEvent.class)
    void warmUp() {
        Thread t = new Thread(() -> run(), "sizing-warm-up");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /** Runs the warm-up; returns how many candidates the last round ranked (0 when it was skipped). */
    static int run() {
        long start = System.nanoTime();
        int ranked = 0;
        try {
            XYSeries s = new XYSeries("warm-up");
            s.add(1, 1);
            s.add(2, 3);
            JFreeChart chart = ChartFactory.createScatterPlot("warm-up", "x", "y", new XYSeriesCollection(s));
            SVGGraphics2D g = new SVGGraphics2D(320, 200);
            chart.draw(g, new Rectangle(0, 0, 320, 200));
            g.getSVGDocument();

            SizingInput input = SizingInput.builder(Workload.INFERENCE).preset("llama-3-8b").precision(Precision.BF16)
                    .microBatchSize(1).sequenceLength(4096).build();
            List<CandidateInstance> catalog = List.of(
                    new CandidateInstance("warm.a10", "A10-PCIE-24GB", 1, 24, 28, 116, BillingMode.HOURLY,
                            new BigDecimal("10"), "CNY", null, 125.0, 125.0, null, 250.0, 600, "PCIE", 64, 16, false),
                    new CandidateInstance("warm.h20", "H20-SXM5-96GB", 8, 96, 176, 1920, BillingMode.HOURLY,
                            new BigDecimal("100"), "CNY", null, 148.0, 148.0, 296.0, 296.0, 4000, "NVLINK", 900, 200,
                            true));
            for (int i = 0; i < ROUNDS; i++) {
                var r = Recommender.recommend(input, catalog, null, 10, RatioPolicy.defaults());
                ranked = ServingPlanner.plan(input, r.candidates(), catalog, null, null, null, 10).candidates().size();
            }
            log.info("Sizing warmed up in {} ms", (System.nanoTime() - start) / 1_000_000);
        } catch (RuntimeException | Error e) {
            log.debug("sizing warm-up skipped", e); // a warm-up is an optimisation, never a start failure
        }
        return ranked;
    }
}
