package com.gpuquote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Issue 18: heap per logged-in consultant session with the quote editor open, and how many such sessions one instance
 * with {@code -Xmx1g} holds. A benchmark: it records figures; it fails only if the application stops answering.
 * <p>
 * Starts the production jar ({@code java -Xmx1g -jar}, profile {@code demo}) on a free port against a fresh database
 * {@code gpuquote_bench_<random>} (dropped afterwards). One headless Chromium then, again and again: signs in as the
 * demo consultant, opens the editor of a demo draft quote ({@code #quote-title} shown, Vaadin idle), deletes its
 * cookies and goes on. Without the cookie the next sign-in makes a new HTTP session, and the old one, with its UI and
 * the editor, stays alive on the server (session timeout 30 min; the old page never sends its unload beacon with
 * the old cookie). At each checkpoint ({@code at=0,25,50,100,200,300,400,500}) it takes the live heap after a full GC
 * with {@code jcmd <pid> GC.class_histogram} (which collects first; its total is the live bytes) and the 15 largest
 * classes, and checks that {@code /actuator/health} still answers. Bytes per session = the slope between
 * checkpoints. Run:
 * {@code mvn -Pbench -DskipTests test-compile exec:exec@session-heap -Dsessionheap.args="jar=target/gpuquote-….jar"}.
 * Writes {@code target/session-heap.md} and prints it.
 */
public final class SessionHeapBench {

    static final String CONSULTANT = "consultant@sanfei.demo";
    static final String CONSULTANT_PASSWORD = "Demo-Consultant-2026!";
    static final Pattern TOTAL = Pattern.compile("(?m)^Total\\s+(\\d+)\\s+(\\d+)\\s*$");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final ObjectMapper json = new ObjectMapper();

    public static void main(String[] argv) throws Exception {
        Map<String, String> args = BenchSupport.arguments(argv);
        new SessionHeapBench().run(args);
        System.exit(0);
    }

    void run(Map<String, String> args) throws Exception {
        Path jar = Path.of(args.getOrDefault("jar", "target/gpuquote.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("No production jar at " + jar + ": mvn -Pproduction -DskipTests package");
        }
        Browsers.requireChromium();
        TreeSet<Integer> checkpoints = new TreeSet<>();
        Arrays.stream(args.getOrDefault("at", "0,25,50,100,200,300,400,500").split(","))
                .map(String::trim).map(Integer::parseInt).forEach(checkpoints::add);
        String xmx = args.getOrDefault("xmx", "1g");
        int port = BenchSupport.freePort();
        String base = "http://localhost:" + port;
        String db = "gpuquote_bench_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        Path log = Path.of("target", "session-heap-server.log");
        Files.createDirectories(log.toAbsolutePath().getParent());
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + xmx, "-jar", jar.toAbsolutePath().toString(), "--spring.profiles.active=demo",
                "--server.port=" + port, "--gpuquote.public-url=" + base,
                "--gpuquote.db.url=jdbc:postgresql://" + TestDatabase.SERVER + "/" + db);
        Process app = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        List<Opener> openers = new ArrayList<>();
        StringBuilder table = new StringBuilder();
        table.append("| sessions | quote editors alive (histogram) | live heap after full GC (MiB) | per session since previous row (KiB) | health | ms per sign-in + editor | browser restarts |\n")
                .append("|---:|---:|---:|---:|---|---:|---:|\n");
        StringBuilder histograms = new StringBuilder();
        try {
            BenchSupport.waitHealthy(http, base, app, log);
            String quotePath = editorPath(base, app, log);
            int browsers = Integer.parseInt(args.getOrDefault("browsers", "1"));
            for (int i = 0; i < browsers; i++) {
                openers.add(new Opener(base, quotePath));
            }
            int sessions = 0;
            long previousBytes = -1;
            int previousSessions = 0;
            long openMs = 0;
            for (int target : checkpoints) {
                long t0 = System.nanoTime();
                int opened = 0;
                if (sessions < target) {
                    // each browser opens sessions until, together, they reach the checkpoint; no session is counted
                    // before its editor is shown, and none is opened beyond the checkpoint
                    AtomicInteger claimed = new AtomicInteger(sessions);
                    int goal = target;
                    List<Future<Integer>> running = new ArrayList<>();
                    ExecutorService pool = Executors.newFixedThreadPool(openers.size());
                    try {
                        for (Opener o : openers) {
                            running.add(pool.submit(() -> o.openUntil(claimed, goal)));
                        }
                        for (Future<Integer> f : running) {
                            opened += f.get();
                        }
                    } finally {
                        pool.shutdownNow();
                    }
                    sessions += opened;
                }
                int browserRestarts = openers.stream().mapToInt(o -> o.restarts).sum();
                if (opened > 0) {
                    openMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0) / opened;
                }
                String histogram = jcmd(app.pid(), "GC.class_histogram");
                Matcher m = TOTAL.matcher(histogram);
                if (!m.find()) {
                    throw new IllegalStateException("no total in the class histogram: " + histogram.lines().limit(5).toList());
                }
                long bytes = Long.parseLong(m.group(2));
                String health = health(base);
                String perSession = previousBytes < 0 || sessions == previousSessions ? "" : String.format(Locale.ROOT,
                        "%.0f", (bytes - previousBytes) / 1024.0 / (sessions - previousSessions));
                String row = String.format(Locale.ROOT, "| %d | %d | %.1f | %s | %s | %d | %d |%n", sessions,
                        editorsAlive(histogram), bytes / 1024.0 / 1024.0, perSession, health, openMs, browserRestarts);
                table.append(row);
                System.out.print(row);
                histograms.append("\n### ").append(sessions).append(" sessions: largest classes\n\n```\n")
                        .append(String.join("\n", histogram.lines().limit(18).toList())).append("\n```\n");
                previousBytes = bytes;
                previousSessions = sessions;
                // written at every checkpoint, so a run stopped early keeps what it measured
                Files.writeString(Path.of(args.getOrDefault("out", "target/session-heap.md")),
                        "## Session heap (-Xmx" + xmx + ", " + jar.getFileName() + ")\n\n" + table + histograms);
                if (!app.isAlive()) {
                    throw new IllegalStateException("the application stopped at " + sessions + " sessions; see " + log);
                }
            }
        } finally {
            for (Opener o : openers) {
                o.quit();
            }
            app.destroy();
            if (!app.waitFor(30, TimeUnit.SECONDS)) {
                app.destroyForcibly().waitFor();
            }
            BenchSupport.dropDatabase(db);
        }
        String out = "## Session heap (-Xmx" + xmx + ", " + jar.getFileName() + ")\n\n" + table + histograms;
        Path file = Path.of(args.getOrDefault("out", "target/session-heap.md"));
        Files.writeString(file, out);
        System.out.println(out);
        System.out.println("written to " + file.toAbsolutePath());
    }

    /**
     * Quote editors alive on the server after the full GC (their instances in the class histogram): each session
     * opened keeps its UI with one editor, so this proves the sessions counted are all still held.
     */
    static long editorsAlive(String histogram) {
        return histogram.lines().map(String::trim).filter(l -> l.endsWith(" com.gpuquote.quote.ui.QuoteEditorView"))
                .mapToLong(l -> Long.parseLong(l.split("\\s+")[1])).sum();
    }

    /** The editor of a demo draft quote, found through the REST API as the demo consultant. */
    private String editorPath(String base, Process app, Path log) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        while (System.nanoTime() < deadline) {
            if (!app.isAlive()) {
                throw new IllegalStateException("the application stopped; see " + log.toAbsolutePath());
            }
            JsonNode quotes = get(base, "/api/v1/quotes?latestOnly=true");
            if (quotes != null && quotes.size() >= 3) {
                for (JsonNode q : quotes) {
                    if ("DRAFT".equals(q.path("status").asText())) {
                        return "/quotes/" + q.path("id").asText();
                    }
                }
                return "/quotes/" + quotes.get(0).path("id").asText();
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("no demo data after 5 minutes; see " + log.toAbsolutePath());
    }

    private JsonNode get(String base, String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + path)).header("Authorization", "Basic "
                + Base64.getEncoder().encodeToString((CONSULTANT + ":" + CONSULTANT_PASSWORD).getBytes(StandardCharsets.UTF_8)))
                .timeout(Duration.ofSeconds(60)).build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        return response.statusCode() == 200 ? json.readTree(response.body()) : null;
    }

    private String health(String base) {
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + "/actuator/health"))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            return r.statusCode() + (r.body().contains("UP") ? " UP" : "");
        } catch (Exception e) {
            return "no answer: " + e.getClass().getSimpleName();
        }
    }


    private static String jcmd(long pid, String what) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                String.valueOf(pid), what).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(120, TimeUnit.SECONDS);
        return out;
    }


    /**
     * One headless Chromium that opens consultant sessions: sign in, open the editor, forget the cookies. A browser
     * that dies on the loaded machine is replaced (counted); the server's sessions stay as they are.
     */
    private static final class Opener {
        private final String base;
        private final String quotePath;
        private WebDriver driver;
        private WebDriverWait wait;
        int restarts;

        Opener(String base, String quotePath) throws IOException {
            this.base = base;
            this.quotePath = quotePath;
            this.driver = Browsers.chromium(1440, 900);
            this.wait = Browsers.waitOn(driver);
        }

        /** Opens sessions while {@code claimed} is below {@code goal}; returns how many this browser opened. */
        int openUntil(AtomicInteger claimed, int goal) throws IOException {
            int opened = 0;
            while (true) {
                int mine = claimed.incrementAndGet();
                if (mine > goal) {
                    claimed.decrementAndGet();
                    return opened;
                }
                while (!openOne()) {
                    // retried in a new browser
                }
                opened++;
            }
        }

        private boolean openOne() throws IOException {
            try {
                Browsers.login(driver, wait, base, CONSULTANT, CONSULTANT_PASSWORD);
                driver.get(base + quotePath);
                new WebDriverWait(driver, Duration.ofSeconds(90))
                        .until(ExpectedConditions.presenceOfElementLocated(By.id("quote-title")));
                // the server session (and its UI with the editor) stays; the browser forgets it
                driver.manage().deleteAllCookies();
                return true;
            } catch (WebDriverException e) {
                restarts++;
                System.err.println("browser restarted after: " + e.getMessage().lines().findFirst().orElse(""));
                quit();
                driver = Browsers.chromium(1440, 900);
                wait = Browsers.waitOn(driver);
                return false;
            }
        }

        void quit() {
            try {
                driver.quit();
            } catch (WebDriverException ignored) {
                // already gone
            }
        }
    }
}
