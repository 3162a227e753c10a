package com.gpuquote.pricing.internal;

import java.time.Clock;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.catalog.InstanceTypeFilter;
import com.gpuquote.catalog.Provider;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.pricing.NewPriceList;
import com.gpuquote.pricing.PriceList;
import com.gpuquote.pricing.PriceListService;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.SystemAuthentication;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.context.annotation.Profile;
import org.springframework.core.annotation.Order;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.stereotype.Component;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

/**
 * Demo price lists (profile demo), after the demo accounts: each demo tenant gets two published versions of sample
 * prices for every shipped instance type in both regions and all four billing modes: version 1 (effective 120 days
 * ago, now ended and archived) and version 2 (in force since 30 days ago, ~10 % cheaper), so the history chart has
 * data. Cost is 8–15 % below list, pseudo-random but deterministic per row. Idempotent: a tenant that has any
 * price list is left alone. Acts as the tenant's demo admin, through the secured services (audited as that admin).
 */
@Component
@Profile("demo")
@Order(20)
class DemoPriceLists implements ApplicationRunner {

    private final Clock clock;

    private static final Logger log = LoggerFactory.getLogger(DemoPriceLists.class);
    private static final List<String> DEMO_ADMINS = List.of("admin@sanfei.demo", "admin@northwind.demo");
    private static final List<String> REGIONS = List.of("cn-beijing", "cn-shanghai");

    /** Sample hourly list price per GPU in CNY (GpuQuote estimates, not provider prices). */
    private static final Map<String, String> HOURLY_PER_GPU = Map.ofEntries(
            Map.entry("T4-PCIE-16GB", "8.50"), Map.entry("A10-PCIE-24GB", "12.80"), Map.entry("A30-PCIE-24GB", "16.20"),
            Map.entry("V100-SXM2-32GB", "18.60"), Map.entry("A100-SXM4-40GB", "29.90"),
            Map.entry("A100-SXM4-80GB", "37.50"), Map.entry("A800-SXM4-80GB", "39.80"),
            Map.entry("L20-PCIE-48GB", "21.60"), Map.entry("L40S-PCIE-48GB", "26.40"),
            Map.entry("H20-SXM5-96GB", "34.90"), Map.entry("H100-SXM5-80GB", "69.80"),
            Map.entry("H800-SXM5-80GB", "67.50"), Map.entry("H200-SXM5-141GB", "84.90"));
    private static final BigDecimal DEFAULT_PER_GPU = new BigDecimal("20.00");

    private final PriceListService priceLists;
    private final CatalogService catalog;
    private final UserDetailsService users;

    DemoPriceLists(PriceListService priceLists, CatalogService catalog, UserDetailsService users, Clock clock) {
        this.clock = clock;
        this.priceLists = priceLists;
        this.catalog = catalog;
        this.users = users;
    }

    @Override
    public void run(ApplicationArguments args) {
        for (String admin : DEMO_ADMINS) {
            GpuQuoteUser user;
            try {
                user = (GpuQuoteUser) users.loadUserByUsername(admin);
            } catch (UsernameNotFoundException e) {
                log.warn("Demo admin {} missing; no demo price lists for it", admin);
                continue;
            }
            SystemAuthentication.asUser(user, this::seedTenant);
        }
    }

    private void seedTenant() {
        if (!priceLists.list().isEmpty()) {
            return;
        }
        // the demo lists are Volcano Engine lists: the Alibaba/Tencent sample types (V54) are not in them
        List<InstanceType> types = catalog.instanceTypes(InstanceTypeFilter.ALL.withProvider(Provider.VOLCENGINE));
        Instant now = clock.instant().truncatedTo(ChronoUnit.HOURS);
        Instant v1From = now.minus(Duration.ofDays(120));
        Instant v2From = now.minus(Duration.ofDays(30));
        PriceList v1 = priceLists.createSampleDraft(NewPriceList.empty("示例价目表 v1 (sample)", Provider.VOLCENGINE, v1From));
        priceLists.applyImport(v1.id(), csv(types, new BigDecimal("1.10")), StandardCharsets.UTF_8);
        priceLists.publish(v1.id(), v1From, null);
        PriceList v2 = priceLists.createSampleDraft(NewPriceList.empty("示例价目表 v2 (sample)", Provider.VOLCENGINE, v2From));
        priceLists.applyImport(v2.id(), csv(types, BigDecimal.ONE), StandardCharsets.UTF_8);
        priceLists.publish(v2.id(), v2From, null);
        priceLists.archive(v1.id());
        log.info("Demo price lists: 2 versions x {} rows", types.size() * REGIONS.size() * BillingMode.values().length);
    }

    /** The sample CSV: hourly = per-GPU price × GPUs × factor (Shanghai +3 %), other modes derived from it. */
    static byte[] csv(List<InstanceType> types, BigDecimal factor) {
        StringBuilder b = new StringBuilder("provider,region,instance_type,billing_mode,list_price,cost_price,currency\n");
        for (InstanceType type : types) {
            BigDecimal perGpu = new BigDecimal(HOURLY_PER_GPU.getOrDefault(type.gpuModel().code(), DEFAULT_PER_GPU.toPlainString()));
            for (String region : REGIONS) {
                if (!type.isOfferedIn(region)) {
                    continue;
                }
                BigDecimal regionFactor = region.equals("cn-shanghai") ? new BigDecimal("1.03") : BigDecimal.ONE;
                BigDecimal hourly = perGpu.multiply(BigDecimal.valueOf(type.gpuCount())).multiply(factor).multiply(regionFactor);
                for (BillingMode mode : BillingMode.values()) {
                    BigDecimal list = switch (mode) {
                        case HOURLY -> hourly;
                        case MONTHLY -> hourly.multiply(new BigDecimal("730")).multiply(new BigDecimal("0.7"));
                        case YEARLY -> hourly.multiply(new BigDecimal("730")).multiply(new BigDecimal("0.7"))
                                .multiply(new BigDecimal("12")).multiply(new BigDecimal("0.85"));
                        case SPOT -> hourly.multiply(new BigDecimal("0.3"));
                    };
                    list = list.setScale(2, RoundingMode.HALF_UP).setScale(4);
                    BigDecimal cost = list.multiply(BigDecimal.ONE.subtract(discount(type.code(), region, mode)))
                            .setScale(4, RoundingMode.HALF_UP);
                    b.append(type.provider().code()).append(',').append(region).append(',').append(type.code()).append(',')
                            .append(mode.name()).append(',').append(list.toPlainString()).append(',')
                            .append(cost.toPlainString()).append(",CNY\n");
                }
            }
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** 8.00 % … 15.00 %, deterministic per row (not Random: stable across runs and JVMs). */
    static BigDecimal discount(String type, String region, BillingMode mode) {
        int h = (type + "|" + region + "|" + mode.name()).hashCode();
        int basisPoints = 800 + Math.floorMod(h * 31 + 17, 701);
        return BigDecimal.valueOf(basisPoints, 4);
    }

}
