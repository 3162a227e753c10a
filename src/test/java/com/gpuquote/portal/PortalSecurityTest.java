package com.gpuquote.portal;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.security.SecretTokens;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The token is never stored, logged or echoed; no cost leaves the portal; headers; throttle; no CSRF needed. */
class PortalSecurityTest extends IntegrationTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    PortalThrottle throttle;

    Api customer;

    @BeforeEach
    void setUp() {
        throttle.reset("127.0.0.1");
        customer = Api.anonymous(baseUrl());
    }

    @Test
    void theDatabaseHoldsOnlyTheHashAndNoLogLineOrResponseCarriesTheToken() throws Exception {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ListAppender<ILoggingEvent> logs = new ListAppender<>();
        logs.start();
        root.addAppender(logs);
        PortalFixtures.Sent s;
        try {
            s = fixtures.sentQuote();
            // the page path too (its status filter resolves the token); the rendered page: PortalViewTest
            assertThat(customer.get("/portal/q/" + s.token()).status()).isEqualTo(200);
            assertThat(customer.get("/portal/q/" + s.token() + "x").status()).isEqualTo(404);
            customer.get("/portal/api/" + s.token());
            customer.post("/portal/api/" + s.token() + "/questions", Map.of("text", "能否按年付？"));
            customer.post("/portal/api/" + s.token() + "/accept", Map.of("optionId", s.optionId("A"),
                    "signerName", "张三", "signerEmail", "zhang@customer.example", "agree", true));
            var wrong = customer.get("/portal/api/" + s.token() + "x");
            assertThat(wrong.body()).doesNotContain(s.token());
        } finally {
            root.detachAppender(logs);
        }
        String token = s.token();
        assertThat(logs.list).noneMatch(e -> e.getFormattedMessage().contains(token)
                || (e.getThrowableProxy() != null && String.valueOf(e.getThrowableProxy().getMessage()).contains(token)));

        byte[] raw = token.getBytes(StandardCharsets.UTF_8);
        byte[] hash = SecretTokens.sha256(token);
        fixtures.inTenant(s.tenantId(), () -> {
            for (String table : List.of("portal_links", "portal_acceptances", "portal_questions", "audit_events",
                    "notifications", "mail_outbox")) {
                List<String> rows = fixtures.jdbc().sql("select t::text from " + table + " t").query(String.class).list();
                assertThat(rows).as(table).isNotEmpty().noneMatch(r -> r.contains(token));
            }
            List<byte[]> hashes = fixtures.jdbc().sql("select token_hash from portal_links where quote_id = ?")
                    .param(s.quoteId().value()).query(byte[].class).list();
            assertThat(hashes).hasSize(1);
            assertThat(hashes.get(0)).isEqualTo(hash).hasSize(32).isNotEqualTo(raw);
            return null;
        });
        // the link mail left a trace (unsent here: no SMTP in tests) without the link
        List<String> mails = fixtures.inTenant(s.tenantId(), () -> fixtures.jdbc()
                .sql("select body from mail_outbox where direct and recipient = 'zhang@customer.example'")
                .query(String.class).list());
        assertThat(mails).singleElement().asString().doesNotContain("/portal/q/");
        assertThat(everyTextColumnHolding(token)).isEmpty();
    }

    /** Every text, varchar, json(b) and bytea column of every table (as the admin: RLS does not hide rows). */
    static List<String> everyTextColumnHolding(String secret) throws java.sql.SQLException {
        List<String> found = new java.util.ArrayList<>();
        byte[] secretBytes = secret.getBytes(StandardCharsets.UTF_8);
        try (java.sql.Connection c = com.gpuquote.TestDatabase.adminConnection();
             java.sql.Statement st = c.createStatement()) {
            List<String[]> columns = new java.util.ArrayList<>();
            try (java.sql.ResultSet rs = st.executeQuery("""
                    select c.table_schema, c.table_name, c.column_name, c.data_type from information_schema.columns c
                    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
                    where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
                      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea',
                                          'ARRAY', 'USER-DEFINED')""")) {
                while (rs.next()) {
                    columns.add(new String[] {rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)});
                }
            }
            assertThat(columns).extracting(col -> col[1]).contains("mail_outbox", "portal_links", "audit_events");
            for (String[] col : columns) {
                String column = "\"" + col[0] + "\".\"" + col[1] + "\".\"" + col[2] + "\"";
                String table = "\"" + col[0] + "\".\"" + col[1] + "\"";
                String name = col[2].replace("\"", "\"\"");
                String where = col[3].equals("bytea")
                        ? "position(? in \"" + name + "\") > 0"
                        : "strpos(\"" + name + "\"::text, ?) > 0";
                try (java.sql.PreparedStatement ps = c.prepareStatement("select count(*) from " + table + " where " + where)) {
                    if (col[3].equals("bytea")) {
                        ps.setBytes(1, secretBytes);
                    } else {
                        ps.setString(1, secret);
                    }
                    try (java.sql.ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        if (rs.getLong(1) > 0) {
                            found.add(column);
                        }
                    }
                }
            }
        }
        return found;
    }

    @Test
    void responsesCarryNoCostOrMarginAndTheNoReferrerPolicy() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        for (String path : List.of("", "/questions")) {
            var r = path.isEmpty() ? customer.get("/portal/api/" + s.token())
                    : customer.post("/portal/api/" + s.token() + path, Map.of("text", "交付周期？"));
            assertThat(r.status()).as(r.body()).isEqualTo(200);
            assertThat(r.header("Referrer-Policy")).isEqualTo("no-referrer");
            assertThat(r.header("X-Content-Type-Options")).isEqualTo("nosniff");
            assertThat(r.body()).doesNotContainIgnoringCase("cost").doesNotContainIgnoringCase("margin")
                    .doesNotContainIgnoringCase("floor").doesNotContain("2500").doesNotContain("unitPrice\":7.7777");
        }
        var page = customer.get("/portal/q/" + s.token());
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Referrer-Policy")).isEqualTo("no-referrer");
        assertThat(customer.get("/login").header("Referrer-Policy")).isEqualTo("strict-origin-when-cross-origin");
        var pdf = customer.get("/portal/api/" + s.token() + "/pdf");
        assertThat(pdf.status()).isEqualTo(200);
        assertThat(pdf.header("Content-Type")).isEqualTo("application/pdf");
        assertThat(pdf.header("Referrer-Policy")).isEqualTo("no-referrer");
    }

    @Test
    void anAddressTryingTooManyUnknownTokensIsThrottledEvenForAGenuineOne() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        try {
            for (int i = 0; i < PortalThrottle.MAX_FAILURES_PER_WINDOW; i++) {
                assertThat(customer.get("/portal/api/" + SecretTokens.newToken("")).status()).isEqualTo(404);
            }
            var blocked = customer.get("/portal/api/" + s.token());
            assertThat(blocked.status()).isEqualTo(429);
            assertThat(blocked.header("Retry-After")).isNotNull();
        } finally {
            throttle.reset("127.0.0.1");
        }
        assertThat(customer.get("/portal/api/" + s.token()).status()).isEqualTo(200);
    }

    @Test
    void theConsultantIsToldAboutViewsQuestionsAndAcceptanceAndAnswersInTheApp() {
        TestTenants.TestTenant t = fixtures.tenantWithPrices();
        PortalFixtures.Sent s = fixtures.sentQuote(t, "en");
        Api consultant = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
        customer.get("/portal/api/" + s.token());
        customer.get("/portal/api/" + s.token());
        customer.post("/portal/api/" + s.token() + "/questions", Map.of("text", "Can we pay yearly?"));
        Long kinds = fixtures.inTenant(s.tenantId(), () -> fixtures.jdbc()
                .sql("select count(*) from notifications where kind in ('QUOTE_VIEWED', 'QUOTE_QUESTION')")
                .query(Long.class).single());
        assertThat(kinds).isEqualTo(2);
        var view = customer.get("/portal/api/" + s.token()).json();
        assertThat(view.path("language").asText()).isEqualTo("en");
        assertThat(view.path("questions").get(0).path("text").asText()).isEqualTo("Can we pay yearly?");
        assertThat(consultant.get("/api/v1/quotes/" + s.quoteId()).json().path("status").asText()).isEqualTo("VIEWED");
    }
}
