package com.gpuquote.pricing;

import com.gpuquote.GpuQuoteApplication;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.catalog.Provider;
import com.gpuquote.security.GpuQuoteUser;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.userdetails.UserDetailsService;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The whole 10,000-row import as an admin's confirm runs it: {@link PriceListService#applyImport} of a 10,000-row CSV
 * into a DRAFT through the real Spring context (security proxy, transaction, RLS tenant setting) against the real
 * PostgreSQL on localhost:5432: decode, validate against the catalog read from the database, read the draft's rows
 * and diff, delete them, insert 10,000 rows, touch the draft, write the audit entry, commit.
 * <p>
 * The trial starts the application once (servlet context on a random port, nobody calls it) on its own database {@code gpuquote_bench_<random>} (created
 * by the application's bootstrap, dropped in the tear-down), adds 1,250 synthetic instance types offered in both
 * regions (the shipped catalog has only ~300 price keys; same set-up as PriceListLargeImportTest), creates a tenant
 * with an admin, and a draft already holding 10,000 rows. Each operation imports the other of two files that differ
 * in every price, so every operation really replaces 10,000 rows (10,000 changed).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Threads(1)
public class PriceListDatabaseImportBench {

    static final int TYPES = 1_250;
    static final String[] REGIONS = {"cn-beijing", "cn-shanghai"};
    static final String[] MODES = {"HOURLY", "MONTHLY", "YEARLY", "SPOT"};
    static final String FAMILY = "ecs.benchimport";

    ConfigurableApplicationContext context;
    PriceListService priceLists;
    GpuQuoteUser admin;
    PriceListId draftId;
    byte[][] files;
    int next;

    @Setup(Level.Trial)
    public void startApplication() throws SQLException {
        // before TestDatabase (the test classpath's EnvironmentPostProcessor) loads: it names the database
        System.setProperty(TestDatabase.PREFIX_PROPERTY, "gpuquote_bench_");
        context = new SpringApplicationBuilder(GpuQuoteApplication.class)
                // WebApplicationType.NONE does not start: the security filter chains need Spring MVC's
                // HandlerMappingIntrospector. So a servlet context on a random port, as in the integration tests.
                .web(WebApplicationType.SERVLET)
                .profiles("test")
                .properties("server.port=0", "spring.main.banner-mode=off", "gpuquote.mail.poll-ms=3600000")
                .run();
        if (!TestDatabase.NAME.startsWith("gpuquote_bench_")) {
            throw new IllegalStateException("benchmark would run on " + TestDatabase.NAME);
        }
        try (Connection c = TestDatabase.adminConnection(); Statement st = c.createStatement()) {
            st.execute("""
                    insert into instance_types (provider, family, code, gpu_model, gpu_count, vcpu, ram_gib, network_gbps,
                                                source, sample)
                    select 'VOLCENGINE', '%1$s', '%1$s.s' || i, 'A10-PCIE-24GB', 1, 8, 32, 10,
                           'PriceListDatabaseImportBench', true
                    from generate_series(1, %2$d) i""".formatted(FAMILY, TYPES));
            st.execute("""
                    insert into instance_type_regions (instance_type_id, provider, region_code)
                    select t.id, t.provider, r.code from instance_types t
                    cross join (values ('cn-beijing'), ('cn-shanghai')) r (code)
                    where t.family = '%s'""".formatted(FAMILY));
        }
        priceLists = context.getBean(PriceListService.class);
        TestTenants.TestTenant tenant = context.getBean(TestTenants.class).create();
        admin = (GpuQuoteUser) context.getBean(UserDetailsService.class).loadUserByUsername(tenant.adminEmail());
        files = new byte[][]{tenThousandRows(0), tenThousandRows(1)};
        draftId = as(() -> {
            PriceList draft = priceLists.createDraft(NewPriceList.empty("bench", Provider.VOLCENGINE, Instant.now()));
            ImportResult first = priceLists.applyImport(draft.id(), files[1], StandardCharsets.UTF_8);
            if (first.added() != 10_000) {
                throw new IllegalStateException("first import added " + first.added() + " rows");
            }
            return draft.id();
        });
    }

    @TearDown(Level.Trial)
    public void stopApplication() {
        if (context != null) {
            context.close();
        }
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://" + TestDatabase.SERVER + "/postgres",
                TestDatabase.ADMIN_USER, TestDatabase.ADMIN_PASSWORD); Statement st = c.createStatement()) {
            st.execute("drop database if exists " + TestDatabase.NAME + " with (force)");
        } catch (SQLException e) {
            System.err.println("Could not drop benchmark database " + TestDatabase.NAME + ": " + e.getMessage());
        }
    }

    /** 10,000 rows; {@code variant} 1 has every list and cost price 0.5 higher than variant 0. */
    static byte[] tenThousandRows(int variant) {
        StringBuilder b = new StringBuilder(String.join(",", PriceListCsv.COLUMNS)).append('\n');
        for (int i = 1; i <= TYPES; i++) {
            for (String region : REGIONS) {
                for (String mode : MODES) {
                    b.append("VOLCENGINE,").append(region).append(',').append(FAMILY).append(".s").append(i)
                            .append(',').append(mode).append(',').append(10 + i % 97).append(variant == 0 ? ".1234," : ".6234,")
                            .append(9 + i % 97).append(variant == 0 ? ".5,CNY\n" : ".0,CNY\n");
                }
            }
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    <T> T as(Supplier<T> work) {
        SecurityContext context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(admin, null, admin.getAuthorities()));
        SecurityContextHolder.setContext(context);
        try {
            return work.get();
        } finally {
            SecurityContextHolder.clearContext();
        }
    }

    @Benchmark
    public ImportResult applyImport10kRowsIntoDraft() {
        byte[] file = files[next];
        next = 1 - next;
        ImportResult result = as(() -> priceLists.applyImport(draftId, file, StandardCharsets.UTF_8));
        if (result.changed() != 10_000) {
            throw new IllegalStateException("expected 10,000 changed rows, got " + result);
        }
        return result;
    }
}
