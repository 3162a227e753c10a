package com.gpuquote.pricing;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.catalog.Provider;
import com.gpuquote.SignedIn;
import com.gpuquote.security.GpuQuoteUser;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.core.userdetails.UserDetailsService;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.function.Supplier;

/** Integration-test helpers for price lists: act as a user, build CSV files from the shipped catalog. */
abstract class PricingTestSupport extends IntegrationTest {

    static final String HEADER = CsvFixtures.HEADER;
    /** Offered in cn-beijing and cn-shanghai (shipped catalog); nothing is offered in cn-guangzhou. */
    static final String A10 = "ecs.gni2.3xlarge";
    static final String T4 = "ecs.g1tl.4xlarge";

    @Autowired
    protected TestTenants testTenants;
    @Autowired
    protected PriceListService priceLists;
    @Autowired
    protected PriceService prices;
    @Autowired
    private UserDetailsService userDetailsService;

    protected <T> T as(String email, Supplier<T> work) {
        return SignedIn.as((GpuQuoteUser) userDetailsService.loadUserByUsername(email), work);
    }

    protected void as(String email, Runnable work) {
        as(email, () -> {
            work.run();
            return null;
        });
    }

    static byte[] csv(String... rows) {
        StringBuilder b = new StringBuilder(HEADER).append('\n');
        for (String row : rows) {
            b.append(row).append('\n');
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A CSV line of the shipped provider. */
    static String line(String type, String region, String mode, String list, String cost) {
        return "VOLCENGINE," + region + "," + type + "," + mode + "," + list + "," + cost + ",CNY";
    }

    /** A published list with one HOURLY row for A10 in cn-beijing at the given list price. */
    protected PriceList published(String admin, String listPrice, Instant from) {
        return as(admin, () -> {
            PriceList draft = priceLists.createDraft(NewPriceList.empty("v " + listPrice, Provider.VOLCENGINE, from));
            priceLists.applyImport(draft.id(), csv(line(A10, "cn-beijing", "HOURLY", listPrice, "1.0000")), null);
            return priceLists.publish(draft.id(), from, null);
        });
    }

    static PriceKey a10Hourly() {
        return new PriceKey(Provider.VOLCENGINE, A10, "cn-beijing", BillingMode.HOURLY);
    }
}
