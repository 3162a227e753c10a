package com.gpuquote.deployment;

import com.gpuquote.GpuQuoteApplication;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.customer.Contact;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerDraft;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectDraft;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.security.GpuQuoteUser;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
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
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Importing 1,000,000 GPU samples as the upload does it: {@link DeploymentService#importUtilization} of an
 * nvidia-smi CSV (noheader, nounits; 8 GPUs × 125,000 one-second instants, ~57 MB) through the real Spring context
 * (method security, transaction, row-level security) into PostgreSQL on localhost:5432: decode, detect, parse and
 * validate every line, then 50 batched {@code insert … select from unnest(…) on conflict do nothing}, audit, commit.
 * Each operation imports into a fresh deployment (created before the operation, not timed), so every sample is new.
 * The trial starts the application once on its own database {@code gpuquote_bench_<random>}, dropped at the end.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgs = {"-Xmx4g"})
@Warmup(iterations = 1)
@Measurement(iterations = 3)
public class UtilizationImportBench {

    static final int GPUS = 8;
    static final int INSTANTS = 125_000;

    ConfigurableApplicationContext context;
    DeploymentService deployments;
    GpuQuoteUser consultant;
    Project project;
    byte[] file;
    DeploymentId target;

    @Setup(Level.Trial)
    public void startApplication() {
        System.setProperty(TestDatabase.PREFIX_PROPERTY, "gpuquote_bench_");
        context = new SpringApplicationBuilder(GpuQuoteApplication.class)
                .web(WebApplicationType.SERVLET)
                .profiles("test")
                .properties("server.port=0", "spring.main.banner-mode=off", "gpuquote.mail.poll-ms=3600000")
                .run();
        if (!TestDatabase.NAME.startsWith("gpuquote_bench_")) {
            throw new IllegalStateException("benchmark would run on " + TestDatabase.NAME);
        }
        deployments = context.getBean(DeploymentService.class);
        TestTenants.TestTenant tenant = context.getBean(TestTenants.class).create();
        consultant = (GpuQuoteUser) context.getBean(UserDetailsService.class).loadUserByUsername(tenant.consultantEmail());
        project = as(() -> {
            Customer c = context.getBean(CustomerService.class).create(new CustomerDraft("Bench customer", null, "",
                    "zh-CN", "", List.of(new Contact("Bench", "bench@example.com", null, null)), null));
            return context.getBean(ProjectService.class).create(new ProjectDraft(c.id(), "bench", ""));
        });
        file = millionSamples();
    }

    @Setup(Level.Invocation)
    public void freshDeployment() {
        target = as(() -> deployments.create(new NewDeployment(project.id(), "ecs.gni2.28xlarge", "cn-beijing",
                BillingMode.MONTHLY, 1, LocalDate.of(2026, 1, 1), null)).id());
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

    /** 8 GPUs × 125,000 seconds from 2026-11-01 00:00 (China time), as nvidia-smi -l 1 writes them. */
    static byte[] millionSamples() {
        DateTimeFormatter f = DateTimeFormatter.ofPattern("yyyy/MM/dd HH:mm:ss.SSS");
        LocalDateTime start = LocalDateTime.of(2026, 11, 1, 0, 0);
        StringBuilder b = new StringBuilder(60 * GPUS * INSTANTS);
        for (int s = 0; s < INSTANTS; s++) {
            String ts = f.format(start.plusSeconds(s));
            for (int g = 0; g < GPUS; g++) {
                b.append(ts).append(", ").append(g).append(", NVIDIA A10, ").append(10_000 + (s * 7 + g * 13) % 12_000)
                        .append(", 23028, ").append((s + g) % 101).append('\n');
            }
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    <T> T as(Supplier<T> work) {
        SecurityContext sc = SecurityContextHolder.createEmptyContext();
        sc.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(consultant, null, consultant.getAuthorities()));
        SecurityContextHolder.setContext(sc);
        try {
            return work.get();
        } finally {
            SecurityContextHolder.clearContext();
        }
    }

    @Benchmark
    public ImportResult importMillionGpuSamples() {
        ImportResult r = as(() -> deployments.importUtilization(target, file, null));
        if (r.imported() != GPUS * INSTANTS) {
            throw new IllegalStateException("expected 1,000,000 new samples, got " + r);
        }
        return r;
    }
}
