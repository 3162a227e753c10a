package com.gpuquote.load;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;

import java.time.Duration;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.constantConcurrentUsers;
import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.jmesPath;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * The REST load test of issue 18 (docs/benchmarks.md), against a running instance on 127.0.0.1 with the demo data:
 * one phase per endpoint, one after the other so they do not compete, each {@code gatling.users} connections
 * (default 16) for {@code gatling.phaseSeconds} (default 20): /actuator/health first as the baseline, then sizing,
 * recommendations, quote create (4 options × 25 lines), quote read, its PDF, and the customer portal (view and accept
 * of freshly sent quotes, bounded to {@code gatling.portalQuotes}, default 60, below the portal's per-IP lookup limit).
 * Bounded in time and requests; any failed request fails the run. It records figures, it asserts no speed.
 */
public class RestLoadSimulation extends Simulation {

    private static final String BASE = System.getProperty("gatling.baseUrl", "http://127.0.0.1:8080");
    private static final int USERS = Integer.getInteger("gatling.users", 16);
    private static final Duration PHASE = Duration.ofSeconds(Long.getLong("gatling.phaseSeconds", 20));
    private static final int PORTAL_QUOTES = Integer.getInteger("gatling.portalQuotes", 60);
    /** Arrival rates (creates per second) of the open-model "create-rate" phases, one phase per rate. */
    private static final String CREATE_RATES = System.getProperty("gatling.createRates", "40,60,80,100");

    private final LoadSetup setup = LoadSetup.prepare(BASE);

    private final HttpProtocolBuilder protocol = http.baseUrl(BASE)
            .acceptHeader("application/json")
            .contentTypeHeader("application/json")
            .header("Authorization", "Bearer " + setup.token())
            .shareConnections()
            // the open-model phases may not open more connections than the closed ones use
            .maxConnectionsPerHost(USERS);

    private static final String SIZING = """
            {"workload":"INFERENCE","model":{"preset":"llama-3-8b"},"precision":"BF16","sequenceLength":4096,
             "microBatchSize":8}""";

    private ScenarioBuilder phase(String name, ChainBuilder request) {
        return scenario(name).during(PHASE).on(request);
    }

    private PopulationBuilder run(ScenarioBuilder scenario) {
        return scenario.injectClosed(constantConcurrentUsers(USERS).during(PHASE));
    }

    {
        ChainBuilder health = exec(http("health").get("/actuator/health").header("Authorization", "")
                .check(status().is(200)));
        ChainBuilder sizing = exec(http("sizing").post("/api/v1/sizing").body(StringBody(SIZING))
                .check(status().is(200)));
        ChainBuilder recommendations = exec(http("recommendations").post("/api/v1/recommendations")
                .body(StringBody(setup.recommendationRequest())).check(status().is(200)));
        ChainBuilder create = exec(http("quote create 4x25").post("/api/v1/quotes")
                .body(StringBody(setup.quoteBody(4, 25))).check(status().is(201)));
        ChainBuilder read = exec(http("quote read 4x25").get("/api/v1/quotes/" + setup.bigQuoteId())
                .check(status().is(200)));
        ChainBuilder pdf = exec(http("quote pdf 4x25").get("/api/v1/quotes/" + setup.bigQuoteId() + ".pdf")
                .header("Accept", "application/pdf").check(status().is(200)));
        ChainBuilder portal = exec(
                http("portal setup: create").post("/api/v1/quotes").body(StringBody(setup.quoteBody(1, 1)))
                        .check(status().is(201), jmesPath("id").saveAs("quoteId")),
                http("portal setup: submit").post("/api/v1/quotes/#{quoteId}/submit").body(StringBody("{}"))
                        .check(status().is(200)),
                http("portal setup: send").post("/api/v1/quotes/#{quoteId}/send").body(StringBody("{}"))
                        .check(status().is(200), jmesPath("portalUrl").transform(u -> u.substring(u.lastIndexOf('/') + 1))
                                .saveAs("portalToken")),
                http("portal view").get("/portal/api/#{portalToken}").header("Authorization", "")
                        .check(status().is(200), jmesPath("quote.options[0].id").saveAs("optionId")),
                http("portal accept").post("/portal/api/#{portalToken}/accept").header("Authorization", "")
                        .body(StringBody("""
                                {"optionId":"#{optionId}","signerName":"压测","signerEmail":"load@customer.example","agree":true}"""))
                        .check(status().is(200)));

        int portalUsers = Math.min(USERS, PORTAL_QUOTES);
        // quote create as an open model: creates arrive at a fixed rate over at most USERS connections, so the
        // latency at a given throughput is measured rather than the saturated one (docs/benchmarks.md)
        java.util.List<PopulationBuilder> createRates = new java.util.ArrayList<>();
        for (String rate : CREATE_RATES.split(",")) {
            int perSecond = Integer.parseInt(rate.strip());
            createRates.add(scenario("quote create at " + perSecond + "/s")
                    .exec(http("quote create 4x25 at " + perSecond + "/s").post("/api/v1/quotes")
                            .body(StringBody(setup.quoteBody(4, 25))).check(status().is(201)))
                    .injectOpen(constantUsersPerSec(perSecond).during(PHASE)));
        }
        // gatling.phases (e.g. "health,create"): only these phases, in this order; default all
        java.util.Map<String, PopulationBuilder> phases = new java.util.LinkedHashMap<>();
        phases.put("health", run(phase("health", health)));
        phases.put("sizing", run(phase("sizing", sizing)));
        phases.put("recommendations", run(phase("recommendations", recommendations)));
        phases.put("create", run(phase("quote create", create)));
        PopulationBuilder rates = null;
        for (PopulationBuilder p : createRates) {
            rates = rates == null ? p : rates.andThen(p);
        }
        phases.put("create-rate", rates);
        phases.put("read", run(phase("quote read", read)));
        phases.put("pdf", run(phase("quote pdf", pdf)));
        phases.put("portal", scenario("portal").exec(repeat(Math.max(1, PORTAL_QUOTES / portalUsers)).on(portal))
                .injectOpen(atOnceUsers(portalUsers)));
        String selected = System.getProperty("gatling.phases", String.join(",", phases.keySet()));
        PopulationBuilder chain = null;
        for (String name : selected.split(",")) {
            PopulationBuilder p = phases.get(name.strip());
            if (p == null) {
                throw new IllegalArgumentException("unknown phase " + name + "; phases: " + phases.keySet());
            }
            chain = chain == null ? p : chain.andThen(p);
        }
        setUp(chain)
                .protocols(protocol)
                .maxDuration(PHASE.multipliedBy(10))
                .assertions(global().failedRequests().count().is(0L));
    }
}
