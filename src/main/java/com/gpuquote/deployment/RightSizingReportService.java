package com.gpuquote.deployment;

import com.gpuquote.shared.Roles;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.shared.DisplayFormat;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.pdf.PdfCanvas;
import com.gpuquote.shared.pdf.PdfCanvas.Align;
import com.gpuquote.shared.pdf.PdfDocuments;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.tenancy.TenantBrandingService;
import com.gpuquote.tenancy.TenantLogo;
import com.gpuquote.tenancy.TenantService;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.awt.Color;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The right-sizing report for the customer, in the customer's language (zh-CN or English): the deployment, the
 * window's figures, the verdicts with their proposed change and monthly effect, and the charts (the same JFreeChart
 * code as the view, as PNG). Written through the application's one PDF path ({@link PdfDocuments}). No cost or
 * margin: only the customer's own prices.
 */
@Service
@PreAuthorize(Roles.IS_TENANT_STAFF)
public class RightSizingReportService {

    public record Pdf(String fileName, byte[] content) {
    }

    private static final float TITLE = 18, HEAD = 12, BODY = 9, SMALL = 8;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(BusinessCalendar.ZONE);

    private final RightSizingService rightSizing;
    private final ProjectService projects;
    private final CustomerService customers;
    private final TenantService tenants;
    private final TenantBrandingService branding;
    private final Clock clock;

    RightSizingReportService(RightSizingService rightSizing, ProjectService projects, CustomerService customers,
                             TenantService tenants, TenantBrandingService branding, Clock clock) {
        this.rightSizing = rightSizing;
        this.projects = projects;
        this.customers = customers;
        this.tenants = tenants;
        this.branding = branding;
        this.clock = clock;
    }

    @Transactional(readOnly = true)
    public Pdf render(DeploymentId id, AnalysisWindow window) {
        DeploymentAnalysis a = rightSizing.analyse(id, window);
        UsageSeries series = rightSizing.series(id, window);
        Project project = projects.get(a.deployment().projectId());
        Customer customer = customers.get(project.customerId());
        Locale locale = I18n.fromTag(customer.language());
        String tenantName = tenants.current().name();
        byte[] logo = branding.logo().map(TenantLogo::bytes).orElse(null);
        List<byte[]> charts = new ArrayList<>();
        for (UsageCharts.Kind kind : UsageCharts.Kind.values()) {
            charts.add(UsageCharts.png(UsageCharts.chart(kind, series, locale), UsageCharts.WIDTH, UsageCharts.HEIGHT, 2));
        }
        byte[] pdf = PdfDocuments.write(I18n.get(locale, "deployment.report.title") + " " + a.deployment().instanceType(),
                tenantName, I18n.get(locale, "deployment.report.page", "{0}", "{1}"),
                c -> new Writer(c, locale, a, project, customer, tenantName, logo, charts).write());
        String day = BusinessCalendar.today(clock).toString();
        return new Pdf("rightsizing-" + a.deployment().instanceType() + "-" + day + ".pdf", pdf);
    }

    private record Writer(PdfCanvas c, Locale locale, DeploymentAnalysis a, Project project, Customer customer,
                          String tenantName, byte[] logo, List<byte[]> charts) {

        void write() {
            if (logo != null) {
                c.image(logo, 40);
            }
            c.text(tenantName, TITLE, new Color(20, 70, 140));
            c.text(t("deployment.report.title"), HEAD, Color.BLACK);
            c.text(t("deployment.report.for", customer.name(), project.name()), BODY, Color.DARK_GRAY);
            c.text(t("deployment.report.window", TIME.format(a.window().from()), TIME.format(a.window().to())), BODY,
                    Color.DARK_GRAY);
            c.rule();
            Deployment d = a.deployment();
            c.text(t("deployment.report.deployment"), HEAD, Color.BLACK);
            c.paragraph(t("deployment.report.deploymentLine", d.count(), d.instanceType(), a.gpusPerInstance(),
                    a.instanceGpuModel(), num(a.vramPerGpuGiB()), num(a.ramGiB()), d.region(),
                    t("deployment.mode." + d.billingMode().name()), d.since().toString(),
                    a.currentMonthlyPrice() == null ? "–" : DisplayFormat.amount(a.currentMonthlyPrice()),
                    a.currency() == null ? "" : a.currency()), BODY);
            c.gap(6);
            c.text(t("deployment.report.figures"), HEAD, Color.BLACK);
            if (!a.hasData()) {
                c.paragraph(t("deployment.view.noData"), BODY);
            } else {
                figures();
            }
            for (com.gpuquote.deployment.HardwareMismatch m : a.hardwareMismatches()) {
                c.paragraph(t("deployment.analysis.hardwareMismatch",
                        TIME.format(m.samplesFrom()),
                        TIME.format(m.samplesTo()),
                        String.join(t("deployment.hardware.separator"),
                                m.differences().stream().map(x -> x.message(locale)).toList())), BODY);
            }
            c.gap(6);
            c.text(t("deployment.report.verdicts"), HEAD, Color.BLACK);
            for (Verdict v : a.verdicts()) {
                c.paragraph("• " + t("deployment.verdict." + v.code().name()) + ": " + v.message(locale), BODY);
            }
            proposals();
            c.text(t("deployment.report.gib"), SMALL, Color.GRAY);
            if (a.hasData()) {
                c.newPage();
                c.text(t("deployment.report.charts"), HEAD, Color.BLACK);
                for (byte[] png : charts) {
                    c.picture(png, 150);
                }
            }
        }

        private void figures() {
            float[] w = {260, 120, 120, 120};
            Align[] al = {Align.LEFT, Align.RIGHT, Align.RIGHT, Align.RIGHT};
            c.row(w, al, List.of(t("deployment.report.metric"), "p50", "p95", t("deployment.report.max")), BODY, true, Color.BLACK);
            UsageFigures.GpuFigures g = a.gpu();
            c.row(w, al, List.of(t("deployment.figure.vramUsedPct"), pct(g.vramUsedPctP50()), pct(g.vramUsedPctP95()),
                    pct(g.vramUsedPctMax())), BODY, false, Color.BLACK);
            c.row(w, al, List.of(t("deployment.metric.GPU_UTIL"), "", pct(g.utilizationPctP95()), ""), BODY, false, Color.BLACK);
            c.row(w, al, List.of(t("deployment.metric.SM_ACTIVE"), "", pct(g.smActivePctP95()), ""), BODY, false, Color.BLACK);
            c.row(w, al, List.of(t("deployment.figure.ramUsedPct"), "", pct(a.host().ramUsedPctP95()), ""), BODY, false, Color.BLACK);
            if (a.ratio() != null) {
                c.paragraph(t("deployment.figure.ratio", num(a.ratio().ramToVram()), num(a.ratio().bandMin()),
                        num(a.ratio().bandMax()), t("deployment.ratio." + a.ratio().status())), BODY);
            }
        }

        private void proposals() {
            List<Verdict> quotable = a.verdicts().stream().filter(Verdict::quotable).toList();
            if (quotable.isEmpty()) {
                return;
            }
            c.gap(6);
            c.text(t("deployment.report.proposals"), HEAD, Color.BLACK);
            float[] w = {200, 180, 60, 110, 110, 110};
            Align[] al = {Align.LEFT, Align.LEFT, Align.RIGHT, Align.LEFT, Align.RIGHT, Align.RIGHT};
            c.row(w, al, List.of(t("deployment.report.verdict"), t("deployment.field.instanceType"),
                    t("deployment.field.count"), t("deployment.field.billingMode"), t("deployment.report.monthly"),
                    t("deployment.report.effect")), BODY, true, Color.BLACK);
            for (Verdict v : quotable) {
                BigDecimal effect = v.monthlySaving() == null ? null : v.monthlySaving().negate();
                c.row(w, al, List.of(t("deployment.verdict." + v.code().name()), v.instanceType(),
                        String.valueOf(v.instances()), t("deployment.mode." + v.billingMode().name()),
                        DisplayFormat.amount(v.monthlyPrice()) + " " + v.currency(),
                        effect == null ? "–" : (effect.signum() > 0 ? "+" : "") + DisplayFormat.amount(effect)),
                        BODY, false, Color.BLACK);
            }
        }

        private String t(String key, Object... args) {
            return I18n.get(locale, key, args);
        }

        private static String pct(Double v) {
            return v == null ? "–" : BigDecimal.valueOf(v).setScale(1, RoundingMode.HALF_UP).toPlainString() + " %";
        }

        private static String num(double v) {
            return BigDecimal.valueOf(v).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
        }
    }
}
