package com.gpuquote;

import com.gpuquote.mail.internal.RecordingMailSender;
import org.apache.catalina.Context;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.embedded.tomcat.TomcatWebServer;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 18: two instances of the application (two Spring Boot contexts on random ports in this JVM, one test
 * database) behind Debian's nginx, configured from the repository's template (deploy/nginx/templates). Runs in its
 * own surefire execution ({@code cluster} tag, after packaging); fails when nginx or Chromium is missing.
 */
@Tag("cluster")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterTest {

    static final Path NGINX = Path.of("/usr/sbin/nginx");
    static final Path TEMPLATE = Path.of("deploy/nginx/templates/gpuquote.conf.template");
    static final String CONSULTANT = "consultant@sanfei.demo";
    static final String PASSWORD = "Demo-Consultant-2026!";

    static final RecordingMailSender MAIL_1 = new RecordingMailSender(5);
    static final RecordingMailSender MAIL_2 = new RecordingMailSender(5);
    static ConfigurableApplicationContext app1;
    static ConfigurableApplicationContext app2;
    static int port1;
    static int port2;
    static Process nginx;
    static Path nginxPrefix;
    static String viaNginx;
    static String token;
    static String projectId;
    static String customerName;
    static UUID tenantId;

    @BeforeAll
    static void startCluster() throws Exception {
        if (!Files.isExecutable(NGINX)) {
            throw new AssertionError("nginx is needed for the cluster test: apt-get install -y nginx (.ci/run installs it)");
        }
        Browsers.requireChromium();
        // one after the other, as docker-compose does: the first creates and migrates the database
        app1 = start("app1", MAIL_1);
        app2 = start("app2", MAIL_2);
        port1 = port(app1);
        port2 = port(app2);
        startNginx();

        var health = Api.anonymous(viaNginx).get("/actuator/health");
        assertThat(health.status()).as(health.body()).isEqualTo(200);
        Api basic = Api.basic("http://127.0.0.1:" + port1, CONSULTANT, PASSWORD);
        var created = basic.post("/api/v1/me/tokens", Map.of("name", "cluster-test", "expiresInDays", 1));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        token = created.json().path("token").asText();
        Api api = Api.bearer(viaNginx, token);
        customerName = "集群客户 " + UUID.randomUUID().toString().substring(0, 6);
        var customer = api.post("/api/v1/customers", Map.of("name", customerName));
        assertThat(customer.status()).as(customer.body()).isEqualTo(201);
        var project = api.post("/api/v1/projects", Map.of("customerId", customer.json().path("id").asText(), "name", "集群"));
        assertThat(project.status()).as(project.body()).isEqualTo(201);
        projectId = project.json().path("id").asText();
        tenantId = (UUID) query("select tenant_id from projects where id = ?", UUID.fromString(projectId)).get(0);
    }

    private static ConfigurableApplicationContext start(String route, RecordingMailSender mail) {
        return new SpringApplicationBuilder(GpuQuoteApplication.class)
                .profiles("test", "demo")
                // SMTP is not the point: a recording sender stands in for JavaMailSender (the outbox sender's trigger)
                .initializers(ctx -> ctx.getBeanFactory().registerSingleton("recordingMailSender", mail))
                .run("--server.port=0", "--gpuquote.cluster.route=" + route, "--gpuquote.mail.poll-ms=250",
                        "--spring.main.banner-mode=off");
    }

    private static int port(ConfigurableApplicationContext ctx) {
        return ((ServletWebServerApplicationContext) ctx).getWebServer().getPort();
    }

    private static void startNginx() throws Exception {
        int listen;
        try (ServerSocket s = new ServerSocket(0)) {
            listen = s.getLocalPort();
        }
        nginxPrefix = Files.createTempDirectory("gq-nginx-");
        Files.createDirectories(nginxPrefix.resolve("logs"));
        String site = Files.readString(TEMPLATE)
                .replace("${GPUQUOTE_APP1}", "127.0.0.1:" + port1)
                .replace("${GPUQUOTE_APP2}", "127.0.0.1:" + port2)
                .replace("${GPUQUOTE_LISTEN}", "127.0.0.1:" + listen);
        Files.writeString(nginxPrefix.resolve("gpuquote.conf"), site);
        String p = nginxPrefix.toAbsolutePath().toString();
        Files.writeString(nginxPrefix.resolve("nginx.conf"), """
                daemon off;
                master_process on;
                worker_processes 1;
                pid %1$s/nginx.pid;
                error_log %1$s/logs/error.log warn;
                events { worker_connections 512; }
                http {
                    access_log %1$s/logs/access.log;
                    client_body_temp_path %1$s/body;
                    proxy_temp_path %1$s/proxy;
                    fastcgi_temp_path %1$s/fastcgi;
                    uwsgi_temp_path %1$s/uwsgi;
                    scgi_temp_path %1$s/scgi;
                    include %1$s/gpuquote.conf;
                }
                """.formatted(p));
        Process check = new ProcessBuilder(NGINX.toString(), "-t", "-p", p, "-c", p + "/nginx.conf")
                .redirectErrorStream(true).start();
        String checkOutput = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(check.waitFor()).as(checkOutput).isZero();
        nginx = new ProcessBuilder(NGINX.toString(), "-p", p, "-c", p + "/nginx.conf")
                .redirectErrorStream(true).redirectOutput(nginxPrefix.resolve("logs/stdout.log").toFile()).start();
        viaNginx = "http://127.0.0.1:" + listen;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            try (Socket ignored = new Socket("127.0.0.1", listen)) {
                break;
            } catch (IOException e) {
                if (System.nanoTime() > deadline || !nginx.isAlive()) {
                    throw new AssertionError("nginx did not start: " + Files.readString(nginxPrefix.resolve("logs/error.log")));
                }
                Thread.sleep(100);
            }
        }
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (nginx != null) {
            nginx.destroy();
            if (!nginx.waitFor(10, TimeUnit.SECONDS)) {
                nginx.destroyForcibly();
            }
        }
        for (ConfigurableApplicationContext ctx : new ConfigurableApplicationContext[] {app1, app2}) {
            if (ctx != null && ctx.isActive()) {
                ctx.close();
            }
        }
        if (nginxPrefix != null) {
            try (var files = Files.walk(nginxPrefix)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    @Test
    @Order(1)
    void aConsultantWorksThroughNginxInABrowserAndStaysOnTheInstanceHoldingTheSession() throws Exception {
        WebDriver driver = Browsers.chromium();
        try {
            WebDriverWait wait = Browsers.waitOn(driver, Duration.ofSeconds(30));
            Browsers.login(driver, wait, viaNginx, CONSULTANT, PASSWORD);
            String session = driver.manage().getCookieNamed("JSESSIONID").getValue();
            assertThat(session).matches(".+\\.app[12]");
            ConfigurableApplicationContext holder = session.endsWith(".app1") ? app1 : app2;
            ConfigurableApplicationContext other = holder == app1 ? app2 : app1;
            assertThat(hasSession(holder, session)).as("the instance named in the cookie holds the session").isTrue();
            assertThat(hasSession(other, session)).isFalse();

            // full page loads and in-app navigation (Vaadin round trips over the same UI): each would land on the
            // login page if nginx sent it to the instance that does not hold the session
            for (String path : List.of("customers", "quotes", "customers")) {
                driver.get(viaNginx + "/" + path);
                wait.until(ExpectedConditions.presenceOfElementLocated(By.id("user-menu")));
                assertThat(driver.getCurrentUrl()).endsWith("/" + path);
            }
            wait.until(d -> d.getPageSource().contains(customerName));
            for (String path : List.of("quotes", "customers", "sizing", "customers")) {
                Browsers.clickInView(driver, wait, By.cssSelector("vaadin-side-nav-item[path$='" + path + "']"));
                wait.until(ExpectedConditions.urlToBe(viaNginx + "/" + path));
                wait.until(ExpectedConditions.presenceOfElementLocated(By.id("user-menu")));
            }
            wait.until(d -> d.getPageSource().contains(customerName));
            Cookie after = driver.manage().getCookieNamed("JSESSIONID");
            assertThat(after.getValue()).as("the same session all along").isEqualTo(session);
            assertThat(driver.getCurrentUrl()).doesNotContain("/login");
        } finally {
            driver.quit();
        }
    }

    @Test
    @Order(2)
    void quotesCreatedThroughEitherInstanceAreNumberedWithoutGapsOrDuplicates() throws Exception {
        List<Api> channels = List.of(Api.bearer(viaNginx, token), Api.bearer("http://127.0.0.1:" + port1, token),
                Api.bearer("http://127.0.0.1:" + port2, token));
        ExecutorService pool = Executors.newFixedThreadPool(channels.size());
        List<CompletableFuture<List<String>>> runs = new ArrayList<>();
        try {
            for (Api api : channels) {
                runs.add(CompletableFuture.supplyAsync(() -> {
                    List<String> numbers = new ArrayList<>();
                    for (int i = 0; i < 8; i++) {
                        var r = api.post("/api/v1/quotes", Map.of("projectId", projectId));
                        assertThat(r.status()).as(r.body()).isEqualTo(201);
                        numbers.add(r.json().path("number").asText());
                    }
                    return numbers;
                }, pool));
            }
            List<String> all = new ArrayList<>();
            for (var run : runs) {
                all.addAll(run.get(120, TimeUnit.SECONDS));
            }
            assertThat(all).hasSize(24).doesNotHaveDuplicates();
            assertGapless(all);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    @Order(3)
    void twoHundredQueuedMailsAreSentExactlyOnceWithBothInstancesRunning() throws Exception {
        String tag = UUID.randomUUID().toString().substring(0, 8);
        List<String> recipients = new ArrayList<>();
        try (Connection c = TestDatabase.adminConnection(); PreparedStatement ps = c.prepareStatement(
                "insert into mail_outbox (tenant_id, id, recipient, subject, body) values (?, ?, ?, ?, ?)")) {
            for (int i = 0; i < 200; i++) {
                String to = "m" + i + "-" + tag + "@cluster.example";
                recipients.add(to);
                ps.setObject(1, tenantId);
                ps.setObject(2, UUID.randomUUID());
                ps.setString(3, to);
                ps.setString(4, "Cluster " + i);
                ps.setString(5, "Body " + i);
                ps.addBatch();
            }
            ps.executeBatch();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (unsent(tag) > 0 && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertThat(unsent(tag)).as("mails still queued").isZero();
        assertThat(recipients).allSatisfy(r ->
                assertThat(MAIL_1.sends(r) + MAIL_2.sends(r)).as(r).isEqualTo(1));
        int byOne = recipients.stream().mapToInt(MAIL_1::sends).sum();
        int byTwo = recipients.stream().mapToInt(MAIL_2::sends).sum();
        assertThat(byOne + byTwo).isEqualTo(200);
        assertThat(byOne).as("instance 1 sent some").isPositive();
        assertThat(byTwo).as("instance 2 sent some").isPositive();
    }

    @Test
    @Order(4)
    void aSignalPublishedOnOneInstanceReachesTheOpenViewsOfTheOther() throws Exception {
        // the mechanism behind server push (an approval reaching an editor open on the other instance)
        com.gpuquote.shared.LiveUpdates on1 = app1.getBean(com.gpuquote.shared.LiveUpdates.class);
        com.gpuquote.shared.LiveUpdates on2 = app2.getBean(com.gpuquote.shared.LiveUpdates.class);
        String topic = com.gpuquote.shared.LiveUpdates.quote(UUID.randomUUID());
        java.util.concurrent.CountDownLatch reached = new java.util.concurrent.CountDownLatch(1);
        AtomicInteger onPublisher = new AtomicInteger();
        var sub1 = on1.subscribe(topic, reached::countDown);
        var sub2 = on2.subscribe(topic, onPublisher::incrementAndGet);
        try {
            on2.publishAfterCommit(topic);
            assertThat(reached.await(15, TimeUnit.SECONDS)).as("instance 1 heard instance 2's signal").isTrue();
            Thread.sleep(500);
            assertThat(onPublisher.get()).as("the publisher's own listeners fire once, not again via NOTIFY").isEqualTo(1);
        } finally {
            sub1.remove();
            sub2.remove();
        }
    }

    @Test
    @Order(5)
    void stoppingOneInstanceMidwayLosesNoAcknowledgedWriteAndRestContinuesThroughTheOther() throws Exception {
        Api api = Api.bearer(viaNginx, token);
        ConcurrentLinkedQueue<String> acknowledged = new ConcurrentLinkedQueue<>();
        AtomicInteger afterStop = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        AtomicBoolean stopped = new AtomicBoolean();
        AtomicBoolean done = new AtomicBoolean();
        ExecutorService writers = Executors.newFixedThreadPool(3);
        List<CompletableFuture<Void>> runs = new ArrayList<>();
        for (int w = 0; w < 3; w++) {
            runs.add(CompletableFuture.runAsync(() -> {
                while (!done.get()) {
                    Api.Response r;
                    try {
                        r = api.post("/api/v1/quotes", Map.of("projectId", projectId));
                    } catch (RuntimeException e) {
                        failed.incrementAndGet();
                        continue;
                    }
                    if (r.status() / 100 == 2) {
                        acknowledged.add(r.json().path("id").asText());
                        if (stopped.get()) {
                            afterStop.incrementAndGet();
                        }
                    } else {
                        failed.incrementAndGet();
                    }
                }
            }, writers));
        }
        try {
            waitFor(() -> acknowledged.size() >= 15, 60);
            app2.close();
            stopped.set(true);
            waitFor(() -> afterStop.get() >= 20, 60);
            // REST keeps answering through nginx with only instance 1 left, reads too
            assertThat(api.get("/api/v1/projects/" + projectId + "/quotes").status()).isEqualTo(200);
        } finally {
            done.set(true);
            for (var run : runs) {
                run.get(60, TimeUnit.SECONDS);
            }
            writers.shutdownNow();
        }
        assertThat(afterStop.get()).isGreaterThanOrEqualTo(20);
        List<String> ids = new ArrayList<>(acknowledged);
        long stored = (Long) query("select count(*) from quotes where id = any(?)", (Object) ids.stream()
                .map(UUID::fromString).toArray(UUID[]::new)).get(0);
        assertThat(stored).as("every acknowledged write is in the database (%s requests failed while the instance"
                + " stopped)", failed.get()).isEqualTo(ids.size());
        // and the numbering stayed gapless for every quote of the project, acknowledged or not
        List<String> numbers = new ArrayList<>();
        for (Object n : query("select number from quotes where project_id = ?", UUID.fromString(projectId))) {
            numbers.add((String) n);
        }
        assertGapless(numbers);
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private static void assertGapless(List<String> numbers) {
        List<Integer> seq = new ArrayList<>(numbers.stream()
                .map(n -> Integer.parseInt(n.substring(n.lastIndexOf('-') + 1))).toList());
        Collections.sort(seq);
        assertThat(seq).doesNotHaveDuplicates();
        assertThat(seq.get(seq.size() - 1) - seq.get(0) + 1).as("consecutive numbers %s", seq).isEqualTo(seq.size());
    }

    private static boolean hasSession(ConfigurableApplicationContext ctx, String id) throws IOException {
        var tomcat = ((TomcatWebServer) ((ServletWebServerApplicationContext) ctx).getWebServer()).getTomcat();
        Context context = (Context) tomcat.getHost().findChildren()[0];
        return context.getManager().findSession(id) != null;
    }

    private static long unsent(String tag) throws Exception {
        return (Long) query("select count(*) from mail_outbox where recipient like ? and sent_at is null",
                "%-" + tag + "@cluster.example").get(0);
    }

    private static void waitFor(java.util.function.BooleanSupplier condition, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + seconds + " s");
            }
            Thread.sleep(50);
        }
    }

    private static List<Object> query(String sql, Object... params) throws Exception {
        try (Connection c = TestDatabase.adminConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                if (params[i] instanceof UUID[] array) {
                    ps.setArray(i + 1, c.createArrayOf("uuid", array));
                } else {
                    ps.setObject(i + 1, params[i]);
                }
            }
            List<Object> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getObject(1));
                }
            }
            return out;
        }
    }
}
