package com.gpuquote.portal;

import com.gpuquote.TestTenants;
import com.gpuquote.catalog.Provider;
import com.gpuquote.customer.Contact;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerDraft;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectDraft;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.pricing.NewPriceList;
import com.gpuquote.pricing.PriceList;
import com.gpuquote.pricing.PriceListService;
import com.gpuquote.quote.AsUser;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteWorkflow;
import com.gpuquote.quote.SentQuote;
import com.gpuquote.quote.SizingRef;
import com.gpuquote.tenancy.TenantContext;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

/** A tenant with prices, a customer with a contact, a project and a sent two-option quote (A hourly, B monthly). */
@Component
public class PortalFixtures {

    public static final String A10 = "ecs.gni2.3xlarge";
    /** A sizing candidate as the recommender produces it (its prices must never reach the customer). */
    public static final String CANDIDATE = """
            {"instanceType":"ecs.gni2.3xlarge","gpuModel":"A10","instances":2,"gpuCount":2,"gpusPerInstance":1,
             "vramPerGpuGiB":24.0,"perGpuTotalGiB":19.5,"vramUsedPct":81.3,"ramGiB":92.0,"ramNeedGiB":40.0,
             "ramToVramRatio":3.8,"ratioStatus":"OK","billingMode":"HOURLY","unitPrice":7.7777,
             "monthlyPrice":5677.72,"currency":"CNY","warnings":[],"planDescription":"2 个副本，每个 1 × A10",
             "performance":{"estimate":true,"trainingHours":12.5,"gpuHours":25.0,"jobCost":"194.44"}}""";
    /** A serving line's candidate (issue 15): throughput at full load and the cost of a million output tokens. */
    public static final String SERVING_CANDIDATE = """
            {"instanceType":"ecs.gni2.3xlarge","gpuModel":"A10","instances":2,"gpuCount":2,"gpusPerInstance":1,
             "vramPerGpuGiB":24.0,"perGpuTotalGiB":19.5,"vramUsedPct":81.3,"ramGiB":92.0,"ramNeedGiB":40.0,
             "ramToVramRatio":3.8,"ratioStatus":"OK","billingMode":"HOURLY","unitPrice":7.7777,
             "monthlyPrice":5677.72,"currency":"CNY","warnings":[],"planDescription":"2 个副本，每个 1 × A10",
             "performance":{"estimate":true,"outputTokensPerSecond":1903,"maxConcurrentSequences":24,
                            "timeToFirstTokenMs":180,"costPerMillionOutputTokens":"0.8367","inputTokens":3072,
                            "outputTokens":1024}}""";

    public record Sent(TestTenants.TestTenant tenant, Customer customer, Project project, QuoteDetails quote,
                       String portalUrl, String token) {
        public QuoteId quoteId() {
            return quote.id();
        }

        public TenantId tenantId() {
            return tenant.tenant().id();
        }

        public String optionId(String name) {
            return quote.options().stream().filter(o -> o.name().name().equals(name)).findFirst().orElseThrow()
                    .id().toString();
        }
    }

    private final TestTenants testTenants;
    private final AsUser as;
    private final PriceListService priceLists;
    private final CustomerService customers;
    private final ProjectService projects;
    private final QuoteDrafting quoteDrafting;
    private final QuoteWorkflow quoteWorkflow;
    private final JdbcClient jdbc;
    private final TransactionTemplate tx;
    private final PortalLinks links;
    private final com.gpuquote.user.UserService users;

    public static final String CUSTOMER_PASSWORD = "Customer-Password-2026!";

    private final Clock clock;

    public PortalFixtures(TestTenants testTenants, AsUser as, PriceListService priceLists, CustomerService customers,
                          ProjectService projects, QuoteDrafting quoteDrafting, QuoteWorkflow quoteWorkflow, JdbcClient jdbc, PlatformTransactionManager txm,
                          PortalLinks links, com.gpuquote.user.UserService users, Clock clock) {
        this.clock = clock;
        this.links = links;
        this.users = users;
        this.testTenants = testTenants;
        this.as = as;
        this.priceLists = priceLists;
        this.customers = customers;
        this.projects = projects;
        this.quoteDrafting = quoteDrafting;
        this.quoteWorkflow = quoteWorkflow;
        this.jdbc = jdbc;
        this.tx = new TransactionTemplate(txm);
    }

    /**
     * The consultant invites a contact of the quote's customer as a CUSTOMER user, who accepts with
     * {@link #CUSTOMER_PASSWORD}; returns the new account's email.
     */
    public String customerAccount(String consultantEmail, com.gpuquote.quote.QuoteId quote, String email) {
        var link = as.call(consultantEmail, () -> links.inviteCustomerContact(quote, email, "采购 李"));
        users.acceptInvitation(link.url().substring(link.url().lastIndexOf('/') + 1), CUSTOMER_PASSWORD);
        return email;
    }

    public TestTenants.TestTenant tenantWithPrices() {
        TestTenants.TestTenant t = testTenants.create();
        publishPrices(t.adminEmail());
        return t;
    }

    public void publishPrices(String adminEmail) {
        Instant from = clock.instant().minus(Duration.ofDays(1));
        String csv = "provider,region,instance_type,billing_mode,list_price,cost_price,currency\n"
                + "VOLCENGINE,cn-beijing," + A10 + ",HOURLY,8.0000,4.0000,CNY\n"
                + "VOLCENGINE,cn-beijing," + A10 + ",MONTHLY,5000.0000,2500.0000,CNY\n"
                + "VOLCENGINE,cn-beijing," + A10 + ",YEARLY,54000.0000,27000.0000,CNY\n";
        as.run(adminEmail, () -> {
            PriceList draft = priceLists.createDraft(NewPriceList.empty("portal " + UUID.randomUUID(), Provider.VOLCENGINE, from));
            priceLists.applyImport(draft.id(), csv.getBytes(StandardCharsets.UTF_8), null);
            priceLists.publish(draft.id(), from, null);
        });
    }

    /** Publishes a price list of {@code provider} from price CSV rows (without the header). */
    public void publishPrices(String adminEmail, Provider provider, String rows) {
        Instant from = clock.instant().minus(Duration.ofDays(1));
        String csv = "provider,region,instance_type,billing_mode,list_price,cost_price,currency\n" + rows;
        as.run(adminEmail, () -> {
            PriceList draft = priceLists.createDraft(NewPriceList.empty("portal " + UUID.randomUUID(), provider, from));
            priceLists.applyImport(draft.id(), csv.getBytes(StandardCharsets.UTF_8), null);
            priceLists.publish(draft.id(), from, null);
        });
    }

    /** Publishes a price list of {@code provider} from price CSV rows (without the header), in force from {@code from}. */
    public void publishPrices(String adminEmail, Provider provider, String rows, Instant from) {
        String csv = "provider,region,instance_type,billing_mode,list_price,cost_price,currency\n" + rows;
        as.run(adminEmail, () -> {
            PriceList draft = priceLists.createDraft(NewPriceList.empty("portal " + UUID.randomUUID(), provider, from));
            priceLists.applyImport(draft.id(), csv.getBytes(StandardCharsets.UTF_8), null);
            priceLists.publish(draft.id(), from, null);
        });
    }

    /** A quote with one option "A" of {@code lines} (no sizing), sent to a new customer with a link. */
    public Sent sentQuote(TestTenants.TestTenant t, List<QuoteInput.Line> lines) {
        return as.call(t.consultantEmail(), () -> {
            Customer c = customers.create(new CustomerDraft("深度智算 " + UUID.randomUUID().toString().substring(0, 6), null,
                    "", "zh-CN", "", List.of(new Contact("张三", "zhang@customer.example", null, "CTO")), null));
            Project p = projects.create(new ProjectDraft(c.id(), "训练集群", ""));
            QuoteDetails q = quoteDrafting.create(new NewQuote(p.id(), null,
                    List.of(new QuoteInput.Option("A", lines, List.of()))));
            quoteWorkflow.submit(q.id());
            SentQuote sent = quoteWorkflow.sendWithLink(q.id());
            String url = sent.portalUrl();
            return new Sent(t, c, p, sent.quote(), url, url.substring(url.indexOf("/portal/q/") + "/portal/q/".length()));
        });
    }

    /** A quote with the one option {@code option} (its name "A"), sent to a new customer with a link. */
    public Sent sentOption(TestTenants.TestTenant t, QuoteInput.Option option) {
        return as.call(t.consultantEmail(), () -> {
            Customer c = customers.create(new CustomerDraft("深度智算 " + UUID.randomUUID().toString().substring(0, 6), null,
                    "", "zh-CN", "", List.of(new Contact("张三", "zhang@customer.example", null, "CTO")), null));
            Project p = projects.create(new ProjectDraft(c.id(), "训练集群", ""));
            QuoteDetails q = quoteDrafting.create(new NewQuote(p.id(), null, List.of(option)));
            quoteWorkflow.submit(q.id());
            SentQuote sent = quoteWorkflow.sendWithLink(q.id());
            String url = sent.portalUrl();
            return new Sent(t, c, p, sent.quote(), url, url.substring(url.indexOf("/portal/q/") + "/portal/q/".length()));
        });
    }

    /** A new tenant, and a quote sent to its customer. */
    public Sent sentQuote() {
        return sentQuote(tenantWithPrices(), "zh-CN");
    }

    public Sent sentQuote(TestTenants.TestTenant t, String language) {
        return as.call(t.consultantEmail(), () -> {
            Customer c = customers.create(new CustomerDraft("深度智算 " + UUID.randomUUID().toString().substring(0, 6), null,
                    "", language, "", List.of(new Contact("张三", "zhang@customer.example", null, "CTO")), null));
            return sentQuote(t, c);
        });
    }

    public Sent sentQuote(TestTenants.TestTenant t, Customer c) {
        return sentQuote(t, c, CANDIDATE);
    }

    /** As {@link #sentQuote(TestTenants.TestTenant, Customer)}, option A's line sized with {@code candidate}. */
    public Sent sentQuote(TestTenants.TestTenant t, Customer c, String candidate) {
        return as.call(t.consultantEmail(), () -> {
            Project p = projects.create(new ProjectDraft(c.id(), "训练集群", ""));
            QuoteInput.Option a = new QuoteInput.Option("A", List.of(
                    QuoteInput.Line.of(A10, "cn-beijing", BillingMode.HOURLY, 2, 12).withSizing(new SizingRef(null, candidate))),
                    List.of());
            QuoteInput.Option b = new QuoteInput.Option("B", List.of(
                    QuoteInput.Line.of(A10, "cn-beijing", BillingMode.MONTHLY, 4, 12)),
                    List.of(QuoteInput.Service.oneTime("部署与调优", "3000.00")));
            QuoteDetails q = quoteDrafting.create(new NewQuote(p.id(), null, List.of(a, b)));
            quoteWorkflow.submit(q.id());
            SentQuote sent = quoteWorkflow.sendWithLink(q.id());
            String url = sent.portalUrl();
            return new Sent(t, c, p, sent.quote(), url, url.substring(url.indexOf("/portal/q/") + "/portal/q/".length()));
        });
    }

    /** Moves a quote's validity (tests of expiry: the service's today is the real one). */
    public void setValidUntil(Sent s, LocalDate validUntil) {
        TenantContext.runAs(TenantContext.Scope.tenant(s.tenantId()), () -> tx.executeWithoutResult(st -> {
            jdbc.sql("update quotes set valid_until = ? where tenant_id = ? and id = ?")
                    .params(validUntil, s.tenantId().value(), s.quoteId().value()).update();
            jdbc.sql("update portal_links set expires_at = ? where tenant_id = ? and quote_id = ?")
                    .params(java.sql.Timestamp.from(validUntil.plusDays(1).atStartOfDay(BusinessCalendar.ZONE).toInstant()),
                            s.tenantId().value(), s.quoteId().value()).update();
        }));
    }

    public <T> T inTenant(TenantId tenant, java.util.function.Supplier<T> work) {
        return TenantContext.runAs(TenantContext.Scope.tenant(tenant), () -> tx.execute(st -> work.get()));
    }

    public JdbcClient jdbc() {
        return jdbc;
    }
}
