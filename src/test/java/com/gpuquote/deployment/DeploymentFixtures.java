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

    public DeploymentFixtures(PortalFixtures portal, AsUser as, CustomerService customers, ProjectService projects,
                              DeploymentService deployments) {
        this.portal = portal;
        this.as = as;
        this.customers = customers;
        this.projects = projects;
        this.deployments = deployments;
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
