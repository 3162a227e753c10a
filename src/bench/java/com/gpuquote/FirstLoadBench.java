package com.gpuquote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * First page loads of the production build in headless Chromium (issue 12). A benchmark: it records figures and
 * asserts nothing about time.
 * <p>
 * Per start (default 3): starts the production jar ({@code java -jar}, profile {@code demo}) on a free port against a
 * fresh database {@code gpuquote_bench_<random>} (created by the application's bootstrap, dropped afterwards), waits
 * until it is healthy, the demo data is seeded and {@code ClassPreloading} is done, plus {@code settle} ms (2,000),
 * signs in as the demo consultant and, in a second browser, as the demo tenant admin, then loads every main view
 * once (its first load after the start: cold), then {@code warm} (5) more times each (warm). Every load is a full
 * page load (a new document). The figure of a load is taken in the page from the browser's own clock:
 * {@code performance.now()} (milliseconds since the navigation started) at the first animation frame after the view
 * is there: its title ({@code #view-title}) and its own elements are in the document and Vaadin's client is idle
 * (initial UIDL processed, no request under way, no grid loading). A script added to every new document through the
 * DevTools protocol checks that every 5 ms, so WebDriver's own latency is not in the figure. Besides: the server round
 * trips of the load (Vaadin's {@code v-r=} requests started before the view was there; their summed durations on
 * loopback are the server's part), the bytes of those responses and the number of elements (shadow roots included):
 * the last two do not depend on the machine's load.
 * <p>
 * Run (docs/benchmarks.md): build the jar with {@code mvn -Pproduction -DskipTests package} (in a copy of the
 * worktree), then {@code mvn -Pbench -DskipTests test-compile exec:exec@first-load
 * -Dfirstload.args="jar=/path/to/gpuquote.jar starts=3 warm=5"}. Several jars ({@code jar=before.jar,after.jar})
 * take turns start by start. Other arguments: {@code settle=}, {@code jvm=} (JVM options of the application),
 * {@code app=} (application arguments), {@code views=} (comma-separated words; only the views whose name contains
 * one, e.g. {@code views=sizing,home,quotes}), {@code breakdown=} (an id prefix, e.g. {@code breakdown=sizing-}: after each
 * cold load, print the elements by tag and under each element of such an id), {@code out=} (default
 * {@code target/first-load.md}). Writes the markdown table
 * and prints it.
 */
public final class FirstLoadBench {

    static final String CONSULTANT = "consultant@sanfei.demo";
    static final String CONSULTANT_PASSWORD = "Demo-Consultant-2026!";
    static final String ADMIN = "admin@sanfei.demo";
    static final String ADMIN_PASSWORD = "Demo-Admin-2026!";

    /** Runs in every new document (before the page's own scripts) and records when the view is there. */
    static final String PROBE = """
            (() => {
              const sel = sessionStorage.getItem('gq-ready');
              if (!sel) return;
              // what is still missing, or null once the view is there
              const missing = () => {
                const title = document.getElementById('view-title');
                if (!title || !title.textContent.trim()) return 'title';
                for (const s of sel.split('&&')) if (!document.querySelector(s)) return s;
                if (document.querySelector('vaadin-connection-indicator[loading]')) return 'connection indicator';
                if (document.querySelector('vaadin-grid[loading]')) return 'grid loading';
                const clients = window.Vaadin && window.Vaadin.Flow && window.Vaadin.Flow.clients;
                if (!clients || Object.keys(clients).length === 0) return 'no Vaadin client';
                for (const k in clients) { const c = clients[k]; if (c && c.isActive && c.isActive()) return 'client ' + k + ' active'; }
                return null;
              };
              window.__gqMissing = missing;
              const ready = () => missing() === null;
              const timer = setInterval(() => {
                if (window.__gqReady != null || !ready()) return;
                clearInterval(timer);
                window.__gqReady = performance.now();
                requestAnimationFrame(() => { window.__gqPainted = performance.now(); });
              }, 5);
            })();""";

    /** What the page reports once the view is there. */
    static final String COLLECT = """
            const ready = window.__gqReady;
            const n = performance.getEntriesByType('navigation')[0];
            const trips = performance.getEntriesByType('resource')
                .filter(r => r.name.includes('v-r=') && r.startTime < ready)
                .map(r => Math.round(r.duration));
            // every element, shadow roots included: what the browser built (load-independent evidence)
            const deep = root => { let n = 0; for (const e of root.querySelectorAll('*')) { n++; if (e.shadowRoot) n += deep(e.shadowRoot); } return n; };
            const uidl = performance.getEntriesByType('resource').filter(r => r.name.includes('v-r=') && r.startTime < ready);
            return {painted: window.__gqPainted, ready: ready, elements: deep(document),
                    uidlBytes: uidl.reduce((a, r) => a + (r.decodedBodySize || 0), 0),
                    docMs: n ? Math.round(n.responseEnd - n.requestStart) : -1, trips: trips};""";

    /**
     * With {@code breakdown=<id prefix>}: after each cold load, the element counts by tag (shadow roots included) and
     * under each element whose id starts with the prefix (nested ones counted in their ancestors too).
     */
    static final String BREAKDOWN = """
            const deep = root => { let n = 0; for (const e of root.querySelectorAll('*')) { n++; if (e.shadowRoot) n += deep(e.shadowRoot); } return n; };
            const tags = {};
            const walk = root => { for (const e of root.querySelectorAll('*')) { tags[e.localName] = (tags[e.localName] || 0) + 1; if (e.shadowRoot) walk(e.shadowRoot); } };
            walk(document);
            const top = Object.entries(tags).sort((a, b) => b[1] - a[1]).slice(0, 20).map(([t, n]) => t + ' ' + n).join(', ');
            const parts = [...document.querySelectorAll('[id]')].filter(e => e.id.startsWith(arguments[0]))
                .map(e => e.id + ' ' + (1 + deep(e) + (e.shadowRoot ? deep(e.shadowRoot) : 0))).join(', ');
            return '  tags: ' + top + ' / ids: ' + parts;""";

    record View(String name, String path, String ready, boolean admin) {
    }

    record Load(double ms, int elements, long uidlBytes, int docMs, List<Integer> trips) {
        int serverMs() {
            return trips.stream().mapToInt(Integer::intValue).sum();
        }
    }

    private final Map<String, String> args;
    private final Path jar;
    private final int starts;
    private final int warm;
    private final long settleMs;
    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    /** Per view: cold loads (one per start) and warm loads (all starts). */
    private final Map<String, List<Load>> cold = new LinkedHashMap<>();
    private final Map<String, List<Load>> warmLoads = new LinkedHashMap<>();
    private final List<Long> startupMs = new ArrayList<>();
    private final List<String> loadAverages = new ArrayList<>();

    FirstLoadBench(Map<String, String> args, Path jar) {
        this.args = args;
        this.jar = jar;
        this.starts = Integer.parseInt(args.getOrDefault("starts", "3"));
        this.warm = Integer.parseInt(args.getOrDefault("warm", "5"));
        this.settleMs = Long.parseLong(args.getOrDefault("settle", "2000"));
    }

    public static void main(String[] argv) throws Exception {
        Map<String, String> args = BenchSupport.arguments(argv);
        // several jars (jar=a.jar,b.jar: before and after a change) take turns, one start each, so that the
        // machine's changing load falls on all of them alike
        List<FirstLoadBench> benches = new ArrayList<>();
        for (String jar : args.getOrDefault("jar", defaultJar()).split(",")) {
            benches.add(new FirstLoadBench(args, Path.of(jar.trim())));
        }
        for (FirstLoadBench bench : benches) {
            bench.check();
        }
        String startedAt = Instant.now().toString();
        int starts = benches.get(0).starts;
        for (int s = 1; s <= starts; s++) {
            for (FirstLoadBench bench : benches) {
                bench.oneStart(s);
            }
        }
        StringBuilder table = new StringBuilder();
        for (FirstLoadBench bench : benches) {
            table.append(bench.table(startedAt)).append("\n");
        }
        Path out = Path.of(args.getOrDefault("out", "target/first-load.md"));
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, table);
        System.out.println(table);
        System.out.println("written to " + out.toAbsolutePath());
        System.exit(0);
    }

    private static String defaultJar() {
        File[] jars = new File("target").listFiles((d, n) -> n.startsWith("gpuquote-") && n.endsWith(".jar"));
        return jars == null || jars.length == 0 ? "target/gpuquote.jar" : jars[0].getPath();
    }

    private void check() {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("No production jar at " + jar + ": build it with "
                    + "mvn -Pproduction -DskipTests package and pass jar=<path> in -Dfirstload.args");
        }
        Browsers.requireChromium();
    }

    private void oneStart(int number) throws Exception {
        int port = BenchSupport.freePort();
        String base = "http://localhost:" + port;
        String db = "gpuquote_bench_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        String jvm = args.getOrDefault("jvm", "");
        if (!jvm.isBlank()) {
            command.addAll(List.of(jvm.trim().split("\\s+")));
        }
        command.addAll(List.of("-jar", jar.toAbsolutePath().toString(), "--spring.profiles.active=demo",
                "--server.port=" + port, "--gpuquote.public-url=" + base,
                "--gpuquote.db.url=jdbc:postgresql://" + TestDatabase.SERVER + "/" + db));
        String appArgs = args.getOrDefault("app", "");
        if (!appArgs.isBlank()) {
            command.addAll(List.of(appArgs.trim().split("\\s+")));
        }
        Path log = Path.of("target", "first-load-server-" + Math.abs(jar.toAbsolutePath().hashCode()) + "-" + number + ".log");
        Files.createDirectories(log.toAbsolutePath().getParent());
        loadAverages.add("start " + number + " before: " + loadAverage());
        long t0 = System.nanoTime();
        Process app = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        WebDriver consultant = null;
        WebDriver admin = null;
        try {
            BenchSupport.waitHealthy(http, base, app, log);
            waitForDemoData(base, app, log);
            startupMs.add((System.nanoTime() - t0) / 1_000_000);
            Thread.sleep(settleMs);
            List<View> views = views(base);
            consultant = browser(base, CONSULTANT, CONSULTANT_PASSWORD);
            admin = browser(base, ADMIN, ADMIN_PASSWORD);
            for (View v : views) {
                Load l = load(v.admin() ? admin : consultant, base, v);
                cold.computeIfAbsent(v.name(), k -> new ArrayList<>()).add(l);
                System.out.printf(Locale.ROOT, jar.getParent() + " start %d cold %-28s %6.0f ms  %5d elements  %4d KiB UIDL  server %4d ms %s%n",
                        number, v.name(), l.ms(), l.elements(), l.uidlBytes() / 1024, l.serverMs(), l.trips());
                if (args.containsKey("breakdown")) {
                    System.out.println(((JavascriptExecutor) (v.admin() ? admin : consultant))
                            .executeScript(BREAKDOWN, args.get("breakdown")));
                }
            }
            for (int round = 0; round < warm; round++) {
                for (View v : views) {
                    Load l = load(v.admin() ? admin : consultant, base, v);
                    warmLoads.computeIfAbsent(v.name(), k -> new ArrayList<>()).add(l);
                }
            }
            warmLoads.forEach((name, loads) -> System.out.printf(Locale.ROOT, jar.getParent() + " start %d warm %-28s median %6.0f ms%n",
                    number, name, median(loads.stream().map(Load::ms).toList())));
            loadAverages.add("start " + number + " after: " + loadAverage());
        } finally {
            if (consultant != null) {
                consultant.quit();
            }
            if (admin != null) {
                admin.quit();
            }
            app.destroy();
            if (!app.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
                app.destroyForcibly().waitFor();
            }
            BenchSupport.dropDatabase(db);
        }
    }

    /** The views, with the ids of demo records looked up through the REST API (as the demo users). */
    private List<View> views(String base) throws Exception {
        JsonNode quotes = get(base, "/api/v1/quotes?latestOnly=true", CONSULTANT, CONSULTANT_PASSWORD);
        JsonNode quote = quotes.get(0); // the demo data has three (waitForDemoData)
        for (JsonNode q : quotes) {
            if ("DRAFT".equals(q.path("status").asText())) {
                quote = q; // the editor with its options and lines editable: the consultant's usual case
                break;
            }
        }
        String customerId = quote.path("customer").path("id").asText();
        String projectId = quote.path("projectId").asText();
        JsonNode lists = get(base, "/api/v1/price-lists", ADMIN, ADMIN_PASSWORD);
        String priceListId = null;
        for (JsonNode l : lists) {
            if ("PUBLISHED".equals(l.path("status").asText())) {
                priceListId = l.path("id").asText();
            }
        }
        List<View> views = new ArrayList<>(List.of(
                new View("home /", "/", "#home-cards", false),
                new View("sizing /sizing", "/sizing", "#sizing-form&&#sizing-candidates", false),
                new View("quotes /quotes", "/quotes", "#quotes-grid", false),
                new View("customers /customers", "/customers", "#customer-search&&vaadin-grid", false),
                new View("customer /customers/:id", "/customers/" + customerId, "#customer-projects", false),
                new View("project /projects/:id", "/projects/" + projectId, "#project-title", false),
                new View("quote editor /quotes/:id", "/quotes/" + quote.path("id").asText(), "#quote-title", false),
                new View("prices /prices", "/prices", "#prices-grid", false),
                new View("catalog /catalog", "/catalog", "#catalog-gib-note&&vaadin-grid", false),
                new View("orders /orders", "/orders", "#orders-grid", false),
                new View("price lists /price-lists", "/price-lists", "#price-lists-grid", true)));
        if (priceListId != null) {
            views.add(new View("price list /price-lists/:id", "/price-lists/" + priceListId, "#price-list-info", true));
        }
        views.add(new View("approvals /approvals", "/approvals", "#approvals-grid", true));
        views.add(new View("dashboard /dashboard", "/dashboard", "#dashboard-tiles", true));
        // views=sizing,home: only the views whose name contains one of these words (a shorter run)
        String only = args.getOrDefault("views", "");
        if (!only.isBlank()) {
            List<String> words = List.of(only.split(","));
            views.removeIf(v -> words.stream().noneMatch(w -> v.name().contains(w.trim())));
        }
        return views;
    }

    private Load load(WebDriver driver, String base, View v) {
        JavascriptExecutor js = (JavascriptExecutor) driver;
        js.executeScript("sessionStorage.setItem('gq-ready', arguments[0]);", v.ready());
        driver.get(base + v.path());
        new WebDriverWait(driver, Duration.ofSeconds(90), Duration.ofMillis(50))
                .withMessage(() -> v.name() + " did not finish loading at " + driver.getCurrentUrl() + ": missing "
                        + js.executeScript("return window.__gqMissing ? window.__gqMissing() : 'probe'"))
                .until(d -> js.executeScript("return window.__gqPainted != null"));
        @SuppressWarnings("unchecked")
        Map<String, Object> r = (Map<String, Object>) js.executeScript(COLLECT);
        List<Integer> trips = ((List<?>) r.get("trips")).stream().map(o -> ((Number) o).intValue()).toList();
        return new Load(((Number) r.get("painted")).doubleValue(), ((Number) r.get("elements")).intValue(),
                ((Number) r.get("uidlBytes")).longValue(), ((Number) r.get("docMs")).intValue(), trips);
    }

    private WebDriver browser(String base, String email, String password) throws IOException {
        WebDriver driver = Browsers.chromium(1440, 900);
        ((ChromeDriver) driver).executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source", PROBE));
        Browsers.login(driver, Browsers.waitOn(driver), base, email, password);
        return driver;
    }

    private JsonNode get(String base, String path, String user, String password) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + path)).header("Authorization", "Basic "
                + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)))
                .timeout(Duration.ofSeconds(60)).build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException(path + " answered " + response.statusCode() + ": " + response.body());
        }
        return json.readTree(response.body());
    }


    /** The demo data is seeded after start-up: wait until the demo consultant sees the sample quotes. */
    private void waitForDemoData(String base, Process app, Path log) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        while (System.nanoTime() < deadline) {
            if (!app.isAlive()) {
                throw new IllegalStateException("the application stopped; see " + log.toAbsolutePath());
            }
            try {
                // the last start-up work: the demo runners end with the deployments, then ClassPreloading logs
                // once it has loaded the classes (not when gpuquote.preload-classes=false: then the quotes suffice)
                String logged = Files.readString(log);
                boolean preloading = !String.join(" ", args.getOrDefault("jvm", ""), args.getOrDefault("app", ""))
                        .contains("preload-classes=false");
                // and the sizing warm-up (SizingWarmUp) is done, unless it is off
                boolean sizingWarmUp = !String.join(" ", args.getOrDefault("jvm", ""), args.getOrDefault("app", ""))
                        .contains("sizing.warm-up=false");
                if (get(base, "/api/v1/quotes?latestOnly=true", CONSULTANT, CONSULTANT_PASSWORD).size() >= 3
                        && logged.contains("Demo deployment with") && (!preloading || logged.contains("Preloaded "))
                        && (!sizingWarmUp || logged.contains("Sizing warm-up"))) {
                    return;
                }
            } catch (IllegalStateException notYet) {
                // the demo accounts are not there yet (401)
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("no demo data after 5 minutes; see " + log.toAbsolutePath());
    }



    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "?";
        }
    }

    private String table(String startedAt) {
        StringBuilder b = new StringBuilder();
        b.append("First page loads, production jar ").append(jar).append(", started ").append(startedAt)
                .append(", ").append(starts).append(" start(s), ").append(warm).append(" warm load(s) per view and start, ")
                .append("headless Chromium 1440 × 900, ").append(Runtime.getRuntime().availableProcessors())
                .append(" CPUs\n\n");
        b.append("Start-up until healthy, demo data seeded and classes preloaded: ").append(startupMs)
                .append(" ms; then ").append(settleMs).append(" ms before the first load\n\n");
        b.append("Elements: every element of the document, shadow roots included, at the cold load (median). UIDL: "
                + "bytes of Vaadin's responses. Server ms: summed durations of Vaadin's round trips (loopback)")
                .append("\n\n");
        b.append("Load average (/proc/loadavg): ").append(String.join("; ", loadAverages)).append("\n\n");
        b.append("| view | cold ms: median (range) | warm ms: median (range) | elements | UIDL KiB | round trips "
                + "cold / warm | server ms cold: median (range) | server ms warm: median |\n");
        b.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        cold.forEach((name, c) -> {
            List<Load> w = warmLoads.getOrDefault(name, List.of());
            b.append("| ").append(name)
                    .append(" | ").append(stat(c, Load::ms))
                    .append(" | ").append(w.isEmpty() ? "–" : stat(w, Load::ms))
                    .append(" | ").append(fmt(median(c.stream().map(l -> (double) l.elements()).toList())))
                    .append(" | ").append(fmt(median(c.stream().map(l -> l.uidlBytes() / 1024.0).toList())))
                    .append(" | ").append(fmt(median(c.stream().map(l -> (double) l.trips().size()).toList())))
                    .append(" / ").append(w.isEmpty() ? "–" : fmt(median(w.stream().map(l -> (double) l.trips().size()).toList())))
                    .append(" | ").append(stat(c, l -> (double) l.serverMs()))
                    .append(" | ").append(w.isEmpty() ? "–" : fmt(median(w.stream().map(l -> (double) l.serverMs()).toList())))
                    .append(" |\n");
        });
        b.append("\nCold loads per start (ms, in start order): ");
        cold.forEach((name, c) -> b.append("\n- ").append(name).append(": ")
                .append(c.stream().map(l -> fmt(l.ms()) + " (server " + l.serverMs() + ", trips " + l.trips() + ")")
                        .toList()));
        b.append("\n");
        return b.toString();
    }

    private static String stat(List<Load> loads, Function<Load, Double> f) {
        List<Double> v = loads.stream().map(f).sorted().toList();
        return fmt(median(v)) + " (" + fmt(v.get(0)) + "–" + fmt(v.get(v.size() - 1)) + ")";
    }

    static double median(List<Double> values) {
        List<Double> v = values.stream().sorted().toList();
        if (v.isEmpty()) {
            return Double.NaN;
        }
        int m = v.size() / 2;
        return v.size() % 2 == 1 ? v.get(m) : (v.get(m - 1) + v.get(m)) / 2;
    }

    private static String fmt(double d) {
        return String.format(Locale.ROOT, "%,.0f", d);
    }
}
