package com.gpuquote.sizing;

import com.gpuquote.TestTenants;
import com.gpuquote.catalog.Provider;
import com.gpuquote.pricing.NewPriceList;
import com.gpuquote.pricing.PriceList;
import com.gpuquote.pricing.PriceListService;
import com.gpuquote.SignedIn;
import com.gpuquote.security.GpuQuoteUser;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.function.Supplier;

/** A fresh tenant with a published VOLCENGINE price list in cn-beijing, for recommendation tests. Test bean. */
@Component
public class SizingFixtures {

    /** Cost prices all end in 7777, so a test can assert that none of them leaks. */
    public static final String COST_MARK = "7777";
    static final String CSV = """
            provider,region,instance_type,billing_mode,list_price,cost_price,currency
            VOLCENGINE,cn-beijing,ecs.g1tl.4xlarge,HOURLY,5.0000,3.7777,CNY
            VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,10.0000,7.7777,CNY
            VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,MONTHLY,6000.0000,4000.7777,CNY
            VOLCENGINE,cn-beijing,ecs.gni2.7xlarge,HOURLY,20.5000,15.7777,CNY
            VOLCENGINE,cn-beijing,ecs.gni3cl.5xlarge,HOURLY,20.0000,15.7777,CNY
            VOLCENGINE,cn-beijing,ecs.pni2l.3xlarge,HOURLY,40.0000,30.7777,CNY
            VOLCENGINE,cn-beijing,ecs.pni3ln.5xlarge,HOURLY,45.0000,33.7777,CNY
            VOLCENGINE,cn-shanghai,ecs.gni2.3xlarge,HOURLY,11.0000,8.7777,CNY
            """;

    private final TestTenants tenants;
    private final PriceListService priceLists;
    private final UserDetailsService users;

    private final Clock clock;

    SizingFixtures(TestTenants tenants, PriceListService priceLists, UserDetailsService users, Clock clock) {
        this.clock = clock;
        this.tenants = tenants;
        this.priceLists = priceLists;
        this.users = users;
    }

    /**
     * One 8-GPU instance (8 × A800, no RDMA), for multi-GPU training: since issue 15 full training across instances
     * needs RDMA, so the 1- and 2-GPU types above cannot train on 8 GPUs.
     */
    public static final String EIGHT_GPU_ROW = "VOLCENGINE,cn-beijing,ecs.pni2l.28xlarge,HOURLY,320.0000,250.7777,CNY\n";

    /** A new tenant whose price list (above) is in force since an hour ago. */
    public TestTenants.TestTenant pricedTenant(String locale) {
        return pricedTenant(locale, "");
    }

    /** As {@link #pricedTenant(String)}, with extra CSV rows in the price list. */
    public TestTenants.TestTenant pricedTenant(String locale, String extraRows) {
        TestTenants.TestTenant t = tenants.create(locale);
        as(t.adminEmail(), () -> {
            Instant from = clock.instant().minus(1, ChronoUnit.HOURS);
            PriceList draft = priceLists.createDraft(NewPriceList.empty("sizing test", Provider.VOLCENGINE, from));
            priceLists.applyImport(draft.id(), (CSV + extraRows).getBytes(StandardCharsets.UTF_8), null);
            return priceLists.publish(draft.id(), from, null);
        });
        return t;
    }

    public <T> T as(String email, Supplier<T> work) {
        return SignedIn.as((GpuQuoteUser) users.loadUserByUsername(email), work);
    }
}
