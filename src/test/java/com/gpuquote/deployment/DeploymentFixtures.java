package com.gpuquote.deployment;

import com.gpuquote.TestTenants;
import com.gpuquote.customer.Contact;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerDraft;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectDraft;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.portal.PortalFixtures;
import com.gpuquote.quote.AsUser;
import com.gpuquote.tenancy.TenantId;
import org.springframework.stereotype.Component;

import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

/** A tenant with prices (PortalFixtures: ecs.gni2.3xlarge in cn-beijing), a customer, a project and a deployment. */
@Component
public class DeploymentFixtures {

    public record Setup(TestTenants.TestTenant tenant, Customer customer, Project project, Deployment deployment) {
        public TenantId tenantId() {
            return tenant.tenant().id();
        }
    }

    private final PortalFixtures portal;
    private final AsUser as;
    private final CustomerService customers;
    private final ProjectService projects;
    private final DeploymentService deployments;
    private final com.gpuquote.quote.QuoteFixtures quoteFixtures;
    private final java.time.Clock clock;

    public DeploymentFixtures(PortalFixtures portal, AsUser as, CustomerService customers, ProjectService projects,
                              DeploymentService deployments, com.gpuquote.quote.QuoteFixtures quoteFixtures,
                              java.time.Clock clock) {
        this.portal = portal;
        this.as = as;
        this.customers = customers;
        this.projects = projects;
        this.deployments = deployments;
        this.quoteFixtures = quoteFixtures;
        this.clock = clock;
    }

    /** nvidia-smi CSV: one A10 at 22,000 of 23,028 MiB (95.5 %) for the last ten minutes, 10 s apart. */
    public String vramShortCsv() {
        java.time.Instant start = clock.instant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).minusSeconds(600);
        StringBuilder b = new StringBuilder("timestamp, index, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%]\n");
        for (int i = 0; i < 10; i++) {
            b.append(start.plusSeconds(10L * i)).append(", 0, NVIDIA A10, 22000 MiB, 23028 MiB, 90 %\n");
        }
        return b.toString();
    }

    /** A monthly A10 deployment in a tenant whose monthly prices offer the L20 as the bigger GPU. */
    public Setup vramShortDeployment() {
        TestTenants.TestTenant t = portal.tenantWithPrices();
        quoteFixtures.publish(t, List.of(
                com.gpuquote.quote.QuoteFixtures.row(RightSizingTest.A10, "MONTHLY", "5000.0000", "3000.0000"),
                com.gpuquote.quote.QuoteFixtures.row(RightSizingTest.L20, "MONTHLY", "8000.0000", "5000.0000")));
        return deployment(t, RightSizingTest.A10, BillingMode.MONTHLY, 1);
    }

    public Setup deployment() {
        TestTenants.TestTenant t = portal.tenantWithPrices();
        return deployment(t, PortalFixtures.A10, BillingMode.MONTHLY, 2);
    }

    public Setup deployment(TestTenants.TestTenant t, String instanceType, BillingMode mode, int count) {
        return as.call(t.consultantEmail(), () -> {
            Customer c = customers.create(new CustomerDraft("运维客户 " + UUID.randomUUID().toString().substring(0, 6),
                    null, "", "zh-CN", "", List.of(new Contact("王五", "wang@customer.example", null, "运维")), null));
            Project p = projects.create(new ProjectDraft(c.id(), "推理集群", ""));
            Deployment d = deployments.create(new NewDeployment(p.id(), instanceType, "cn-beijing", mode, count,
                    LocalDate.of(2026, 1, 5), null));
            return new Setup(t, c, p, d);
        });
    }

    /** A quote sent to a new zh-CN customer whose option A (2 × A10 hourly) was sized with {@code candidate}. */
    public PortalFixtures.Sent sentQuote(TestTenants.TestTenant t, String candidate) {
        Customer c = as.call(t.consultantEmail(), () -> customers.create(new CustomerDraft(
                "在线推理客户 " + UUID.randomUUID().toString().substring(0, 6), null, "", "zh-CN", "",
                List.of(new Contact("张三", "zhang@customer.example", null, "CTO")), null)));
        return portal.sentQuote(t, c, candidate);
    }

    public int gpuSamples(TenantId scope, DeploymentId id) {
        return portal.inTenant(scope, () -> portal.jdbc()
                .sql("select count(*) from gpu_samples where deployment_id = ?").param(id.value())
                .query(Integer.class).single());
    }

    public int hostSamples(TenantId scope, DeploymentId id) {
        return portal.inTenant(scope, () -> portal.jdbc()
                .sql("select count(*) from host_samples where deployment_id = ?").param(id.value())
                .query(Integer.class).single());
    }

    /** Imports a file as the signed-in user (call inside {@code as().run}). */
    public ImportResult importCsv(Setup s, String content) {
        return deployments.importUtilization(s.deployment().id(), content.getBytes(java.nio.charset.StandardCharsets.UTF_8), null);
    }

    public PortalFixtures portal() {
        return portal;
    }

    public AsUser as() {
        return as;
    }

}
