package com.gpuquote.quote.internal;

import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.shared.SqlLike;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.OptionName;
import com.gpuquote.quote.domain.QuoteLine;
import com.gpuquote.quote.domain.QuoteOption;
import com.gpuquote.quote.QuoteSearch;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.ServiceCharge;
import com.gpuquote.quote.ServiceLine;
import com.gpuquote.quote.SizingRef;
import com.gpuquote.tenancy.TenantId;
import com.gpuquote.shared.MultiRowInsert;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import com.gpuquote.quote.QuoteLineId;
import com.gpuquote.quote.QuoteOptionId;

@Repository
public class QuoteRepository {

    private static final String SELECT = """
            select q.id, q.number, q.version, q.status, q.project_id, p.name as project_name, p.customer_id,
                   c.name as customer_name, q.author_id, au.display_name as author_name, q.valid_until,
                   q.pricing::text as pricing, q.priced_on, q.agreement_id, q.submitted_at, q.approved_by,
                   ap.display_name as approver_name, q.approved_at, q.approval_comment, q.sent_at, q.superseded_by,
                   q.created_at, q.updated_at, q.row_version,
                   amount.amount_from, amount.amount_to
            from quotes q
            join projects p on p.tenant_id = q.tenant_id and p.id = q.project_id
            join customers c on c.tenant_id = p.tenant_id and c.id = p.customer_id
            left join app_users au on au.tenant_id = q.tenant_id and au.id = q.author_id
            cross join lateral (select min(f.grand_total) as amount_from, max(f.grand_total) as amount_to
                                from quote_option_figures f
                                where f.tenant_id = q.tenant_id and f.quote_id = q.id) amount
            left join app_users ap on ap.tenant_id = q.tenant_id and ap.id = q.approved_by
            """;
    private static final String SUMMARY = """
            select q.id, q.number, q.version, q.status, q.project_id, p.name as project_name, p.customer_id,
                   c.name as customer_name, q.author_id, au.display_name as author_name, q.valid_until,
                   null as pricing, q.priced_on, q.agreement_id, q.submitted_at, q.approved_by,
                   null as approver_name, q.approved_at, q.approval_comment, q.sent_at, q.superseded_by,
                   q.created_at, q.updated_at, q.row_version,
                   amount.amount_from, amount.amount_to
            from quotes q
            join projects p on p.tenant_id = q.tenant_id and p.id = q.project_id
            join customers c on c.tenant_id = p.tenant_id and c.id = p.customer_id
            left join app_users au on au.tenant_id = q.tenant_id and au.id = q.author_id
            cross join lateral (select min(f.grand_total) as amount_from, max(f.grand_total) as amount_to
                                from quote_option_figures f
                                where f.tenant_id = q.tenant_id and f.quote_id = q.id) amount
            """;


    private final JdbcClient jdbc;
    private final com.gpuquote.shared.LiveUpdates live;

    QuoteRepository(JdbcClient jdbc, com.gpuquote.shared.LiveUpdates live) {
        this.live = live;
        this.jdbc = jdbc;
    }

    // ------------------------------------------------------------------ numbering

    /**
     * A placeholder for a new quote's number until {@link #takeNumber} (ADR 1854): matches the column's format,
     * is never a real number (year 0000) and differs between concurrent creates, so they do not wait on each other's
     * unique key. Nobody else ever sees it (the row is not committed with it).
     */
    public static String provisionalNumber() {
        return String.format("Q-0000-%09d", java.util.concurrent.ThreadLocalRandom.current().nextInt(1, 1_000_000_000));
    }

    /**
     * Takes the next gapless number of the tenant's {@code year} and writes it over the new quote's provisional one,
     * in one statement (ADR 1854, addendum): the counter row is created or incremented and stays locked until the
     * caller's transaction ends (a rollback gives the number back), so the fewer round trips after it, the shorter
     * every other create of the tenant waits. Answers the sequence and the number as stored; the caller checks the
     * stored text against {@code QuoteNumber}, which owns the format (at least four digits, more when needed).
     */
    public TakenNumber takeNumber(TenantId tenant, UUID id, String provisional, int year) {
        return jdbc.sql("""
                        with counter as (
                            insert into quote_number_counters (tenant_id, year, last_value) values (?, ?, 1)
                            on conflict (tenant_id, year)
                            do update set last_value = quote_number_counters.last_value + 1
                            returning last_value)
                        update quotes q
                        set number = 'Q-' || lpad(?::text, 4, '0') || '-'
                                     || lpad(counter.last_value::text, greatest(4, length(counter.last_value::text)), '0')
                        from counter
                        where q.tenant_id = ? and q.id = ? and q.number = ?
                        returning counter.last_value, q.number""")
                .params(tenant.value(), year, year, tenant.value(), id, provisional)
                .query((rs, n) -> new TakenNumber(rs.getInt(1), rs.getString(2)))
                .optional()
                .orElseThrow(() -> new IllegalStateException("quote " + id + " has no provisional number " + provisional));
    }

    /** The sequence a new quote took and its number as written. */
    public record TakenNumber(int sequence, String number) {
    }

    // ------------------------------------------------------------------ reads

    public Optional<QuoteRow> find(TenantId tenant, UUID id) {
        return jdbc.sql(SELECT + " where q.tenant_id = ? and q.id = ?").params(tenant.value(), id)
                .query(QuoteRepository::row).optional();
    }

    /** The summary rows (no pricing snapshot) of the given quotes, in one statement; ids not found are left out. */
    public List<QuoteRow> summaries(TenantId tenant, java.util.Collection<UUID> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        return jdbc.sql(SUMMARY + " where q.tenant_id = ? and q.id = any(?)")
                .params(tenant.value(), ids.stream().distinct().toArray(UUID[]::new))
                .query(QuoteRepository::row).list();
    }

    public Optional<QuoteRow> findVersion(TenantId tenant, String number, int version) {
        return jdbc.sql(SELECT + " where q.tenant_id = ? and q.number = ? and q.version = ?")
                .params(tenant.value(), number, version).query(QuoteRepository::row).optional();
    }

    public List<QuoteRow> versions(TenantId tenant, String number) {
        return jdbc.sql(SUMMARY + " where q.tenant_id = ? and q.number = ? order by q.version")
                .params(tenant.value(), number).query(QuoteRepository::row).list();
    }

    public List<QuoteRow> forProject(TenantId tenant, UUID projectId) {
        return jdbc.sql(SUMMARY + " where q.tenant_id = ? and q.project_id = ? order by q.number desc, q.version desc")
                .params(tenant.value(), projectId).query(QuoteRepository::row).list();
    }

    /** {@link #pendingApprovals} with each quote's pricing snapshot (the inbox shows its figures). */
    public List<QuoteRow> pendingApprovalsWithPricing(TenantId tenant) {
        return jdbc.sql(SUMMARY.replace("null as pricing", "q.pricing::text as pricing")
                        + " where q.tenant_id = ? and q.status = 'PENDING_APPROVAL' order by q.submitted_at, q.id")
                .params(tenant.value()).query(QuoteRepository::row).list();
    }

    public List<QuoteRow> pendingApprovals(TenantId tenant) {
        return jdbc.sql(SUMMARY + " where q.tenant_id = ? and q.status = 'PENDING_APPROVAL' order by q.submitted_at, q.id")
                .params(tenant.value()).query(QuoteRepository::row).list();
    }

    public List<QuoteRow> search(TenantId tenant, QuoteSearch s, LocalDate today, int offset, int limit) {
        if (SearchWhere.hasText(s)) {
            return searchText(tenant, s, today, offset, limit);
        }
        SearchWhere where = SearchWhere.of(tenant, s, today);
        // a deferred join (issue 18): the page's ids first, from the list index alone, then the joins and the amounts
        // for those rows only; a deep page (OFFSET ~5,000) no longer joins and prices every row it skips
        return jdbc.sql("with page as materialized (select q.id, q.created_at, q.number, q.version from quotes q"
                        + where.sql() + " order by q.created_at desc, q.number desc, q.version desc"
                        + " limit :limit offset :offset) "
                        + SUMMARY + " join page on page.id = q.id where q.tenant_id = :t"
                        + " order by page.created_at desc, page.number desc, page.version desc")
                .params(where.params()).param("limit", limit).param("offset", offset)
                .query(QuoteRepository::row).list();
    }

    /**
     * The matches of a text search walk the list index newest first once they are many: a page of 50 of the 16,662
     * quotes a two-character term like "深度" finds (issue 18, ADR 1853) reads ~300 index entries in order instead of
     * fetching and sorting all 16,662 rows. The ids come from the definer lookup once ({@code matching}); then exactly
     * one of two branches runs, chosen at run time by how many there are (one-time filters on that count):
     * <ul>
     * <li>at most {@code walkAbove} ids: fetch them by primary key and sort (the semi-join of {@link #search}'s
     * other path), best for a selective term;</li>
     * <li>more: walk the list index in page order and keep rows whose id is in the hashed set (the {@code is true}
     * keeps PostgreSQL from turning the IN into a join, so the LIMIT can stop the walk early).</li>
     * </ul>
     * Walking reads about (offset + limit) × quotes / matches index entries; {@code walkAbove} = 20 × (offset + limit)
     * keeps that under a twentieth of the tenant's quotes, while fetching costs one row per match.
     */
    private List<QuoteRow> searchText(TenantId tenant, QuoteSearch s, LocalDate today, int offset, int limit) {
        if (SqlLike.readsHeadFirst(s.text(), offset, limit)) {
            List<QuoteRow> head = searchHead(tenant, s, today, offset, limit);
            if (head.size() == limit) {
                return head;
            }
        }
        String matching = " and q.id in (select m.id from matching m)";
        SearchWhere fetch = SearchWhere.of(tenant, s, today, matching);
        SearchWhere walk = SearchWhere.of(tenant, s, today, " and (q.id in (select m.id from matching m)) is true");
        String order = " order by q.created_at desc, q.number desc, q.version desc limit :limit offset :offset";
        return jdbc.sql("with matching as materialized (select m.id from gq_quote_ids_matching(:like) m(id)),"
                        + " page as materialized ("
                        + "(select q.id, q.created_at, q.number, q.version from quotes q" + fetch.sql()
                        + " and (select count(*) from matching) <= :walkAbove" + order + ")"
                        + " union all "
                        + "(select q.id, q.created_at, q.number, q.version from quotes q" + walk.sql()
                        + " and (select count(*) from matching) > :walkAbove" + order + ")) "
                        + SUMMARY + " join page on page.id = q.id where q.tenant_id = :t"
                        + " order by page.created_at desc, page.number desc, page.version desc")
                .params(fetch.params()).param("limit", limit).param("offset", offset)
                .param("walkAbove", 20L * ((long) offset + limit))
                .query(QuoteRepository::row).list();
    }

    /**
     * A term of one or two characters ("1", "Q", "深") matches most quotes of a tenant, so the id lookup of
     * {@link #searchText} returns nearly all of them (94,282 of 100,000 for "1" at scale, 120 ms and more, ADR 1853).
     * Such a term's page is first looked for among the first {@link SqlLike#headRows} quotes in list order, matching each
     * row as the lookup does (number, project or customer name ILIKE the term) and stopping as soon as the page is
     * full. A full page is exact: the first offset + limit matches overall lie in the head when that many were found
     * there. Otherwise (a short term that matches few quotes) the caller reads the page the usual way; the head costs
     * at most its rows.
     */
    private List<QuoteRow> searchHead(TenantId tenant, QuoteSearch s, LocalDate today, int offset, int limit) {
        SearchWhere where = SearchWhere.of(tenant, s, today, "");
        String order = " order by h.created_at desc, h.number desc, h.version desc";
        String op = " " + SqlLike.operator(s.text().trim()) + " :like";
        return jdbc.sql("with page as materialized (select h.id, h.created_at, h.number, h.version from ("
                        + "select q.id, q.created_at, q.number, q.version, q.project_id from quotes q" + where.sql()
                        + " order by q.created_at desc, q.number desc, q.version desc limit :head) h"
                        + " where h.number" + op + " or exists (select 1 from projects p"
                        + " where p.tenant_id = :t and p.id = h.project_id and (p.name" + op
                        + " or exists (select 1 from customers c where c.tenant_id = :t and c.id = p.customer_id"
                        + " and c.name" + op + ")))"
                        + order + " limit :limit offset :offset) "
                        + SUMMARY + " join page on page.id = q.id where q.tenant_id = :t"
                        + " order by page.created_at desc, page.number desc, page.version desc")
                .params(where.params()).param("limit", limit).param("offset", offset)
                .param("head", SqlLike.headRows(offset, limit))
                .query(QuoteRepository::row).list();
    }

    /**
     * Every quote has its project and customer (foreign keys), and {@link SearchWhere} names only {@code q}: the count
     * needs no join, so it can run as an index-only scan of quotes.
     */
    public int count(TenantId tenant, QuoteSearch s, LocalDate today) {
        if (SearchWhere.hasText(s) && s.status() == null && s.customerId() == null && s.consultantId() == null
                && s.from() == null && s.to() == null && !s.latestOnly()) {
            // text alone: the lookup's ids are exactly the tenant's matching quotes (any version, distinct), so they
            // are counted as they come instead of probing quotes once per id (16,662 probes for a two-character term
            // at scale, ADR 1853)
            return jdbc.sql("select count(*) from gq_quote_ids_matching(:like)")
                    .param("like", SqlLike.contains(s.text().trim())).query(Integer.class).single();
        }
        SearchWhere where = SearchWhere.of(tenant, s, today);
        return jdbc.sql("""
                select count(*) from quotes q
                """ + where.sql()).params(where.params()).query(Integer.class).single();
    }

    /**
     * The WHERE clause of a quote search built from the filters actually given: no catch-all
     * {@code cast(:x as …) is null or …} predicates, which hide the real conditions from the planner; the created-on
     * days become a half-open range of instants in the business zone, which the (tenant_id, created_at) index serves.
     */
    record SearchWhere(String sql, Map<String, Object> params) {

        static SearchWhere of(TenantId tenant, QuoteSearch s, LocalDate today) {
            // the same match as "q.number, p.name or c.name ilike": the ids come from a SECURITY DEFINER lookup
            // (V77/V78) that reads the trigram and character-pair indexes for the current tenant only; under RLS the
            // runtime role's ILIKE (not LEAKPROOF) could only filter every quote of the tenant (ADR 1853)
            return of(tenant, s, today, " and q.id in (select m.id from gq_quote_ids_matching(:like) m(id))");
        }

        static boolean hasText(QuoteSearch s) {
            return s.text() != null && !s.text().trim().isEmpty();
        }

        /** {@code textCondition}: how the text's ids (parameter {@code :like}) restrict {@code q.id}. */
        static SearchWhere of(TenantId tenant, QuoteSearch s, LocalDate today, String textCondition) {
            StringBuilder sql = new StringBuilder(" where q.tenant_id = :t");
            Map<String, Object> params = new LinkedHashMap<>();
            params.put("t", tenant.value());
            if (s.status() != null) {
                // gq_quote_effective_status(q.status, q.valid_until, :today) = :status spelled out (V51), so that
                // the (tenant_id, status, created_at) index of V76 serves it
                switch (s.status()) {
                    case EXPIRED -> sql.append(" and (q.status = 'EXPIRED' or (q.status in ('SENT', 'VIEWED')"
                            + " and q.valid_until < :today))");
                    case SENT, VIEWED -> sql.append(" and q.status = :status and q.valid_until >= :today");
                    default -> sql.append(" and q.status = :status");
                }
                params.put("today", today);
                params.put("status", s.status().name());
            }
            if (s.customerId() != null) {
                sql.append(" and q.project_id in (select cp.id from projects cp where cp.tenant_id = :t"
                        + " and cp.customer_id = :customer)");
                params.put("customer", s.customerId().value());
            }
            if (s.consultantId() != null) {
                sql.append(" and q.author_id = :author");
                params.put("author", s.consultantId().value());
            }
            if (s.from() != null) {
                sql.append(" and q.created_at >= :from");
                params.put("from", java.sql.Timestamp.from(BusinessCalendar.startOfDay(s.from())));
            }
            if (s.to() != null) {
                sql.append(" and q.created_at < :toExclusive");
                params.put("toExclusive", java.sql.Timestamp.from(BusinessCalendar.startOfDay(s.to().plusDays(1))));
            }
            if (hasText(s)) {
                sql.append(textCondition);
                params.put("like", SqlLike.contains(s.text().trim()));
            }
            if (s.latestOnly()) {
                sql.append(" and q.status <> 'SUPERSEDED'");
            }
            return new SearchWhere(sql.toString(), params);
        }
    }

    /**
     * Latest versions per effective status (SENT/VIEWED past their validity count as EXPIRED), for one author or
     * (author null) the whole tenant: the home page's overview.
     */
    public Map<QuoteStatus, Integer> statusCounts(TenantId tenant, UUID author, LocalDate today) {
        Map<QuoteStatus, Integer> counts = new LinkedHashMap<>();
        jdbc.sql("""
                select gq_quote_effective_status(q.status, q.valid_until, cast(:today as date)) as effective,
                       count(*) as n
                from quotes q
                where q.tenant_id = :t and q.status <> 'SUPERSEDED'
                """ + (author == null ? "" : " and q.author_id = :author") + " group by 1")
                .param("t", tenant.value()).param("today", today).params(author == null ? Map.of() : Map.of("author", author))
                .query((rs, n) -> Map.entry(QuoteStatus.valueOf(rs.getString("effective")), rs.getInt("n")))
                .list().forEach(e -> counts.merge(e.getKey(), e.getValue(), Integer::sum));
        return counts;
    }

    /** One page of the versions ever sent to a customer, newest sending first. */
    public List<QuoteRow> sentToCustomer(TenantId tenant, UUID customer, int offset, int limit) {
        return jdbc.sql(SUMMARY + """
                 where q.tenant_id = ? and p.customer_id = ? and q.sent_at is not null
                 order by q.sent_at desc, q.id limit ? offset ?""")
                .params(tenant.value(), customer, limit, offset).query(QuoteRepository::row).list();
    }

    public int countSentToCustomer(TenantId tenant, UUID customer) {
        return jdbc.sql("""
                select count(*) from quotes q join projects p on p.tenant_id = q.tenant_id and p.id = q.project_id
                where q.tenant_id = ? and p.customer_id = ? and q.sent_at is not null""")
                .params(tenant.value(), customer).query(Integer.class).single();
    }

    /**
     * Quotes open at the customer whose validity ends on or before {@code until}, row-locked for the caller's
     * transaction. Rows another transaction holds are skipped, not waited for: that is the expiry job of another
     * app instance (it handles them) or a user changing the quote (the next run sees it again).
     */
    public List<QuoteRow> claimOpenAtCustomerDue(TenantId tenant, LocalDate until) {
        return jdbc.sql(SUMMARY + """
                 where q.tenant_id = ? and q.status in ('SENT', 'VIEWED') and q.valid_until <= ?
                 order by q.valid_until, q.id for update of q skip locked""")
                .params(tenant.value(), until).query(QuoteRepository::row).list();
    }

    /** Sent quotes still open whose validity ends between today and {@code until} (inclusive), soonest first. */
    public List<QuoteRow> expiringBetween(TenantId tenant, UUID author, LocalDate today, LocalDate until, int limit) {
        return jdbc.sql(SUMMARY + """
                 where q.tenant_id = :t and q.status in ('SENT', 'VIEWED')
                   and q.valid_until >= cast(:today as date) and q.valid_until <= cast(:until as date)
                """ + (author == null ? "" : " and q.author_id = :author") + " order by q.valid_until, q.number limit :limit")
                .param("t", tenant.value()).param("today", today).param("until", until)
                .params(author == null ? Map.of() : Map.of("author", author)).param("limit", limit)
                .query(QuoteRepository::row).list();
    }


    /** The options of a quote, in order, with the sizing references of their lines. */
    public StoredOptions options(TenantId tenant, UUID quoteId) {
        record OptionRow(UUID id, OptionName name, String title, String summary, java.math.BigDecimal rebatePercent) {
        }
        List<OptionRow> optionRows = jdbc.sql("""
                        select id, name, title, summary, rebate_percent from quote_options
                        where tenant_id = ? and quote_id = ? order by position""")
                .params(tenant.value(), quoteId)
                .query((rs, n) -> new OptionRow(rs.getObject("id", UUID.class), OptionName.valueOf(rs.getString("name")),
                        rs.getString("title"), rs.getString("summary"), rs.getBigDecimal("rebate_percent")))
                .list();
        Map<UUID, Map<String, java.math.BigDecimal>> rebates = new HashMap<>();
        jdbc.sql("""
                        select r.option_id, r.provider, r.rebate_percent from quote_option_rebates r
                        join quote_options o on o.tenant_id = r.tenant_id and o.id = r.option_id
                        where r.tenant_id = ? and o.quote_id = ?""")
                .params(tenant.value(), quoteId)
                .query(rs -> {
                    rebates.computeIfAbsent(rs.getObject("option_id", UUID.class), k -> new HashMap<>())
                            .put(rs.getString("provider"), storedRebate(rs.getBigDecimal("rebate_percent")));
                });
        Map<UUID, List<com.gpuquote.quote.Voucher>> vouchers = new HashMap<>();
        jdbc.sql("""
                        select v.option_id, v.name, v.amount, v.reference, v.confirmed_by, v.confirmed_at
                        from quote_option_vouchers v
                        join quote_options o on o.tenant_id = v.tenant_id and o.id = v.option_id
                        where v.tenant_id = ? and o.quote_id = ? order by v.position""")
                .params(tenant.value(), quoteId)
                .query(rs -> {
                    vouchers.computeIfAbsent(rs.getObject("option_id", UUID.class), k -> new ArrayList<>())
                            .add(new com.gpuquote.quote.Voucher(rs.getString("name"), rs.getBigDecimal("amount"),
                                    rs.getString("reference"), rs.getObject("confirmed_by", UUID.class),
                                    rs.getTimestamp("confirmed_at") == null ? null
                                            : rs.getTimestamp("confirmed_at").toInstant()));
                });
        Map<UUID, List<QuoteLine>> lines = new HashMap<>();
        Map<QuoteLineId, SizingRef> sizing = new LinkedHashMap<>();
        jdbc.sql("""
                        select l.* , l.sizing_snapshot::text as snapshot from quote_lines l
                        join quote_options o on o.tenant_id = l.tenant_id and o.id = l.option_id
                        where l.tenant_id = ? and o.quote_id = ? order by l.position""")
                .params(tenant.value(), quoteId)
                .query(rs -> {
                    QuoteLineId id = new QuoteLineId(rs.getObject("id", UUID.class));
                    lines.computeIfAbsent(rs.getObject("option_id", UUID.class), k -> new ArrayList<>())
                            .add(new QuoteLine(id, rs.getString("instance_type"), rs.getString("region"),
                                    BillingMode.valueOf(rs.getString("billing_mode")), rs.getInt("quantity"),
                                    rs.getInt("term_months"), rs.getInt("hours_per_month"),
                                    rs.getBigDecimal("manual_discount_percent"), rs.getBigDecimal("contract_unit_price")));
                    UUID runId = rs.getObject("sizing_run_id", UUID.class);
                    SizingRef ref = new SizingRef(runId == null ? null : new com.gpuquote.sizing.SizingRunId(runId),
                            rs.getString("snapshot"));
                    if (!ref.isEmpty()) {
                        sizing.put(id, ref);
                    }
                });
        Map<UUID, List<ServiceLine>> services = new HashMap<>();
        jdbc.sql("""
                        select s.* from quote_service_lines s
                        join quote_options o on o.tenant_id = s.tenant_id and o.id = s.option_id
                        where s.tenant_id = ? and o.quote_id = ? order by s.position""")
                .params(tenant.value(), quoteId)
                .query(rs -> {
                    services.computeIfAbsent(rs.getObject("option_id", UUID.class), k -> new ArrayList<>())
                            .add(new ServiceLine(new QuoteLineId(rs.getObject("id", UUID.class)), rs.getString("description"),
                                    ServiceCharge.valueOf(rs.getString("charge")), rs.getBigDecimal("amount")));
                });
        List<QuoteOption> options = optionRows.stream()
                .map(o -> new QuoteOption(new QuoteOptionId(o.id()), o.name(), lines.getOrDefault(o.id(), List.of()),
                        services.getOrDefault(o.id(), List.of()), o.title(), o.summary(),
                        new com.gpuquote.quote.domain.ChannelTerms(vouchers.getOrDefault(o.id(), List.of()),
                                storedRebate(o.rebatePercent()), rebates.getOrDefault(o.id(), Map.of()))))
                .toList();
        return new StoredOptions(options, sizing);
    }

    public record StoredOptions(List<QuoteOption> options, Map<QuoteLineId, SizingRef> sizing) {
    }

    // ------------------------------------------------------------------ writes

    /**
     * A new header row; answers what the database set on it (and the author's name as a read joins it), so that a
     * new draft's answer is built without reading the row back.
     */
    public Inserted insert(TenantId tenant, UUID id, String number, int version, QuoteStatus status, UUID projectId,
                           UUID authorId, LocalDate validUntil) {
        return jdbc.sql("""
                        insert into quotes (tenant_id, id, number, version, status, project_id, author_id, valid_until)
                        values (?, ?, ?, ?, ?, ?, ?, ?)
                        returning created_at, updated_at, row_version,
                                  (select au.display_name from app_users au
                                   where au.tenant_id = quotes.tenant_id and au.id = quotes.author_id) as author_name""")
                .params(tenant.value(), id, number, version, status.name(), projectId, authorId, validUntil)
                .query((rs, n) -> new Inserted(instant(rs, "created_at"), instant(rs, "updated_at"),
                        rs.getInt("row_version"), rs.getString("author_name")))
                .single();
    }

    /** The columns of a new header row that the database sets. */
    public record Inserted(Instant createdAt, Instant updatedAt, int rowVersion, String authorName) {
    }

    /**
     * Replaces all options, lines and service lines of the quote: one multi-row insert per table, not one statement
     * per row (issue 18: a quote of 4 options × 25 lines took 100 line inserts).
     */
    public void replaceOptions(TenantId tenant, UUID quoteId, List<QuoteOption> options, Map<QuoteLineId, SizingRef> sizing) {
        jdbc.sql("delete from quote_options where tenant_id = ? and quote_id = ?").params(tenant.value(), quoteId)
                .update();
        insertOptions(tenant, quoteId, options, sizing);
    }

    /** The options, lines and service lines of a quote that has none yet (a new quote or version). */
    public void insertOptions(TenantId tenant, UUID quoteId, List<QuoteOption> options, Map<QuoteLineId, SizingRef> sizing) {
        MultiRowInsert optionRows = new MultiRowInsert("""
                insert into quote_options (tenant_id, id, quote_id, position, name, title, summary, rebate_percent)
                values""", "(?, ?, ?, ?, ?, ?, ?, ?)");
        MultiRowInsert voucherRows = new MultiRowInsert("""
                insert into quote_option_vouchers (tenant_id, id, option_id, position, name, amount, reference,
                    confirmed_by, confirmed_at)
                values""", "(?, ?, ?, ?, ?, ?, ?, ?, ?)");
        MultiRowInsert rebateRows = new MultiRowInsert("""
                insert into quote_option_rebates (tenant_id, option_id, provider, rebate_percent)
                values""", "(?, ?, ?, ?)");
        MultiRowInsert lineRows = new MultiRowInsert("""
                insert into quote_lines (tenant_id, id, option_id, position, instance_type, region,
                    billing_mode, quantity, term_months, hours_per_month, manual_discount_percent,
                    sizing_run_id, sizing_snapshot, contract_unit_price)
                values""", "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, cast(? as jsonb), ?)");
        MultiRowInsert serviceRows = new MultiRowInsert("""
                insert into quote_service_lines (tenant_id, id, option_id, position, description, charge, amount)
                values""", "(?, ?, ?, ?, ?, ?, ?)");
        for (int i = 0; i < options.size(); i++) {
            QuoteOption o = options.get(i);
            optionRows.add(tenant.value(), o.id().value(), quoteId, i, o.name().name(), o.title(), o.summary(),
                    o.channel().rebatePercent());
            o.channel().providerRebates().forEach((provider, percent) ->
                    rebateRows.add(tenant.value(), o.id().value(), provider, percent));
            for (int k = 0; k < o.channel().vouchers().size(); k++) {
                com.gpuquote.quote.Voucher v = o.channel().vouchers().get(k);
                voucherRows.add(tenant.value(), com.gpuquote.shared.TimeOrderedUuid.next(), o.id().value(), k, v.name(), v.amount(),
                        v.reference(), v.confirmedBy(), v.confirmedAt() == null ? null
                                : java.sql.Timestamp.from(v.confirmedAt()));
            }
            for (int j = 0; j < o.lines().size(); j++) {
                QuoteLine l = o.lines().get(j);
                SizingRef ref = sizing.get(l.id());
                lineRows.add(tenant.value(), l.id().value(), o.id().value(), j, l.instanceType(), l.region(),
                        l.billingMode().name(), l.quantity(), l.termMonths(), l.hoursPerMonth(),
                        l.manualDiscountPercent(), ref == null || ref.sizingRunId() == null ? null : ref.sizingRunId().value(),
                        ref == null ? null : storedCandidate(ref), l.contractUnitPrice());
            }
            for (int j = 0; j < o.services().size(); j++) {
                ServiceLine s = o.services().get(j);
                serviceRows.add(tenant.value(), s.id().value(), o.id().value(), j, s.description(), s.charge().name(), s.amount());
            }
        }
        // options first: the other rows reference them
        for (MultiRowInsert rows : List.of(optionRows, rebateRows, voucherRows, lineRows, serviceRows)) {
            rows.run(jdbc);
        }
    }

    /**
     * {@code options} and {@code sizing} as {@link #options} reads them back once {@link #insertOptions} has written
     * them: amounts and percentages in their columns' scale (two decimals; the input allows no more), no rebate as
     * {@code 0}, a blank candidate as none, and a candidate's JSON as {@code jsonb} gives it back (key order and
     * spacing are the database's, so those are read: one statement, only when a line carries one).
     */
    public StoredOptions asStored(TenantId tenant, List<QuoteOption> options, Map<QuoteLineId, SizingRef> sizing) {
        List<QuoteOption> stored = options.stream().map(o -> new QuoteOption(o.id(), o.name(),
                        o.lines().stream().map(l -> new QuoteLine(l.id(), l.instanceType(), l.region(), l.billingMode(),
                                l.quantity(), l.termMonths(), l.hoursPerMonth(), twoDecimals(l.manualDiscountPercent()),
                                l.contractUnitPrice() == null ? null : com.gpuquote.commercial.Money.unit(l.contractUnitPrice())))
                                .toList(),
                        o.services().stream().map(x -> new ServiceLine(x.id(), x.description(), x.charge(),
                                twoDecimals(x.amount()))).toList(),
                        o.title(), o.summary(),
                        new com.gpuquote.quote.domain.ChannelTerms(o.channel().vouchers().stream()
                                .map(v -> new com.gpuquote.quote.Voucher(v.name(), twoDecimals(v.amount()), v.reference(),
                                        v.confirmedBy(), v.confirmedAt() == null ? null
                                        : v.confirmedAt().truncatedTo(java.time.temporal.ChronoUnit.MICROS))).toList(),
                                storedRebate(twoDecimals(o.channel().rebatePercent())),
                                storedRebates(o.channel().providerRebates()))))
                .toList();
        Map<QuoteLineId, SizingRef> refs = new LinkedHashMap<>();
        List<UUID> withCandidate = new ArrayList<>();
        sizing.forEach((id, ref) -> {
            String candidate = storedCandidate(ref);
            SizingRef kept = new SizingRef(ref.sizingRunId(), candidate);
            if (!kept.isEmpty()) {
                refs.put(id, kept);
            }
            if (candidate != null) {
                withCandidate.add(id.value());
            }
        });
        if (!withCandidate.isEmpty()) {
            jdbc.sql("select id, sizing_snapshot::text as snapshot from quote_lines where tenant_id = ? and id = any(?)")
                    .params(tenant.value(), withCandidate.toArray(UUID[]::new))
                    .query(rs -> {
                        QuoteLineId id = new QuoteLineId(rs.getObject("id", UUID.class));
                        refs.put(id, new SizingRef(refs.get(id).sizingRunId(), rs.getString("snapshot")));
                    });
        }
        return new StoredOptions(stored, refs);
    }

    /** The candidate JSON a line stores: none for a blank one. */
    private static String storedCandidate(SizingRef ref) {
        return ref.candidateJson() == null || ref.candidateJson().isBlank() ? null : ref.candidateJson();
    }

    /** An option's rebate as read: none is {@code 0}, not the column's {@code 0.00}. */
    private static java.math.BigDecimal storedRebate(java.math.BigDecimal stored) {
        return stored.signum() == 0 ? java.math.BigDecimal.ZERO : stored;
    }

    /** Per-provider rebates as read back: each as {@link #storedRebate} gives it. */
    private static Map<String, java.math.BigDecimal> storedRebates(Map<String, java.math.BigDecimal> rebates) {
        Map<String, java.math.BigDecimal> stored = new HashMap<>();
        rebates.forEach((p, r) -> stored.put(p, storedRebate(twoDecimals(r))));
        return stored;
    }

    private static java.math.BigDecimal twoDecimals(java.math.BigDecimal value) {
        return value == null ? null : value.setScale(2, java.math.RoundingMode.HALF_UP);
    }

    /**
     * Writes the header state of the aggregate iff the row still has {@code expectedRowVersion}; returns rows. Every
     * status change passes here, so open editors of the quote are told after commit (LiveUpdates).
     */
    public int updateHeader(TenantId tenant, UUID id, int expectedRowVersion, HeaderState s) {
        live.publishAfterCommit(com.gpuquote.shared.LiveUpdates.quote(id));
        return jdbc.sql("""
                        update quotes set status = ?, valid_until = ?, pricing = cast(? as jsonb), priced_on = ?,
                               agreement_id = ?, submitted_at = ?, approved_by = ?, approved_at = ?,
                               approval_comment = ?, sent_at = ?, superseded_by = ?, updated_at = now(),
                               row_version = row_version + 1
                        where tenant_id = ? and id = ? and row_version = ?""")
                .params(s.status().name(), s.validUntil(), s.pricingJson(), s.pricedOn(), s.agreementId(),
                        ts(s.submittedAt()), s.approvedBy(), ts(s.approvedAt()), s.approvalComment(), ts(s.sentAt()),
                        s.supersededBy(), tenant.value(), id, expectedRowVersion)
                .update();
    }

    public record HeaderState(QuoteStatus status, LocalDate validUntil, String pricingJson, LocalDate pricedOn,
                              UUID agreementId, Instant submittedAt, UUID approvedBy, Instant approvedAt,
                              String approvalComment, Instant sentAt, UUID supersededBy) {
    }

    private static Timestamp ts(Instant i) {
        return i == null ? null : Timestamp.from(i);
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        Timestamp t = rs.getTimestamp(column);
        return t == null ? null : t.toInstant();
    }

    private static QuoteRow row(ResultSet rs, int n) throws SQLException {
        return new QuoteRow(rs.getObject("id", UUID.class), rs.getString("number"), rs.getInt("version"),
                rs.getString("status"), rs.getObject("project_id", UUID.class), rs.getString("project_name"),
                rs.getObject("customer_id", UUID.class), rs.getString("customer_name"),
                rs.getObject("author_id", UUID.class), rs.getString("author_name"),
                rs.getObject("valid_until", LocalDate.class), rs.getString("pricing"),
                rs.getObject("priced_on", LocalDate.class), rs.getObject("agreement_id", UUID.class),
                instant(rs, "submitted_at"), rs.getObject("approved_by", UUID.class), rs.getString("approver_name"),
                instant(rs, "approved_at"), rs.getString("approval_comment"), instant(rs, "sent_at"),
                rs.getObject("superseded_by", UUID.class), instant(rs, "created_at"), instant(rs, "updated_at"),
                rs.getInt("row_version"), rs.getBigDecimal("amount_from"), rs.getBigDecimal("amount_to"));
    }

    /** A new row version without other change (e.g. an approval step was taken, issue 16). */
    public void touch(TenantId tenant, UUID id) {
        jdbc.sql("update quotes set row_version = row_version + 1 where tenant_id = ? and id = ?")
                .params(tenant.value(), id).update();
    }
}
