package com.gpuquote.quote.ui;

import com.gpuquote.TestTenants;
import com.gpuquote.catalog.Provider;
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
import com.gpuquote.pricing.PriceRow;
import com.gpuquote.SignedIn;
import com.gpuquote.security.GpuQuoteUser;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

/**
 * A fresh tenant with a published price list, a customer and a project, for quote UI tests. Prices (cn-beijing):
 * A10 MONTHLY list 10000 / cost 9800 (below the default 5 % floor), HOURLY list 20 / cost 7.7777 (fine), T4 MONTHLY list
 * 5000 / cost 3000. The distinctive cost 7.7777 lets tests prove that cost never leaks.
 */
@Component
public class QuoteUiFixtures {

    public static final String A10 = "ecs.gni2.3xlarge";
    public static final String T4 = "ecs.g1tl.4xlarge";
    public static final String REGION = "cn-beijing";
    public static final String DISTINCTIVE_COST = "7.7777";

    public record World(TestTenants.TestTenant tenant, Customer customer, Project project) {
        public String admin() {
            return tenant.adminEmail();
        }

        public String consultant() {
            return tenant.consultantEmail();
        }
    }

    private final TestTenants tenants;
    private final PriceListService priceLists;
    private final CustomerService customers;
    private final ProjectService projects;
    private final UserDetailsService users;

    private final Clock clock;

    QuoteUiFixtures(TestTenants tenants, PriceListService priceLists, CustomerService customers,
                    ProjectService projects, UserDetailsService users, Clock clock) {
        this.clock = clock;
        this.tenants = tenants;
        this.priceLists = priceLists;
        this.customers = customers;
        this.projects = projects;
        this.users = users;
    }

    public World world(String customerName, String language) {
        TestTenants.TestTenant t = tenants.create();
        as(t.adminEmail(), () -> {
            PriceList draft = priceLists.createDraft(NewPriceList.empty("v1", Provider.VOLCENGINE, null));
            for (PriceRow row : List.of(
                    row(A10, BillingMode.MONTHLY, "10000", "9800"),
                    row(A10, BillingMode.HOURLY, "20", DISTINCTIVE_COST),
                    row(A10, BillingMode.YEARLY, "100000", "70000"),
                    row(T4, BillingMode.MONTHLY, "5000", "3000"),
                    row(T4, BillingMode.HOURLY, "10", "6"))) {
                priceLists.saveRow(draft.id(), row);
            }
            return priceLists.publish(draft.id(), clock.instant().minusSeconds(60), null);
        });
        Customer customer = as(t.consultantEmail(), () -> customers.create(new CustomerDraft(customerName, null, "",
                language, "", List.of(), null)));
        Project project = as(t.consultantEmail(), () -> projects.create(new ProjectDraft(customer.id(), "训练集群", "")));
        return new World(t, customer, project);
    }

    /** Issue 39: an Alibaba Cloud list in force for the world's tenant: {@code code} MONTHLY at list / cost. */
    public void aliyunPrice(World world, String code, String list, String cost) {
        as(world.admin(), () -> {
            PriceList draft = priceLists.createDraft(NewPriceList.empty("aliyun", Provider.ALIYUN, null));
            priceLists.saveRow(draft.id(), new PriceRow(Provider.ALIYUN, REGION, code, BillingMode.MONTHLY,
                    new BigDecimal(list), new BigDecimal(cost), "CNY"));
            return priceLists.publish(draft.id(), clock.instant().minusSeconds(60), null);
        });
    }

    private static PriceRow row(String type, BillingMode mode, String list, String cost) {
        return new PriceRow(Provider.VOLCENGINE, REGION, type, mode, new BigDecimal(list), new BigDecimal(cost), "CNY");
    }

    public <T> T as(String email, Supplier<T> work) {
        return SignedIn.as((GpuQuoteUser) users.loadUserByUsername(email), work);
    }
}
