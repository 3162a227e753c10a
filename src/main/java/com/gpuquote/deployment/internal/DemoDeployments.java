package com.gpuquote.deployment.internal;

import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.deployment.Deployment;
import com.gpuquote.deployment.DeploymentService;
import com.gpuquote.deployment.NewDeployment;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.sizing.engine.Workload;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.context.annotation.Profile;
import org.springframework.core.annotation.Order;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.stereotype.Component;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * Demo data (profile {@code demo}): one deployment per demo tenant on its first demo project (the online inference
 * service: Qwen2.5-72B 在线推理 / Llama 3 70B chat service, so its workload is inference), 1 × ecs.gni2.7xlarge
 * (2 × A10) monthly, with 30 days of synthetic nvidia-smi samples every 15 minutes up to start-up (VRAM near the
 * ceiling, busy GPUs) and host memory, imported through the same service as an upload, so a new user sees a
 * VRAM-short verdict with its proposal. Runs after the demo quotes; does nothing when the tenant has deployments.
 */
@Component
@Profile("demo")
@Order(40)
class DemoDeployments implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(DemoDeployments.class);
    static final List<String> CONSULTANTS = List.of("consultant@sanfei.demo", "consultant@northwind.demo");
    static final String TYPE = "ecs.gni2.7xlarge";
    static final int DAYS = 30;
    static final int STEP_MINUTES = 15;

    private final DeploymentService deployments;
    private final ProjectService projects;
    private final UserDetailsService users;
    private final Clock clock;

    DemoDeployments(DeploymentService deployments, ProjectService projects, UserDetailsService users, Clock clock) {
        this.deployments = deployments;
        this.projects = projects;
        this.users = users;
        this.clock = clock;
    }

    @Override
    public void run(ApplicationArguments args) {
        for (String email : CONSULTANTS) {
            try {
                GpuQuoteUser consultant = (GpuQuoteUser) users.loadUserByUsername(email);
                SystemAuthentication.asUser(consultant, this::seedOnce);
            } catch (UsernameNotFoundException e) {
                log.warn("Demo account missing; no demo deployment for {}", email);
            } catch (RuntimeException e) {
                log.warn("Demo deployment for {} not seeded: {}", email, e.getMessage());
            }
        }
    }

    private void seedOnce() {
        if (!deployments.recent(1).isEmpty()) {
            return;
        }
        List<Project> first = projects.search(ProjectService.Search.ALL, 0, 50);
        if (first.isEmpty()) {
            return;
        }
        Project project = first.get(first.size() - 1); // the oldest: the first demo project
        Instant now = clock.instant().truncatedTo(ChronoUnit.MINUTES);
        Deployment d = deployments.create(new NewDeployment(project.id(), TYPE, "cn-beijing", BillingMode.MONTHLY, 1,
                BusinessCalendar.dayOf(now).minusDays(DAYS + 15), Workload.INFERENCE));
        deployments.importUtilization(d.id(), gpuSamples(now), null);
        deployments.importUtilization(d.id(), hostSamples(now), null);
        log.info("Demo deployment with {} days of utilisation seeded on project {}", DAYS, project.name());
    }

    /** Two A10s (23028 MiB) near their ceiling during the day, a little lower at night; busy. */
    static byte[] gpuSamples(Instant now) {
        DateTimeFormatter f = DateTimeFormatter.ofPattern("yyyy/MM/dd HH:mm:ss.SSS").withZone(BusinessCalendar.ZONE);
        StringBuilder b = new StringBuilder("timestamp, index, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%]\n");
        int steps = DAYS * 24 * 60 / STEP_MINUTES;
        for (int i = steps; i > 0; i--) {
            Instant at = now.minus((long) i * STEP_MINUTES, ChronoUnit.MINUTES);
            double day = Math.sin(2 * Math.PI * (i % 96) / 96.0);
            for (int gpu = 0; gpu < 2; gpu++) {
                int used = (int) Math.min(23028, 21200 + 1100 * day + 300 * Math.sin(i * 0.37 + gpu));
                int util = (int) Math.max(0, Math.min(100, 78 + 18 * day + 6 * Math.sin(i * 0.91 + gpu)));
                b.append(f.format(at)).append(", ").append(gpu).append(", NVIDIA A10, ").append(used).append(" MiB, 23028 MiB, ")
                        .append(util).append(" %\n");
            }
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The node's 112 GiB, 60–75 % in use. */
    static byte[] hostSamples(Instant now) {
        StringBuilder b = new StringBuilder("timestamp,mem_total_kib,mem_available_kib\n");
        long total = 112L * 1024 * 1024;
        int steps = DAYS * 24 * 60 / STEP_MINUTES;
        for (int i = steps; i > 0; i--) {
            Instant at = now.minus((long) i * STEP_MINUTES, ChronoUnit.MINUTES);
            double used = 0.675 + 0.075 * Math.sin(2 * Math.PI * (i % 96) / 96.0);
            b.append(at.getEpochSecond()).append(',').append(total).append(',').append((long) (total * (1 - used))).append('\n');
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }
}
