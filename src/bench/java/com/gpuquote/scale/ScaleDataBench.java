package com.gpuquote.scale;

import com.gpuquote.GpuQuoteApplication;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.quote.QuoteSearch;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.UserId;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.userdetails.UserDetailsService;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Issue 18: a tenant with 20,000 customers (40,000 projects, 40,000 contacts), 100,000 quotes (status mix, 20 % second
 * versions, two years of creation dates, two options each) and 1,000,000 quote lines, plus three small tenants, bulk-loaded
 * with set-based SQL into a fresh database {@code gpuquote_scale_<random>} migrated by the application's own bootstrap
 * (the tests' TestDatabase, dropped at exit). Then VACUUM ANALYZE, then every measured list/search runs through the real
 * services (security proxy, transaction, RLS tenant setting) as the big tenant's admin, {@code runs} times after
 * {@code warm} warm-ups; prints p50/p95 per query. A query fails the bench (exit 1) when its p95 exceeds 100 ms or
 * when it made PostgreSQL seq-scan a tenant table of the big tenant (read from pg_stat_user_tables.seq_scan before and
 * after the query, on the tables with more than 1,000 rows). Run (docs/benchmarks.md):
 * {@code mvn -Pbench -DskipTests test-compile exec:exec@scale-data}.
 */
public final class ScaleDataBench {

    static final ZoneId BUSINESS = ZoneId.of("Asia/Shanghai");

    public static void main(String[] args) throws Exception {
        int runs = 40;
        int warm = 5;
        double scale = 1.0;
        for (String a : args) {
            if (a.startsWith("runs=")) runs = Integer.parseInt(a.substring(5));
            if (a.startsWith("warm=")) warm = Integer.parseInt(a.substring(5));
            if (a.startsWith("scale=")) scale = Double.parseDouble(a.substring(6));
        }
        System.setProperty(TestDatabase.PREFIX_PROPERTY, "gpuquote_scale_");
        int failures;
        ConfigurableApplicationContext context = null;
        try {
            context = new SpringApplicationBuilder(GpuQuoteApplication.class)
                    .web(WebApplicationType.SERVLET).profiles("test")
                    .properties("server.port=0", "spring.main.banner-mode=off", "gpuquote.mail.poll-ms=3600000")
                    .run();
            if (!TestDatabase.NAME.startsWith("gpuquote_scale_")) {
                throw new IllegalStateException("bench would run on " + TestDatabase.NAME);
            }
            TestTenants tenants = context.getBean(TestTenants.class);
            TestTenants.TestTenant big = tenants.create();
            long t0 = System.nanoTime();
            load(big.tenant().id().value(), (int) (20_000 * scale), (int) (100_000 * scale));
            for (int i = 0; i < 3; i++) {
                load(tenants.create().tenant().id().value(), 200, 1_000);
            }
            // VACUUM as well: autovacuum does it to a table after bulk inserts (and would otherwise start during the
            // measurements); without it the visibility map is empty and every index-only scan reads the heap
            exec("vacuum analyze");
            System.out.printf("loaded in %.1f s%n", (System.nanoTime() - t0) / 1e9);
            printVolumes();
            GpuQuoteUser admin = (GpuQuoteUser) context.getBean(UserDetailsService.class).loadUserByUsername(big.adminEmail());
            failures = measure(context, admin, runs, warm);
        } finally {
            if (context != null) {
                context.close();
            }
            try (Connection c = DriverManager.getConnection("jdbc:postgresql://" + TestDatabase.SERVER + "/postgres",
                    TestDatabase.ADMIN_USER, TestDatabase.ADMIN_PASSWORD); Statement st = c.createStatement()) {
                st.execute("drop database if exists " + TestDatabase.NAME + " with (force)");
            }
        }
        System.exit(failures == 0 ? 0 : 1);
    }

    /** Set-based load of one tenant as the owner (bypasses RLS); ids are md5-derived so the statements can join. */
    static void load(UUID tenant, int customers, int quotes) throws SQLException {
        String t = "'" + tenant + "'::uuid";
        String k = tenant.toString().substring(0, 8);
        int projects = customers * 2;
        exec("""
                insert into customers (tenant_id, id, name, billing_address, created_at, updated_at)
                select %1$s, md5('%2$s c' || i)::uuid,
                       (array['北京','上海','深圳','杭州','成都','Nordic','Pacific','Atlas'])[1 + i %% 8]
                         || (array['深度','星河','智算','Cloud','Vision','启明'])[1 + (i / 8) %% 6] || '科技 ' || i,
                       '地址 ' || i, now() - (i %% 730) * interval '1 day', now() - (i %% 730) * interval '1 day'
                from generate_series(1, %3$d) i""".formatted(t, k, customers));
        exec("""
                insert into customer_contacts (tenant_id, id, customer_id, position, name, email)
                select %1$s, md5('%2$s k' || i || '-' || p)::uuid, md5('%2$s c' || i)::uuid, p,
                       'Contact ' || i || '-' || p, 'c' || i || '-' || p || '@example.com'
                from generate_series(1, %3$d) i, generate_series(0, 1) p""".formatted(t, k, customers));
        exec("""
                insert into projects (tenant_id, id, customer_id, name, status, created_at, updated_at)
                select %1$s, md5('%2$s p' || j)::uuid, md5('%2$s c' || ((j - 1) / 2 + 1))::uuid,
                       (array['训练集群','推理服务','LLM fine-tune','Render farm','AIGC'])[1 + j %% 5] || ' ' || j,
                       (array['OPEN','OPEN','WON','LOST','ON_HOLD'])[1 + j %% 5],
                       now() - (j %% 730) * interval '1 day', now() - (j %% 730) * interval '1 day'
                from generate_series(1, %3$d) j""".formatted(t, k, projects));
        // quote i: every 5th row is version 2 (a day later, same number and project) of the row before it (which is
        // SUPERSEDED); the rest a status mix
        exec("""
                insert into quotes (tenant_id, id, number, version, status, project_id, author_id, valid_until, pricing,
                                    priced_on, submitted_at, approved_at, sent_at, created_at, updated_at)
                select %1$s, md5('%2$s q' || i)::uuid, q.number, q.version, q.status,
                       md5('%2$s p' || ((n.n * 7919) %% %4$d + 1))::uuid,
                       (select id from app_users u where u.tenant_id = %1$s order by (u.id::text) offset n.n %% 2 limit 1),
                       (q.created at time zone 'Asia/Shanghai')::date + 30,
                       case when q.status = 'DRAFT' then null else jsonb_build_object('options', jsonb_build_array(
                           jsonb_build_object('view', jsonb_build_object('totals', jsonb_build_object('grandTotal', (1000 + i %% 97 * 1234.5)::text))),
                           jsonb_build_object('view', jsonb_build_object('totals', jsonb_build_object('grandTotal', (2000 + i %% 89 * 2345.5)::text))))) end,
                       case when q.status = 'DRAFT' then null else (q.created at time zone 'Asia/Shanghai')::date end,
                       case when q.status = 'DRAFT' then null else q.created + interval '1 hour' end,
                       case when q.status in ('DRAFT','PENDING_APPROVAL') then null else q.created + interval '2 hours' end,
                       case when q.status in ('DRAFT','PENDING_APPROVAL','APPROVED') then null else q.created + interval '3 hours' end,
                       q.created, q.created
                from generate_series(1, %3$d) i,
                lateral (select i - case when i %% 5 = 0 then 1 else 0 end as n) n,
                lateral (select now() - ((n.n * 7919) %% 730) * interval '1 day' - (n.n %% 86400) * interval '1 second' as base) b,
                lateral (select b.base + case when i %% 5 = 0 then interval '1 day' else interval '0' end as created) d,
                lateral (select 'Q-' || extract(year from b.base at time zone 'Asia/Shanghai')::int || '-'
                                || lpad(n.n::text, 6, '0') as number,
                                case when i %% 5 = 0 then 2 else 1 end as version,
                                case when i %% 5 = 4 then 'SUPERSEDED'
                                     -- a quote waits for approval for days, not years: older ones were decided
                                     when (i * 13) %% 20 = 3 and d.created < now() - interval '14 days' then 'APPROVED'
                                     else (array['DRAFT','DRAFT','DRAFT','PENDING_APPROVAL','APPROVED','APPROVED','SENT','SENT',
                                                 'SENT','SENT','VIEWED','VIEWED','ACCEPTED','ACCEPTED','ACCEPTED','REJECTED',
                                                 'REJECTED','EXPIRED','EXPIRED','EXPIRED'])[1 + (i * 13) %% 20] end as status,
                                d.created) q""".formatted(t, k, quotes, projects));
        exec("""
                insert into quote_options (tenant_id, id, quote_id, position, name)
                select %1$s, md5('%2$s o' || i || '-' || p)::uuid, md5('%2$s q' || i)::uuid, p, (array['A','B'])[p + 1]
                from generate_series(1, %3$d) i, generate_series(0, 1) p""".formatted(t, k, quotes));
        exec("""
                insert into quote_lines (tenant_id, id, option_id, position, instance_type, region, billing_mode,
                                         quantity, term_months)
                select %1$s, gen_random_uuid(), md5('%2$s o' || i || '-' || p)::uuid, l,
                       (array['ml.gni3cl.11xlarge','ml.gni2.3xlarge','ml.gni3.5xlarge','ecs.gn7i-c32g1.8xlarge','ecs.gn8is.4xlarge'])[1 + (i + l) %% 5],
                       (array['cn-beijing','cn-shanghai'])[1 + l %% 2], (array['HOURLY','MONTHLY','YEARLY'])[1 + (i + p + l) %% 3],
                       1 + l %% 4, 1 + (i + l) %% 12
                from generate_series(1, %3$d) i, generate_series(0, 1) p, generate_series(0, 4) l""".formatted(t, k, quotes));
    }

    record Query(String name, Supplier<Object> run) {
    }

    static int measure(ConfigurableApplicationContext context, GpuQuoteUser admin, int runs, int warm) throws SQLException {
        QuoteQueries quoteQueries = context.getBean(QuoteQueries.class);
        CustomerService customers = context.getBean(CustomerService.class);
        ProjectService projects = context.getBean(ProjectService.class);
        UUID tenant = admin.tenantId().orElseThrow().value();
        CustomerId someCustomer = new CustomerId(UUID.fromString(scalar(
                "select id from customers where tenant_id = '" + tenant + "' order by name offset 100 limit 1")));
        UserId consultant = new UserId(UUID.fromString(scalar(
                "select id from app_users where tenant_id = '" + tenant + "' order by id limit 1")));
        LocalDate today = LocalDate.now(BUSINESS);
        List<Query> queries = List.of(
                new Query("quotes: page 1, no filter", () -> quoteQueries.search(QuoteSearch.ALL, 0, 50)),
                new Query("quotes: count, no filter", () -> quoteQueries.count(QuoteSearch.ALL)),
                new Query("quotes: page 100, no filter", () -> quoteQueries.search(QuoteSearch.ALL, 4950, 50)),
                new Query("quotes: latest only", () -> quoteQueries.search(new QuoteSearch(null, null, null, null, null, null, true), 0, 50)),
                new Query("quotes: status SENT", () -> quoteQueries.search(new QuoteSearch(QuoteStatus.SENT, null, null, null, null, null), 0, 50)),
                new Query("quotes: count status SENT", () -> quoteQueries.count(new QuoteSearch(QuoteStatus.SENT, null, null, null, null, null))),
                new Query("quotes: status EXPIRED", () -> quoteQueries.search(new QuoteSearch(QuoteStatus.EXPIRED, null, null, null, null, null), 0, 50)),
                new Query("quotes: customer", () -> quoteQueries.search(new QuoteSearch(null, someCustomer, null, null, null, null), 0, 50)),
                new Query("quotes: count customer", () -> quoteQueries.count(new QuoteSearch(null, someCustomer, null, null, null, null))),
                new Query("quotes: consultant", () -> quoteQueries.search(new QuoteSearch(null, null, consultant, null, null, null), 0, 50)),
                new Query("quotes: last 7 days", () -> quoteQueries.search(new QuoteSearch(null, null, null, today.minusDays(7), today, null), 0, 50)),
                new Query("quotes: count last 7 days", () -> quoteQueries.count(new QuoteSearch(null, null, null, today.minusDays(7), today, null))),
                new Query("quotes: text '深度'", () -> quoteQueries.search(new QuoteSearch(null, null, null, null, null, "深度"), 0, 50)),
                new Query("quotes: count text '深度'", () -> quoteQueries.count(new QuoteSearch(null, null, null, null, null, "深度"))),
                new Query("quotes: text number '012345'", () -> quoteQueries.search(new QuoteSearch(null, null, null, null, null, "012345"), 0, 50)),
                new Query("quotes: count text number '012345'", () -> quoteQueries.count(new QuoteSearch(null, null, null, null, null, "012345"))),
                new Query("approvals: pending", () -> quoteQueries.pendingApprovals()),
                new Query("customers: page 1", () -> customers.search(CustomerService.Search.ALL, 0, 50)),
                new Query("customers: count", () -> customers.count(CustomerService.Search.ALL)),
                new Query("customers: text 'Vision 1234'", () -> customers.search(new CustomerService.Search("Vision 1234", false), 0, 50)),
                new Query("customers: count text '星河'", () -> customers.count(new CustomerService.Search("星河", false))),
                new Query("projects: page 1", () -> projects.search(ProjectService.Search.ALL, 0, 50)),
                new Query("projects: count", () -> projects.count(ProjectService.Search.ALL)),
                new Query("projects: customer", () -> projects.search(new ProjectService.Search(null, someCustomer, null), 0, 50)),
                new Query("projects: text 'AIGC 77'", () -> projects.search(new ProjectService.Search("AIGC 77", null, null), 0, 50)));
        detectorSelfCheck();
        int failures = 0;
        System.out.printf("%n%-40s %9s %9s %9s  %s%n", "query", "p50 ms", "p95 ms", "max ms", "seq scans on tenant tables");
        for (Query q : queries) {
            for (int i = 0; i < warm; i++) {
                as(admin, q.run);
            }
            Map<String, Long> before = seqScans();
            double[] ms = new double[runs];
            for (int i = 0; i < runs; i++) {
                long s = System.nanoTime();
                as(admin, q.run);
                ms[i] = (System.nanoTime() - s) / 1e6;
            }
            sleep(1_200); // backends flush their statistics when idle for a second (PostgreSQL 15)
            Map<String, Long> after = seqScans();
            List<String> scanned = new ArrayList<>();
            after.forEach((table, n) -> {
                if (n > before.getOrDefault(table, 0L)) scanned.add(table + " ×" + (n - before.getOrDefault(table, 0L)));
            });
            Arrays.sort(ms);
            double p50 = ms[(int) Math.ceil(runs * 0.50) - 1];
            double p95 = ms[(int) Math.ceil(runs * 0.95) - 1];
            boolean fail = p95 > 100 || !scanned.isEmpty();
            failures += fail ? 1 : 0;
            System.out.printf("%-40s %9.1f %9.1f %9.1f  %s%s%n", q.name(), p50, p95, ms[runs - 1],
                    scanned.isEmpty() ? "-" : String.join(", ", scanned), fail ? "  FAIL" : "");
        }
        System.out.println(failures == 0 ? "all queries under 100 ms p95 without seq scans" : failures + " queries FAIL");
        return failures;
    }

    /** The seq-scan detector must see a seq scan the runtime role makes, or its "-" column would prove nothing. */
    static void detectorSelfCheck() throws SQLException {
        Map<String, Long> before = seqScans();
        try (Connection c = TestDatabase.runtimeConnection(); Statement st = c.createStatement()) {
            st.execute("set enable_indexscan = off; set enable_bitmapscan = off");
            st.executeQuery("select count(*) from quotes where row_version = -1").close();
        }
        sleep(1_200);
        if (seqScans().getOrDefault("quotes", 0L) <= before.getOrDefault("quotes", 0L)) {
            throw new IllegalStateException("pg_stat_user_tables did not count a seq scan on quotes: detector is blind");
        }
    }

    static Map<String, Long> seqScans() throws SQLException {
        Map<String, Long> m = new LinkedHashMap<>();
        try (Connection c = TestDatabase.adminConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("select relname, seq_scan from pg_stat_user_tables where n_live_tup > 1000")) {
            while (rs.next()) m.put(rs.getString(1), rs.getLong(2));
        }
        return m;
    }

    static void printVolumes() throws SQLException {
        try (Connection c = TestDatabase.adminConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("""
                     select t.slug, (select count(*) from customers x where x.tenant_id = t.id),
                            (select count(*) from customer_contacts x where x.tenant_id = t.id),
                            (select count(*) from projects x where x.tenant_id = t.id),
                            (select count(*) from quotes x where x.tenant_id = t.id),
                            (select count(*) from quote_options x where x.tenant_id = t.id),
                            (select count(*) from quote_lines x where x.tenant_id = t.id)
                     from tenants t order by 7 desc""")) {
            System.out.println("tenant / customers / contacts / projects / quotes / options / lines");
            while (rs.next()) {
                System.out.printf("%s %d %d %d %d %d %d%n", rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4),
                        rs.getLong(5), rs.getLong(6), rs.getLong(7));
            }
        }
    }

    static void exec(String sql) throws SQLException {
        try (Connection c = TestDatabase.adminConnection(); Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    static String scalar(String sql) throws SQLException {
        try (Connection c = TestDatabase.adminConnection(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    static Object as(GpuQuoteUser user, Supplier<Object> work) {
        SecurityContext sc = SecurityContextHolder.createEmptyContext();
        sc.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(user, null, user.getAuthorities()));
        SecurityContextHolder.setContext(sc);
        try {
            return work.get();
        } finally {
            SecurityContextHolder.clearContext();
        }
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
