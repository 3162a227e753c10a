package com.gpuquote.quote;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.domain.QuoteLine;
import com.gpuquote.quote.domain.QuoteOption;
import com.gpuquote.quote.pdf.QuotePdfData;
import com.gpuquote.quote.pdf.QuotePdfRenderer;
import com.gpuquote.quote.pricing.InstanceFacts;
import com.gpuquote.quote.pricing.PricedQuote;
import com.gpuquote.quote.pricing.PricingPolicy;
import com.gpuquote.quote.pricing.QuotePricer;
import com.gpuquote.shared.I18n;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * µs to price a quote of 4 options × 25 lines (every line's waterfall and its billing-mode comparison) and ms to
 * render that quote's Chinese PDF, without the database: in-memory price and catalog lookups. Run:
 * {@code mvn -Pbench -DskipTests test-compile exec:exec -Djmh.args="-f 1 -wi 3 -w 2s -i 5 -r 2s QuoteBench"}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@Fork(1)
public class QuoteBench {

    private static final String REGION = "cn-beijing";
    private static final String[] TYPES = {"ml.gni3cl.11xlarge", "ml.gni2.3xlarge", "ml.gni3.5xlarge",
            "ml.hpcpni2.28xlarge", "ml.g1v.8xlarge"};

    QuotePricer pricer;
    List<QuoteOption> options;
    List<OptionView> priced;

    @Setup
    public void setUp() {
        pricer = new QuotePricer(
                (type, region, mode) -> mode == BillingMode.SPOT ? Optional.empty()
                        : Optional.of(new PricePoint(new BigDecimal(mode == BillingMode.HOURLY ? "38.5000" : "21000"),
                        new BigDecimal("14000"))),
                type -> Optional.of(new InstanceFacts(type, "ml.gni", "A800", 8)),
                new PricingPolicy(new BigDecimal("0.15"), new BigDecimal("0.06")));
        options = new ArrayList<>();
        for (OptionName name : List.of(OptionName.A, OptionName.B, OptionName.C, OptionName.D)) {
            List<QuoteLine> lines = new ArrayList<>();
            for (int l = 0; l < 25; l++) {
                lines.add(QuoteLine.of(TYPES[(name.ordinal() + l) % TYPES.length], REGION,
                        l % 3 == 0 ? BillingMode.HOURLY : BillingMode.MONTHLY, 1 + l % 4, 1 + l % 12));
            }
            options.add(QuoteOption.of(name, lines, List.of(ServiceLine.oneTime("部署服务", "8000.00"))));
        }
        priced = pricer.price(options, null, LocalDate.of(2026, 12, 1)).consultantView();
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public PricedQuote price4x25() {
        return pricer.price(options, null, LocalDate.of(2026, 12, 1));
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public byte[] pdf4x25() {
        return new QuotePdfRenderer().render(new QuotePdfData("三飞云科技", null, "北京深度求索人工智能有限公司",
                I18n.CHINESE, "Q-2026-0042", 1, LocalDate.of(2026, 12, 1), LocalDate.of(2026, 12, 31), "CNY",
                priced, null));
    }
}
