package com.gpuquote.shared.web;

import com.gpuquote.TestTenants;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Clients that send their bodies a byte at a time, to the portal with made-up tokens and to the REST API
 * signed in, hold no turn (ADR 1856): while they drip, signed-in REST requests and portal requests are served at once
 * (the context lets one REST and one portal request run at a time, so a single held turn would answer them 503 after
 * the two-second queue), an unauthenticated slow request is answered 401 before its body arrived, and a body still
 * arriving after the three-second read deadline is answered 408. Form and multipart bodies, which the container
 * parses itself, hold no turn either. The shared context's limiter is narrowed for the class (one REST and one portal
 * request at a time, a two-second queue).
 */
class SlowClientTest extends NarrowedLimitsTest {

    @Autowired
    TestTenants testTenants;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void slowBodiesHoldNoTurnAndAreCutOffAtTheReadDeadline() throws Exception {
        TestTenants.TestTenant tenant = testTenants.create();
        String auth = "Basic " + Base64.getEncoder().encodeToString(
                (tenant.consultantEmail() + ":" + TestTenants.PASSWORD).getBytes(StandardCharsets.UTF_8));
        ScheduledExecutorService drip = Executors.newScheduledThreadPool(2);
        List<Socket> slow = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++) {
                slow.add(slowPost("/portal/api/" + UUID.randomUUID().toString().replace("-", "") + "/questions",
                        null, drip));
            }
            slow.add(slowPost("/api/v1/customers", auth, drip));
            slow.add(slowPost("/api/v1/customers", auth, drip));
            Thread.sleep(500); // every slow request is in the server, sending its body

            // a held turn would answer these 503 server-busy after the two-second queue: their status is the proof
            // (how long they take is the machine's load, not the limiter's)
            HttpResponse<String> list = http.send(HttpRequest.newBuilder(
                            URI.create(baseUrl() + "/api/v1/customers?q=" + UUID.randomUUID()))
                    .header("Authorization", auth).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertThat(list.statusCode()).as(list.body()).isEqualTo(200);
            HttpResponse<String> portal = http.send(HttpRequest.newBuilder(
                    URI.create(baseUrl() + "/portal/api/" + UUID.randomUUID().toString().replace("-", "")))
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
            assertThat(portal.statusCode()).as("a portal lookup is served: " + portal.body()).isEqualTo(404);
            assertThat(limit.running()).as("the dripping requests hold no turn").isZero();

            try (Socket anonymous = slowPost("/api/v1/customers", null, drip)) {
                anonymous.setSoTimeout(5000);
                assertThat(statusLine(anonymous)).as("refused before the body arrived").contains(" 401 ");
            }

            for (Socket s : slow) {
                s.setSoTimeout(15_000);
            }
            for (Socket s : slow) {
                assertThat(statusLine(s)).as("cut off at the read deadline").contains(" 408 ");
            }
        } finally {
            drip.shutdownNow();
            for (Socket s : slow) {
                s.close();
            }
        }
    }

    @Test
    void slowMultipartAndFormBodiesHoldNoPortalTurn() throws Exception {
        ScheduledExecutorService drip = Executors.newScheduledThreadPool(2);
        List<Socket> slow = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                slow.add(slowPost("/portal/api/" + UUID.randomUUID().toString().replace("-", "") + "/questions",
                        null, "multipart/form-data; boundary=gq", "--gq\r\nContent-Disposition: form-data; name=\"text\""
                                + "\r\n\r\n", drip));
            }
            slow.add(slowPost("/portal/api/" + UUID.randomUUID().toString().replace("-", "") + "/questions", null,
                    "application/x-www-form-urlencoded", "text=", drip));
            Thread.sleep(500); // every slow request is in the server, sending its body

            // one portal request at a time: a turn held by a dripping body would make this a 503 after two seconds
            HttpResponse<String> portal = http.send(HttpRequest.newBuilder(
                    URI.create(baseUrl() + "/portal/api/" + UUID.randomUUID().toString().replace("-", "")))
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
            assertThat(portal.statusCode()).as("a portal lookup is served: " + portal.body()).isEqualTo(404);
            assertThat(limit.running()).as("the dripping requests hold no turn").isZero();
        } finally {
            drip.shutdownNow();
            for (Socket s : slow) {
                s.close();
            }
        }
    }

    /** A POST announcing a 1,000-byte JSON body of which one byte arrives every 200 ms. */
    private Socket slowPost(String path, String auth, ScheduledExecutorService drip) throws IOException {
        return slowPost(path, auth, "application/json", "{\"name\":\"", drip);
    }

    /** A POST announcing a 1,000-byte body of {@code type} that starts with {@code start}, then a byte every 200 ms. */
    private Socket slowPost(String path, String auth, String type, String start, ScheduledExecutorService drip)
            throws IOException {
        Socket socket = new Socket("localhost", port);
        OutputStream out = socket.getOutputStream();
        out.write(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: " + type + "\r\n"
                + (auth == null ? "" : "Authorization: " + auth + "\r\n")
                + "Content-Length: 1000\r\n\r\n" + start).getBytes(StandardCharsets.US_ASCII));
        out.flush();
        drip.scheduleAtFixedRate(() -> {
            try {
                out.write('a');
                out.flush();
            } catch (IOException e) {
                throw new IllegalStateException(e); // closed: stops this drip
            }
        }, 200, 200, TimeUnit.MILLISECONDS);
        return socket;
    }

    private static String statusLine(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b >= 0 && b != '\n'; b = in.read()) {
            line.append((char) b);
        }
        return line.toString();
    }
}
