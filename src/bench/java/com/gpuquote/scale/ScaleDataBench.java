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
        int hold = 0; // seconds to keep the loaded database after measuring, to read plans as the runtime role
        for (String a : args) {
            if (a.startsWith("runs=")) runs = Integer.parseInt(a.substring(5));
            if (a.startsWith("warm=")) warm = Integer.parseInt(a.substring(5));
            if (a.startsWith("scale=")) scale = Double.parseDouble(a.substring(6));
            if (a.startsWith("hold=")) hold = Integer.parseInt(a.substring(5));
        }
        System.setProperty(TestDatabase.PREFIX_PROPERTY, "gpuquote_scale_");
        // a system property, since the builder's properties() are defaults that application.properties'
        // server.port=${PORT:8080} overrides: the bench took port 8080 and failed when another run held it
        System.setProperty("server.port", "0");
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
            loadMore(big.tenant().id().value(), (int) (20_000 * scale), (int) (100_000 * scale), scale,
                    acceptanceSnapshotTemplate(context));
            for (int i = 0; i < 3; i++) {
                load(tenants.create().tenant().id().value(), 200, 1_000);
            }
            // vacuum as well (since 2026-12-05): autovacuum would have run on tables this size in production, and an
            // index-only scan needs the visibility map it sets; a bulk load alone leaves it empty
            // quotes first compacted: the generator writes each priced quote twice (its chosen option's figures are set
            // once the figures exist), which would leave the heap twice the size of quotes inserted once
            exec("vacuum full quotes");
            exec("vacuum analyze");
            System.out.printf("loaded in %.1f s%n", (System.nanoTime() - t0) / 1e9);
            printVolumes();
            GpuQuoteUser admin = (GpuQuoteUser) context.getBean(UserDetailsService.class).loadUserByUsername(big.adminEmail());
            failures = measure(context, admin, runs, warm);
            if (hold > 0) {
                System.out.printf("holding %s for %d s (tenant %s)%n", TestDatabase.NAME, hold, big.tenant().id().value());
                sleep(hold * 1000L);
            }
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
                       -- a real PricedQuote snapshot (RealPricingSnapshot), the same for every priced quote
                       case when q.status = 'DRAFT' then null else %5$s::jsonb end,
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
                                d.created) q""".formatted(t, k, quotes, projects, RealPricingSnapshot.sqlLiteral()));
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
        // the dashboard's figures (V83; the grand total, V92, with 6 % VAT) of every priced quote, as the application
        // writes them at submit: one row per option (the first chosen, copied onto the quote: the generated
        // acceptances are of option A) and per instance line of the generated lines, with amounts from quantity and
        // term (1,000 CNY per unit-month, cost 80 %, every 50th line without cost)
        exec("""
                insert into quote_option_figures (tenant_id, quote_id, position, name, subtotal, monthly_net, list_total,
                                                  net_total, revenue, cost, lines, lines_without_cost, grand_total)
                select %1$s, q.id, o.position, o.name, s.net + 1500 * 12, s.monthly + 1500, s.list, s.net, 0, 0, 0, 0,
                       round((s.net + 1500 * 12) * 1.06, 2)
                from quotes q
                join quote_options o on o.tenant_id = q.tenant_id and o.quote_id = q.id,
                lateral (select sum(1100 * l.quantity * l.term_months) as list, sum(1000 * l.quantity * l.term_months) as net,
                                sum(1000 * l.quantity) as monthly
                         from quote_lines l where l.tenant_id = o.tenant_id and l.option_id = o.id) s
                where q.tenant_id = %1$s and q.status <> 'DRAFT'""".formatted(t));
        exec("""
                insert into quote_line_figures (tenant_id, quote_id, position, line_no, instance_type, gpu_model,
                                                term_amount, cost_term_amount)
                select %1$s, q.id, o.position, l.position, l.instance_type,
                       (select it.gpu_model from instance_types it where it.code = l.instance_type limit 1),
                       1000 * l.quantity * l.term_months,
                       case when (hashtext(l.id::text) & 63) %% 50 = 0 then null else 800 * l.quantity * l.term_months end
                from quotes q
                join quote_options o on o.tenant_id = q.tenant_id and o.quote_id = q.id
                join quote_lines l on l.tenant_id = o.tenant_id and l.option_id = o.id
                where q.tenant_id = %1$s and q.status <> 'DRAFT'""".formatted(t));
        exec("""
                update quote_option_figures f
                set revenue = l.revenue, cost = l.cost, lines = l.lines, lines_without_cost = l.lines_without_cost
                from (select quote_id, position,
                             coalesce(sum(term_amount) filter (where cost_term_amount is not null), 0) as revenue,
                             coalesce(sum(cost_term_amount), 0) as cost, count(*) as lines,
                             count(*) filter (where cost_term_amount is null) as lines_without_cost
                      from quote_line_figures where tenant_id = %1$s group by quote_id, position) l
                where f.tenant_id = %1$s and l.quote_id = f.quote_id and l.position = f.position""".formatted(t));
        exec("""
                update quotes q set chosen_option = f.position, chosen_subtotal = f.subtotal,
                       chosen_monthly_net = f.monthly_net, chosen_list_total = f.list_total, chosen_net_total = f.net_total,
                       chosen_revenue = f.revenue, chosen_cost = f.cost, chosen_lines = f.lines,
                       chosen_lines_without_cost = f.lines_without_cost
                from quote_option_figures f
                where q.tenant_id = %1$s and f.tenant_id = q.tenant_id and f.quote_id = q.id and f.position = 0""".formatted(t));
        // V86 and V88: the accepted quotes' sums per GPU model, and each one's customer and monthly value, as the
        // migrations backfilled them (QuoteFiguresRepository.recordAccepted writes the same at acceptance)
        backfill("V86__accepted_gpu_figures.sql", tenant);
        backfill("V88__accepted_quote_figures.sql", tenant);
    }

    /** The option id {@link #acceptanceSnapshotTemplate} writes, replaced per row by the accepted option's id. */
    static final UUID OPTION_PLACEHOLDER = new UUID(0, 0);

    /**
     * A customer's accepted-quote snapshot as the portal writes it (PortalQuote.Snapshot, serialized by the
     * application's ObjectMapper), with {@link #OPTION_PLACEHOLDER} as the option id, so that the orders list can read
     * the generated acceptances back.
     */
    static String acceptanceSnapshotTemplate(ConfigurableApplicationContext context) throws Exception {
        var line = new com.gpuquote.portal.PortalQuote.Line("ml.gni3cl.11xlarge", "cn-beijing",
                com.gpuquote.commercial.BillingMode.MONTHLY, 2, 12, 730, new java.math.BigDecimal("30000.00"),
                new java.math.BigDecimal("27000.00"), new java.math.BigDecimal("54000.00"),
                new java.math.BigDecimal("648000.00"), null);
        var totals = new com.gpuquote.portal.PortalQuote.Totals(new java.math.BigDecimal("54000.00"), 12,
                new java.math.BigDecimal("648000.00"), java.math.BigDecimal.ZERO, new java.math.BigDecimal("648000.00"),
                new java.math.BigDecimal("0.06"), new java.math.BigDecimal("38880.00"), new java.math.BigDecimal("686880.00"),
                new java.math.BigDecimal("720000.00"), new java.math.BigDecimal("72000.00"), List.of());
        var option = new com.gpuquote.portal.PortalQuote.Option(OPTION_PLACEHOLDER, "A", List.of(line), List.of(), totals,
                List.of());
        var snapshot = new com.gpuquote.portal.PortalQuote.Snapshot("Scale", "Q-2026-000001", 1,
                LocalDate.now(BUSINESS).plusDays(30), "北京深度科技 1", "训练集群 1", "CNY", List.of(option));
        return context.getBean(com.fasterxml.jackson.databind.ObjectMapper.class).writeValueAsString(snapshot);
    }

    /**
     * Issue 18, second part: the big tenant's other lists (docs/benchmarks.md, 2026-12-05, states the volumes and why).
     * 18 more staff users (20 in all); 50,000 sizing runs (200 on one busy project, the rest spread); 20 versions of one
     * provider's price list of ~10,000 rows each (838 instance types × 3 regions × 4 billing modes: 800 synthetic
     * instance types are added to the global catalog for it, the real catalog having 38 for the provider); an
     * acceptance (order) for every ACCEPTED quote; 200,000 notifications (50,000 of them the admin's, 2,000 of those
     * unread); 1,000,000 audit entries over two years. Also a CUSTOMER account for the portal's list.
     */
    static void loadMore(UUID tenant, int customers, int quotes, double scale, String snapshot) throws SQLException, java.io.IOException {
        String t = "'" + tenant + "'::uuid";
        String k = tenant.toString().substring(0, 8);
        int projects = customers * 2;
        exec("""
                insert into app_users (id, tenant_id, email, display_name, roles)
                select md5('%2$s u' || u)::uuid, %1$s, 'staff' || u || '-%2$s@example.com', '顾问 ' || u, array['CONSULTANT']
                from generate_series(1, 18) u""".formatted(t, k));
        // the portal's customer: customer 101 (by generation order) with its own account
        exec("""
                insert into app_users (id, tenant_id, email, display_name, roles, customer_id)
                values (md5('%2$s portal')::uuid, %1$s, 'portal-%2$s@example.com', 'Portal customer', array['CUSTOMER'],
                        md5('%2$s c101')::uuid)""".formatted(t, k));
        int runs = (int) (50_000 * scale);
        exec("""
                insert into project_sizing_runs (tenant_id, id, project_id, name, input, result, created_by, created_at)
                select %1$s, md5('%2$s r' || i)::uuid,
                       md5('%2$s p' || case when i <= 200 then 1 else (i * 7907) %% %3$d + 1 end)::uuid,
                       'Sizing ' || i,
                       jsonb_build_object('model', jsonb_build_object('name', 'Qwen2-72B', 'parameters', 72), 'users', i %% 500,
                                          'sequenceLength', 8192, 'precision', 'FP8'),
                       jsonb_build_object('candidates', (select jsonb_agg(jsonb_build_object('instanceType', 'ml.gni3cl.11xlarge',
                                          'count', c, 'monthly', 30000 * c, 'fits', true)) from generate_series(1, 8) c)),
                       (select id from app_users u where u.tenant_id = %1$s and u.customer_id is null order by u.id offset i %% 20 limit 1),
                       now() - (i %% 730) * interval '1 day' - (i %% 86400) * interval '1 second'
                from generate_series(1, %4$d) i""".formatted(t, k, projects, runs));
        exec("""
                insert into instance_types (provider, family, code, gpu_model, gpu_count, vcpu, ram_gib, local_nvme_gib,
                                            network_gbps, status, source, sample, rdma)
                select x.provider, 'benchg', 'benchg.x' || i, x.gpu_model, x.gpu_count, x.vcpu, x.ram_gib, x.local_nvme_gib,
                       x.network_gbps, x.status, x.source, x.sample, x.rdma
                from (select * from instance_types where provider = 'VOLCENGINE' order by code limit 1) x,
                     generate_series(1, 800) i
                on conflict do nothing""");
        int lists = scale >= 1 ? 20 : 3;
        exec("""
                insert into price_lists (tenant_id, id, name, provider, status, created_at)
                select %1$s, md5('%2$s l' || v)::uuid, 'Volcengine ' || v, 'VOLCENGINE', 'DRAFT', now() - (%3$d - v + 1) * interval '30 days'
                from generate_series(1, %3$d) v""".formatted(t, k, lists));
        exec("""
                insert into price_list_rows (tenant_id, price_list_id, provider, instance_type, region, billing_mode, list_price, cost_price)
                select %1$s, md5('%2$s l' || v)::uuid, 'VOLCENGINE', it.code, r.code, m.mode,
                       100 + (hashtext(it.code || r.code || m.mode || v) & 65535) / 10.0,
                       80 + (hashtext(it.code || r.code || m.mode || v) & 65535) / 12.5
                from generate_series(1, %3$d) v, instance_types it, regions r,
                     unnest(array['HOURLY','MONTHLY','YEARLY','SPOT']) m(mode)
                where it.provider = 'VOLCENGINE' and r.provider = 'VOLCENGINE'""".formatted(t, k, lists));
        // all but the last are published, one after the other (no overlap); the older ones archived
        exec("""
                update price_lists set version = v, status = case when v = %3$d - 1 then 'PUBLISHED' else 'ARCHIVED' end,
                       published_at = created_at + interval '1 day', effective_from = created_at + interval '1 day',
                       effective_to = case when v = %3$d - 1 then null else created_at + interval '31 days' end
                from generate_series(1, %3$d - 1) v
                where tenant_id = %1$s and id = md5('%2$s l' || v)::uuid""".formatted(t, k, lists));
        // the row differences each publication records (V84), counted by the migration's own statement
        String v84 = java.nio.file.Files.readString(java.nio.file.Path.of("db/migration/V84__price_list_change_counts.sql"));
        exec(v84.substring(v84.indexOf("update price_lists l")).replace(";", "")
                + " and l.tenant_id = " + t);
        // an order for every ACCEPTED quote (its option A), accepted a day after sending
        exec("""
                insert into portal_acceptances (tenant_id, id, quote_id, option_id, option_name, signer_name, signer_email,
                                                accepted_at, snapshot, snapshot_sha256)
                select %1$s, md5('%2$s a' || i)::uuid, q.id, md5('%2$s o' || i || '-0')::uuid, 'A', '签字人 ' || i,
                       'signer' || i || '@example.com', q.sent_at + interval '1 day',
                       replace('%4$s', '%5$s', md5('%2$s o' || i || '-0')::uuid::text), sha256(('s' || i)::bytea)
                from generate_series(1, %3$d) i
                join quotes q on q.tenant_id = %1$s and q.id = md5('%2$s q' || i)::uuid
                where q.status = 'ACCEPTED'""".formatted(t, k, quotes, snapshot.replace("'", "''"), OPTION_PLACEHOLDER));
        // each order's header and lines (V89), written by the migration's own backfill
        backfill("V89__portal_orders.sql", tenant);
        int notes = (int) (200_000 * scale);
        // the admin (first user by e-mail: admin-… sorts before consultant-… and staff…) holds a quarter; unread are the
        // newest 2,000 of theirs and every 20th of the others'
        exec("""
                with u as (select id, row_number() over (order by email) - 1 as n from app_users
                           where tenant_id = %1$s and customer_id is null)
                insert into notifications (tenant_id, id, user_id, kind, params, link, created_at, read_at)
                select %1$s, md5('%2$s n' || i)::uuid, u.id,
                       (array['QUOTE_SUBMITTED','QUOTE_APPROVED','QUOTE_REJECTED','QUOTE_VIEWED','QUOTE_ACCEPTED'])[1 + i %% 5],
                       jsonb_build_object('number', 'Q-2026-' || lpad((i %% 100000)::text, 6, '0')),
                       '/quotes/' || md5('%2$s q' || (1 + i %% %4$d))::uuid,
                       now() - i * interval '5 minutes',
                       case when (i %% 4 = 0 and i / 4 < 2000) or (i %% 4 <> 0 and i %% 20 <> 1) then null
                            else now() - i * interval '5 minutes' + interval '1 hour' end
                from generate_series(0, %3$d - 1) i
                join u on u.n = case when i %% 4 = 0 then 0 else 1 + i %% 19 end""".formatted(t, k, notes, quotes));
        int audit = (int) (1_000_000 * scale);
        exec("""
                with u as (select email, row_number() over (order by email) - 1 as n from app_users
                           where tenant_id = %1$s and customer_id is null)
                insert into audit_events (tenant_id, actor, action, entity, entity_id, at, ip, details)
                select %1$s, u.email, a.action, a.entity, md5('%2$s q' || (1 + i %% %4$d))::uuid::text,
                       now() - (%3$d - i) * (interval '730 days' / %3$d), '10.0.' || (i %% 250) || '.' || (i %% 7),
                       jsonb_build_object('n', i)
                from generate_series(1, %3$d) i
                join u on u.n = (i * 7) %% 20,
                lateral (select (array['QUOTE_CREATED','QUOTE_CREATED','QUOTE_SUBMITTED','QUOTE_APPROVED','QUOTE_SENT','QUOTE_SENT',
                                       'QUOTE_REVISED','LOGIN','LOGIN','LOGIN','LOGIN','CUSTOMER_UPDATED','PROJECT_UPDATED',
                                       'PRICE_LIST_ROW_SAVED','SIZING_RUN_SAVED','QUOTE_VIEWED','QUOTE_ACCEPTED','QUOTE_REJECTED',
                                       'LOGIN_FAILED', case when i %% 1000 = 0 then 'USER_CREATED' else 'LOGIN' end])[1 + i %% 20] as action) x,
                lateral (select x.action, case when x.action like 'QUOTE%%' then 'quote' when x.action like 'LOGIN%%' then 'user'
                                               else 'other' end as entity) a""".formatted(t, k, audit, quotes));
    }

    /**
     * {@code broadTerm}: a search for a term that most of the tenant's rows contain ("1" is in 94 % of the quotes),
     * for which reading the table is the right plan: its seq scans are shown but do not fail it; its time does.
     */
    record Query(String name, Supplier<Object> run, boolean broadTerm) {
        Query(String name, Supplier<Object> run) {
            this(name, run, false);
        }
    }

    static int measure(ConfigurableApplicationContext context, GpuQuoteUser admin, int runs, int warm) throws SQLException {
        QuoteQueries quoteQueries = context.getBean(QuoteQueries.class);
        var sizingRuns = context.getBean(com.gpuquote.sizing.SizingRunService.class);
        var priceLists = context.getBean(com.gpuquote.pricing.PriceListService.class);
        var orders = context.getBean(com.gpuquote.portal.PortalOrders.class);
        var notifications = context.getBean(com.gpuquote.notification.NotificationService.class);
        var auditLog = context.getBean(com.gpuquote.audit.AuditLog.class);
        var dashboard = context.getBean(com.gpuquote.dashboard.DashboardService.class);
        var portalQuotes = context.getBean(com.gpuquote.portal.MyPortalQuotes.class);
        GpuQuoteUser portalCustomer = (GpuQuoteUser) context.getBean(UserDetailsService.class)
                .loadUserByUsername(scalar("select email from app_users where customer_id is not null and tenant_id = '"
                        + admin.tenantId().orElseThrow().value() + "'"));
        CustomerService customers = context.getBean(CustomerService.class);
        ProjectService projects = context.getBean(ProjectService.class);
        UUID tenant = admin.tenantId().orElseThrow().value();
        CustomerId someCustomer = new CustomerId(UUID.fromString(scalar(
                "select id from customers where tenant_id = '" + tenant + "' order by name offset 100 limit 1")));
        UserId consultant = new UserId(UUID.fromString(scalar(
                "select id from app_users where tenant_id = '" + tenant + "' order by id limit 1")));
        LocalDate today = LocalDate.now(BUSINESS);
        var busyProject = new com.gpuquote.customer.ProjectId(UUID.fromString(scalar(
                "select project_id from project_sizing_runs where tenant_id = '" + tenant + "' group by 1 order by count(*) desc limit 1")));
        var typicalProject = new com.gpuquote.customer.ProjectId(UUID.fromString(scalar(
                "select project_id from project_sizing_runs where tenant_id = '" + tenant + "' group by 1 order by count(*), 1 limit 1")));
        var publishedList = new com.gpuquote.pricing.PriceListId(UUID.fromString(scalar(
                "select id from price_lists where tenant_id = '" + tenant + "' and status = 'PUBLISHED'")));
        var rowText = com.gpuquote.pricing.PriceRowFilter.text("benchg.x12");
        var rowGpu = com.gpuquote.pricing.PriceRowFilter.text("A800");
        var rowMode = com.gpuquote.pricing.PriceRowFilter.ALL.withBillingMode(com.gpuquote.commercial.BillingMode.MONTHLY);
        java.time.Instant weekAgo = java.time.Instant.now().minus(java.time.Duration.ofDays(7));
        var auditAction = new com.gpuquote.audit.AuditLog.Filter(null, "QUOTE_SENT", null, null);
        var auditRare = new com.gpuquote.audit.AuditLog.Filter(null, "USER_CREATED", null, null);
        var auditActor = new com.gpuquote.audit.AuditLog.Filter("staff7-", null, null, null);
        var auditWeek = new com.gpuquote.audit.AuditLog.Filter(null, null, weekAgo, null);
        List<Query> extra = List.of(
                new Query("customers: page 100", () -> customers.search(CustomerService.Search.ALL, 4950, 50)),
                new Query("projects: page 100", () -> projects.search(ProjectService.Search.ALL, 4950, 50)),
                new Query("sizing runs: busy project (200)", () -> sizingRuns.list(busyProject)),
                new Query("sizing runs: typical project", () -> sizingRuns.list(typicalProject)),
                new Query("price lists: list", () -> priceLists.list()),
                new Query("price list rows: page 1", () -> priceLists.rows(publishedList, com.gpuquote.pricing.PriceRowFilter.ALL, 0, 50)),
                new Query("price list rows: page 100", () -> priceLists.rows(publishedList, com.gpuquote.pricing.PriceRowFilter.ALL, 4950, 50)),
                new Query("price list rows: count", () -> priceLists.countRows(publishedList, com.gpuquote.pricing.PriceRowFilter.ALL)),
                new Query("price list rows: q 'benchg.x12'", () -> priceLists.rows(publishedList, rowText, 0, 50)),
                new Query("price list rows: count q 'benchg.x12'", () -> priceLists.countRows(publishedList, rowText)),
                new Query("price list rows: q GPU 'A800'", () -> priceLists.rows(publishedList, rowGpu, 0, 50)),
                new Query("price list rows: count q GPU 'A800'", () -> priceLists.countRows(publishedList, rowGpu)),
                new Query("price list rows: MONTHLY", () -> priceLists.rows(publishedList, rowMode, 0, 50)),
                new Query("price list rows: count MONTHLY", () -> priceLists.countRows(publishedList, rowMode)),
                new Query("orders: count (OrdersView)", () -> orders.countOrders()),
                new Query("orders: page 1", () -> orders.orders(0, 50)),
                new Query("orders: page 100", () -> orders.orders(4950, 50)),
                // the orders view's download: every order written as CSV, page by page (into a writer that keeps nothing)
                new Query("orders: all (CSV export)", () -> {
                    try {
                        orders.writeOrdersCsv(java.io.Writer.nullWriter());
                        return null;
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }),
                new Query("notifications: bell (admin)", () -> notifications.mine(20)),
                new Query("notifications: unread (admin)", () -> notifications.unreadCount()),
                // the counts the audit view runs: capped at its COUNT_CAP (issue 18)
                new Query("audit: page 1", () -> auditLog.find(com.gpuquote.audit.AuditLog.Filter.NONE, 0, 50)),
                new Query("audit: count", () -> auditLog.countUpTo(com.gpuquote.audit.AuditLog.Filter.NONE, com.gpuquote.audit.ui.AuditEventsPanel.COUNT_CAP)),
                new Query("audit: page 100", () -> auditLog.find(com.gpuquote.audit.AuditLog.Filter.NONE, 4950, 50)),
                new Query("audit: action QUOTE_SENT", () -> auditLog.find(auditAction, 0, 50)),
                new Query("audit: count action QUOTE_SENT", () -> auditLog.countUpTo(auditAction, com.gpuquote.audit.ui.AuditEventsPanel.COUNT_CAP)),
                new Query("audit: action USER_CREATED (rare)", () -> auditLog.find(auditRare, 0, 50)),
                new Query("audit: count action USER_CREATED", () -> auditLog.countUpTo(auditRare, com.gpuquote.audit.ui.AuditEventsPanel.COUNT_CAP)),
                new Query("audit: actor 'staff7-'", () -> auditLog.find(auditActor, 0, 50)),
                new Query("audit: count actor 'staff7-'", () -> auditLog.countUpTo(auditActor, com.gpuquote.audit.ui.AuditEventsPanel.COUNT_CAP)),
                new Query("audit: last 7 days", () -> auditLog.find(auditWeek, 0, 50)),
                new Query("audit: count last 7 days", () -> auditLog.countUpTo(auditWeek, com.gpuquote.audit.ui.AuditEventsPanel.COUNT_CAP)),
                new Query("dashboard: tenant, default filter", () -> dashboard.tenant(dashboard.defaultFilter())));
        // consultants read published lists' list prices (listPriceRows: no cost), through another service path
        List<Query> asConsultant = List.of(
                new Query("price lists: list (consultant)", () -> priceLists.list()),
                new Query("price list rows: page 1 (consultant)", () -> priceLists.listPriceRows(publishedList, com.gpuquote.pricing.PriceRowFilter.ALL, 0, 50)),
                new Query("price list rows: q GPU 'A800' (consultant)", () -> priceLists.listPriceRows(publishedList, rowGpu, 0, 50)),
                new Query("notifications: bell (consultant)", () -> notifications.mine(20)),
                new Query("notifications: unread (consultant)", () -> notifications.unreadCount()));
        GpuQuoteUser consultantUser = (GpuQuoteUser) context.getBean(UserDetailsService.class)
                .loadUserByUsername(scalar("select email from app_users where tenant_id = '" + tenant
                        + "' and email like 'consultant-%'"));
        List<Query> asCustomer = List.of(
                new Query("portal: my quotes page 1", () -> portalQuotes.myQuotes(0, 50)),
                new Query("portal: count my quotes", () -> portalQuotes.countMyQuotes()));
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
                // one- and two-character terms (V82): as typed, the first keystrokes of a number or a name
                new Query("quotes: text '1'", () -> quoteQueries.search(new QuoteSearch(null, null, null, null, null, "1"), 0, 50), true),
                new Query("quotes: count text '1'", () -> quoteQueries.count(new QuoteSearch(null, null, null, null, null, "1")), true),
                new Query("quotes: text 'Q'", () -> quoteQueries.search(new QuoteSearch(null, null, null, null, null, "Q"), 0, 50), true),
                new Query("quotes: count text 'Q'", () -> quoteQueries.count(new QuoteSearch(null, null, null, null, null, "Q")), true),
                new Query("quotes: text '12'", () -> quoteQueries.search(new QuoteSearch(null, null, null, null, null, "12"), 0, 50), true),
                new Query("quotes: count text '12'", () -> quoteQueries.count(new QuoteSearch(null, null, null, null, null, "12")), true),
                new Query("quotes: text '深'", () -> quoteQueries.search(new QuoteSearch(null, null, null, null, null, "深"), 0, 50), true),
                new Query("quotes: count text '深'", () -> quoteQueries.count(new QuoteSearch(null, null, null, null, null, "深")), true),
                new Query("approvals: pending", () -> quoteQueries.pendingApprovals()),
                new Query("customers: page 1", () -> customers.search(CustomerService.Search.ALL, 0, 50)),
                new Query("customers: count", () -> customers.count(CustomerService.Search.ALL)),
                new Query("customers: text 'Vision 1234'", () -> customers.search(new CustomerService.Search("Vision 1234", false), 0, 50)),
                new Query("customers: count text '星河'", () -> customers.count(new CustomerService.Search("星河", false))),
                new Query("customers: text 'a'", () -> customers.search(new CustomerService.Search("a", false), 0, 50), true),
                new Query("customers: count text 'a'", () -> customers.count(new CustomerService.Search("a", false)), true),
                new Query("projects: page 1", () -> projects.search(ProjectService.Search.ALL, 0, 50)),
                new Query("projects: count", () -> projects.count(ProjectService.Search.ALL)),
                new Query("projects: customer", () -> projects.search(new ProjectService.Search(null, someCustomer, null), 0, 50)),
                new Query("projects: text 'AIGC 77'", () -> projects.search(new ProjectService.Search("AIGC 77", null, null), 0, 50)));
        detectorSelfCheck();
        int failures = 0;
        System.out.printf("%n%-40s %9s %9s %9s  %s%n", "query", "p50 ms", "p95 ms", "max ms", "seq scans on tenant tables");
        List<Map.Entry<GpuQuoteUser, Query>> all = new ArrayList<>();
        queries.forEach(q -> all.add(Map.entry(admin, q)));
        extra.forEach(q -> all.add(Map.entry(admin, q)));
        asConsultant.forEach(q -> all.add(Map.entry(consultantUser, q)));
        asCustomer.forEach(q -> all.add(Map.entry(portalCustomer, q)));
        for (Map.Entry<GpuQuoteUser, Query> entry : all) {
            Query q = entry.getValue();
            GpuQuoteUser user = entry.getKey();
            try {
                for (int i = 0; i < warm; i++) {
                    as(user, q.run);
                }
            } catch (RuntimeException e) {
                // a query the generated data cannot serve fails the bench, named, instead of ending it
                failures++;
                System.out.printf("%-40s %9s %9s %9s  %s  FAIL%n", q.name(), "-", "-", "-", "ERROR " + e);
                continue;
            }
            Map<String, Long> before = seqScans();
            double[] ms = new double[runs];
            for (int i = 0; i < runs; i++) {
                long s = System.nanoTime();
                as(user, q.run);
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
            boolean fail = p95 > 100 || (!scanned.isEmpty() && !q.broadTerm());
            failures += fail ? 1 : 0;
            System.out.printf("%-40s %9.1f %9.1f %9.1f  %s%s%n", q.name(), p50, p95, ms[runs - 1],
                    scanned.isEmpty() ? "-" : String.join(", ", scanned) + (q.broadTerm() ? " (broad term)" : ""),
                    fail ? "  FAIL" : "");
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
                            (select count(*) from quote_lines x where x.tenant_id = t.id),
                            (select count(*) || ' / ' || coalesce(sum(x.revenue), 0) from quote_accepted_gpu_figures x
                             where x.tenant_id = t.id),
                            (select count(*) || ' / ' || coalesce(sum(x.monthly_net), 0) from quote_accepted_figures x
                             where x.tenant_id = t.id),
                            (select count(*) || ' / ' || coalesce(sum(x.grand_total), 0) from portal_orders x
                             where x.tenant_id = t.id),
                            (select count(*) from portal_order_lines x where x.tenant_id = t.id)
                     from tenants t order by 7 desc""")) {
            System.out.println("tenant / customers / contacts / projects / quotes / options / lines / accepted GPU "
                    + "figures (rows / revenue) / accepted quote figures (rows / monthly net) / orders (rows / grand "
                    + "total) / order lines");
            while (rs.next()) {
                System.out.printf("%s %d %d %d %d %d %d / %s / %s / %s / %d%n", rs.getString(1), rs.getLong(2),
                        rs.getLong(3), rs.getLong(4), rs.getLong(5), rs.getLong(6), rs.getLong(7), rs.getString(8),
                        rs.getString(9), rs.getString(10), rs.getLong(11));
            }
        }
    }

    /**
     * Runs the statements after a migration's {@code -- Backfill} comment as the runtime role in {@code tenant}'s scope:
     * row-level security keeps them to that tenant's rows (the others' were written by the application), so the
     * generated rows get exactly what the migration gave existing ones, from the migration's own text.
     */
    static void backfill(String migration, UUID tenant) throws SQLException {
        List<String> statements;
        try {
            statements = com.gpuquote.MigrationBackfill.statements(migration);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        try (Connection c = TestDatabase.runtimeConnection()) {
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                st.execute("set local app.tenant_id = '" + tenant + "'");
                for (String statement : statements) {
                    st.execute(statement);
                }
            }
            c.commit();
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
