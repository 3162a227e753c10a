package com.gpuquote.quote;

import com.gpuquote.TestTenants;
import com.gpuquote.catalog.Provider;
import com.gpuquote.pricing.NewPriceList;
import com.gpuquote.pricing.PriceList;
import com.gpuquote.pricing.PriceListService;
import com.gpuquote.security.ApiTokenService;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

/**
 * A fresh tenant with a published price list (through the pricing service) of a few shipped instance types in
 * cn-beijing. Margin floor 5 % and VAT 6 % (tenant defaults).
 * <pre>
 * ecs.gni2.3xlarge  (1× A10)  HOURLY 10 / cost 6, SPOT 4 / 3, MONTHLY 5000 / 3000, YEARLY 54000 / 33000
 * ecs.gni2.28xlarge (8× A10)  HOURLY 80 / 50,  MONTHLY 40000 / 25000
 * ecs.g1tl.4xlarge  (1× T4)   HOURLY 3 / 2,    MONTHLY 1500 / 1000
 * ecs.g1tl.8xlarge  (2× T4)   HOURLY 1.0001 / 0.3
 * </pre>
 */
@Component
public class QuoteFixtures {

    public static final String A10 = "ecs.gni2.3xlarge";
    public static final String A10X8 = "ecs.gni2.28xlarge";
    public static final String T4 = "ecs.g1tl.4xlarge";
    public static final String T4X2 = "ecs.g1tl.8xlarge";
    public static final String REGION = "cn-beijing";

    static final List<String> ROWS = List.of(
            row(A10, "HOURLY", "10.0000", "6.0000"), row(A10, "SPOT", "4.0000", "3.0000"),
            row(A10, "MONTHLY", "5000.0000", "3000.0000"), row(A10, "YEARLY", "54000.0000", "33000.0000"),
            row(A10X8, "HOURLY", "80.0000", "50.0000"), row(A10X8, "MONTHLY", "40000.0000", "25000.0000"),
            row(T4, "HOURLY", "3.0000", "2.0000"), row(T4, "MONTHLY", "1500.0000", "1000.0000"),
            row(T4X2, "HOURLY", "1.0001", "0.3000"));

    private final TestTenants tenants;
    private final PriceListService priceLists;
    private final ApiTokenService tokens;
    private final AsUser as;

    private final Clock clock;

    public QuoteFixtures(TestTenants tenants, PriceListService priceLists, ApiTokenService tokens, AsUser as, Clock clock) {
        this.clock = clock;
        this.tenants = tenants;
        this.priceLists = priceLists;
        this.tokens = tokens;
        this.as = as;
    }

    public TestTenants.TestTenant tenantWithPrices() {
        TestTenants.TestTenant t = tenants.create();
        publish(t, ROWS);
        return t;
    }

    public static String row(String type, String mode, String list, String cost) {
        return "VOLCENGINE," + REGION + "," + type + "," + mode + "," + list + "," + cost + ",CNY";
    }

    /** Publishes a new list (in force from now) with the given CSV rows. */
    public PriceList publish(TestTenants.TestTenant t, List<String> rows) {
        return publish(t, Provider.VOLCENGINE, rows);
    }

    /** Publishes a new list of {@code provider} (in force from now) with the given CSV rows. */
    public PriceList publish(TestTenants.TestTenant t, Provider provider, List<String> rows) {
        return as.call(t.adminEmail(), () -> {
            PriceList draft = priceLists.createDraft(NewPriceList.empty("Test " + clock.instant(), provider,
                    null));
            StringBuilder csv = new StringBuilder("provider,region,instance_type,billing_mode,list_price,cost_price,currency\n");
            rows.forEach(r -> csv.append(r).append('\n'));
            priceLists.applyImport(draft.id(), csv.toString().getBytes(StandardCharsets.UTF_8), null);
            return priceLists.publish(draft.id(), null, null);
        });
    }

    /** A personal API token (so concurrent REST calls cost no Argon2 each). */
    public String token(String email) {
        return as.call(email, () -> tokens.create("test", 1).token());
    }
}
