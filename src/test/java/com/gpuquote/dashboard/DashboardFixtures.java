package com.gpuquote.dashboard;

import com.gpuquote.Api;
import com.gpuquote.SignedIn;
import com.gpuquote.TestTenants;
import com.gpuquote.catalog.Provider;
import com.gpuquote.customer.Contact;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerDraft;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectDraft;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.portal.PortalFixtures;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.pricing.NewPriceList;
import com.gpuquote.pricing.PriceList;
import com.gpuquote.pricing.PriceListService;
import com.gpuquote.quote.AsUser;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteWorkflow;
import com.gpuquote.quote.SentQuote;
import com.gpuquote.security.Role;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.security.UserId;
import com.gpuquote.user.UserService;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * A tenant with a known set of quotes for the dashboard tests (expected figures are computed by hand in
 * {@code DashboardFiguresTest}). Prices (list / cost, CNY): A10 (ecs.gni2.3xlarge) hourly 8 / 4, monthly 5000 / 2500,
 * yearly 54000 / 27000; L20 (ecs.gni3cl.5xlarge) monthly 9000 / 6000; margin floor 5 %.
 * <pre>
 * Q1 C1 X 2025-03-10 accepted B  A: A10 hourly ×1 12 mo; B: A10 monthly ×2 12 mo −10 % + service 500/month
 * Q2 C1 Y 2025-04-05 rejected    A10 hourly ×1 1 mo
 * Q3 C2 Y 2025-04-20 accepted A  L20 monthly ×1 12 mo −5 % + one-time 2000
 * Q4 C2 Z 2025-03-01 00:05 sent  A10 monthly ×1 6 mo
 * Q5 C1 Z 2025-04-30 23:30 draft A10 hourly ×1 1 mo (not priced)
 * Q6 C2 X 2025-03-25 expired     A10 yearly ×1 12 mo
 * Q7 C1 X 2025-05-01 00:10 sent  A10 monthly ×1 1 mo (outside March–April)
 * </pre>
 * All times China time. Afterwards price list v2 is published: A10 monthly re-priced, A10 yearly removed,
 * L20 hourly added (4 rows).
 */
@Component
public class DashboardFixtures {

    public static final String A10 = PortalFixtures.A10;
    public static final String L20 = "ecs.gni3cl.5xlarge";
    public static final ZoneId CHINA = ZoneId.of("Asia/Shanghai");

    public record Seeded(TestTenants.TestTenant tenant, String consultant2Email, UserId consultant1,
                         UserId consultant2, String customerX, String customerY, String customerZ,
                         Map<String, QuoteId> quotes) {
    }

    private final TestTenants tenants;
    private final PortalFixtures portal;
    private final AsUser as;
    private final PriceListService priceLists;
    private final CustomerService customers;
    private final ProjectService projects;
    private final QuoteDrafting quoteDrafting;
    private final QuoteQueries quoteQueries;
    private final QuoteWorkflow quoteWorkflow;
    private final UserService users;
    private final PortalThrottle throttle;
    private final SignedIn signedIn;

    private final Clock clock;

    public DashboardFixtures(TestTenants tenants, PortalFixtures portal, AsUser as, PriceListService priceLists,
                             CustomerService customers, ProjectService projects, QuoteDrafting quoteDrafting, QuoteQueries quoteQueries, QuoteWorkflow quoteWorkflow,
                             UserService users, PortalThrottle throttle, SignedIn signedIn, Clock clock) {
        this.clock = clock;
        this.signedIn = signedIn;
        this.tenants = tenants;
        this.portal = portal;
        this.as = as;
        this.priceLists = priceLists;
        this.customers = customers;
        this.projects = projects;
        this.quoteDrafting = quoteDrafting;
        this.quoteQueries = quoteQueries;
        this.quoteWorkflow = quoteWorkflow;
        this.users = users;
        this.throttle = throttle;
    }

    public Seeded seed(String baseUrl) {
        TestTenants.TestTenant t = tenants.create();
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String consultant2 = "consultant2-" + suffix + "@test.example";
        SystemAuthentication.asPlatformAdmin(() -> users.createAccountIfAbsent(t.tenant().id(), consultant2,
                "Consultant2 " + suffix, Set.of(Role.CONSULTANT), TestTenants.PASSWORD));
        publish(t.adminEmail(), clock.instant().minus(Duration.ofDays(1)), """
                VOLCENGINE,cn-beijing,%1$s,HOURLY,8.0000,4.0000,CNY
                VOLCENGINE,cn-beijing,%1$s,MONTHLY,5000.0000,2500.0000,CNY
                VOLCENGINE,cn-beijing,%1$s,YEARLY,54000.0000,27000.0000,CNY
                VOLCENGINE,cn-beijing,%2$s,MONTHLY,9000.0000,6000.0000,CNY
                """.formatted(A10, L20));

        String x = "客户X " + suffix;
        String y = "客户Y " + suffix;
        String z = "客户Z " + suffix;
        Project px = project(t.consultantEmail(), x);
        Project py = project(t.consultantEmail(), y);
        Project pz = project(t.consultantEmail(), z);

        QuoteInput.Line a10HourlyYear = QuoteInput.Line.of(A10, "cn-beijing", BillingMode.HOURLY, 1, 12);
        QuoteInput.Line a10MonthlyTwo = QuoteInput.Line.of(A10, "cn-beijing", BillingMode.MONTHLY, 2, 12)
                .withManualDiscount(new BigDecimal("10"));
        QuoteId q1 = quote(t.consultantEmail(), px, List.of(
                new QuoteInput.Option("A", List.of(a10HourlyYear), List.of()),
                new QuoteInput.Option("B", List.of(a10MonthlyTwo), List.of(QuoteInput.Service.monthly("运维", "500")))),
                true);
        QuoteId q2 = quote(t.consultantEmail(), py, List.of(new QuoteInput.Option("A",
                List.of(QuoteInput.Line.of(A10, "cn-beijing", BillingMode.HOURLY, 1, 1)), List.of())), true);
        QuoteId q3 = quote(consultant2, py, List.of(new QuoteInput.Option("A",
                List.of(QuoteInput.Line.of(L20, "cn-beijing", BillingMode.MONTHLY, 1, 12)
                        .withManualDiscount(new BigDecimal("5"))),
                List.of(QuoteInput.Service.oneTime("部署", "2000")))), true);
        QuoteId q4 = quote(consultant2, pz, List.of(new QuoteInput.Option("A",
                List.of(QuoteInput.Line.of(A10, "cn-beijing", BillingMode.MONTHLY, 1, 6)), List.of())), true);
        QuoteId q5 = quote(t.consultantEmail(), pz, List.of(new QuoteInput.Option("A",
                List.of(QuoteInput.Line.of(A10, "cn-beijing", BillingMode.HOURLY, 1, 1)), List.of())), false);
        QuoteId q6 = quote(consultant2, px, List.of(new QuoteInput.Option("A",
                List.of(QuoteInput.Line.of(A10, "cn-beijing", BillingMode.YEARLY, 1, 12)), List.of())), true);
        QuoteId q7 = quote(t.consultantEmail(), px, List.of(new QuoteInput.Option("A",
                List.of(QuoteInput.Line.of(A10, "cn-beijing", BillingMode.MONTHLY, 1, 1)), List.of())), true);

        throttle.reset("127.0.0.1");
        Api customer = Api.anonymous(baseUrl);
        accept(customer, t.consultantEmail(), q1, "B");
        accept(customer, consultant2, q3, "A");
        var rejected = customer.post("/portal/api/" + token(t.consultantEmail(), q2) + "/reject",
                Map.of("reason", "预算不足"));
        if (rejected.status() != 200) {
            throw new IllegalStateException(rejected.body());
        }
        createdAt(t, q1, LocalDateTime.of(2025, 3, 10, 10, 0));
        createdAt(t, q2, LocalDateTime.of(2025, 4, 5, 9, 0));
        createdAt(t, q3, LocalDateTime.of(2025, 4, 20, 15, 0));
        createdAt(t, q4, LocalDateTime.of(2025, 3, 1, 0, 5));
        createdAt(t, q5, LocalDateTime.of(2025, 4, 30, 23, 30));
        createdAt(t, q6, LocalDateTime.of(2025, 3, 25, 11, 0));
        createdAt(t, q7, LocalDateTime.of(2025, 5, 1, 0, 10));
        portal.inTenant(t.tenant().id(), () -> portal.jdbc()
                .sql("update quotes set valid_until = ? where tenant_id = ? and id = ?")
                .params(LocalDate.now(clock.withZone(CHINA)).minusDays(2), t.tenant().id().value(), q6.value()).update());

        publish(t.adminEmail(), clock.instant().minus(Duration.ofMinutes(5)), """
                VOLCENGINE,cn-beijing,%1$s,HOURLY,8.0000,4.0000,CNY
                VOLCENGINE,cn-beijing,%1$s,MONTHLY,5200.0000,2500.0000,CNY
                VOLCENGINE,cn-beijing,%2$s,MONTHLY,9000.0000,6000.0000,CNY
                VOLCENGINE,cn-beijing,%2$s,HOURLY,13.0000,8.0000,CNY
                """.formatted(A10, L20));
        UserId c1 = signedIn.load(t.consultantEmail()).userId();
        UserId c2 = signedIn.load(consultant2).userId();
        return new Seeded(t, consultant2, c1, c2, x, y, z,
                Map.of("Q1", q1, "Q2", q2, "Q3", q3, "Q4", q4, "Q5", q5, "Q6", q6, "Q7", q7));
    }

    private void publish(String adminEmail, Instant from, String rows) {
        String csv = "provider,region,instance_type,billing_mode,list_price,cost_price,currency\n" + rows;
        as.run(adminEmail, () -> {
            PriceList draft = priceLists.createDraft(NewPriceList.empty("dash " + UUID.randomUUID(),
                    Provider.VOLCENGINE, from));
            priceLists.applyImport(draft.id(), csv.getBytes(StandardCharsets.UTF_8), null);
            priceLists.publish(draft.id(), from, null);
        });
    }

    private Project project(String consultant, String customerName) {
        return as.call(consultant, () -> {
            Customer c = customers.create(new CustomerDraft(customerName, null, "", "zh-CN", "",
                    List.of(new Contact("张三", "zhang@customer.example", null, "CTO")), null));
            return projects.create(new ProjectDraft(c.id(), "训练集群", ""));
        });
    }

    private final Map<QuoteId, String> tokens = new java.util.concurrent.ConcurrentHashMap<>();

    private QuoteId quote(String consultant, Project p, List<QuoteInput.Option> options, boolean send) {
        return as.call(consultant, () -> {
            QuoteDetails q = quoteDrafting.create(new NewQuote(p.id(), null, options));
            if (send) {
                quoteWorkflow.submit(q.id());
                SentQuote sent = quoteWorkflow.sendWithLink(q.id());
                String url = sent.portalUrl();
                tokens.put(q.id(), url.substring(url.indexOf("/portal/q/") + "/portal/q/".length()));
            }
            return q.id();
        });
    }

    private String token(String consultant, QuoteId id) {
        return tokens.get(id);
    }

    private void accept(Api customer, String consultant, QuoteId id, String option) {
        QuoteDetails q = as.call(consultant, () -> quoteQueries.get(id));
        String optionId = q.options().stream().filter(o -> o.name().name().equals(option)).findFirst()
                .orElseThrow().id().toString();
        var ok = customer.post("/portal/api/" + token(consultant, id) + "/accept", Map.of("optionId", optionId,
                "signerName", "张三", "signerEmail", "zhang@customer.example", "agree", true));
        if (ok.status() != 200) {
            throw new IllegalStateException(ok.body());
        }
    }

    /**
     * Backdates a quote, as if it had been created then. The application never changes a quote's creation time, so the
     * accepted quote's figures keyed by it (V86) move with it here, as they would have been written then.
     */
    private void createdAt(TestTenants.TestTenant t, QuoteId id, LocalDateTime china) {
        Timestamp at = Timestamp.from(china.atZone(CHINA).toInstant());
        portal.inTenant(t.tenant().id(), () -> {
            portal.jdbc().sql("update quotes set created_at = ? where tenant_id = ? and id = ?")
                    .params(at, t.tenant().id().value(), id.value()).update();
            portal.jdbc().sql("update quote_accepted_gpu_figures set created_at = ? where tenant_id = ? and quote_id = ?")
                    .params(at, t.tenant().id().value(), id.value()).update();
            return portal.jdbc().sql("update quote_accepted_figures set created_at = ? where tenant_id = ? and quote_id = ?")
                    .params(at, t.tenant().id().value(), id.value()).update();
        });
    }
}
