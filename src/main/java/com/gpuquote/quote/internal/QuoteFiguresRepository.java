package com.gpuquote.quote.internal;

import com.gpuquote.quote.LineView;
import com.gpuquote.quote.QuoteLineId;
import com.gpuquote.quote.pricing.LineMargin;
import com.gpuquote.quote.pricing.PricedOption;
import com.gpuquote.quote.pricing.PricedQuote;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.tenancy.TenantId;
import org.jspecify.annotations.Nullable;
import com.gpuquote.shared.MultiRowInsert;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * The dashboard's figures of quotes (V83, ADR 1855): narrow rows per priced option and instance line, written with
 * the pricing snapshot, and the chosen option's totals copied onto the quote; aggregated here in SQL, so a year of a
 * large tenant is not parsed snapshot by snapshot. Every aggregate reads current versions (not SUPERSEDED) created in
 * [from, to), optionally of one author, from the covering indexes {@code quotes_created} and
 * {@code quotes_accepted_created}.
 */
@Repository
public class QuoteFiguresRepository {

    /** Quotes of one effective status created in one month; sums over each quote's chosen option. */
    public record StatusMonthRow(String status, LocalDate month, int quotes, int priced, BigDecimal value,
                                 BigDecimal listTotal, BigDecimal netTotal) {
    }

    /** Lines of accepted quotes' chosen options grouped by a key; revenue and cost over lines with a known cost. */
    public record MarginRow(@Nullable String key, @Nullable String label, int quotes, BigDecimal revenue,
                            BigDecimal cost, int linesWithoutCost) {
    }

    public record CustomerRow(UUID customerId, String name, int acceptedQuotes, BigDecimal monthlyRecurring) {
    }

    /**
     * The business month of a quote's creation, spelled exactly as V83's statistics object
     * {@code quotes_created_month}, so the planner knows there are few months and hashes them (a literal zone: a bind
     * parameter would not match the expression).
     */
    private static final String MONTH = "date_trunc('month', q.created_at at time zone '"
            + BusinessCalendar.ZONE.getId() + "')";

    /**
     * The business month of {@code q.created_at} for quotes created in [from, to). Where the business zone keeps one
     * UTC offset over the whole window (China: +8 since 1991), the month is taken from the UTC time shifted by that
     * offset: the same month as {@link #MONTH}, without a time-zone rule lookup per row (40 ms of a year's 37,000 quotes
     * on this session's machine, ADR 1855). Its statistics object is V87's, for the offset +8; any other offset still
     * counts right, with the planner's default estimates.
     */
    static String month(Instant from, Instant to) {
        java.time.zone.ZoneRules rules = BusinessCalendar.ZONE.getRules();
        java.time.zone.ZoneOffsetTransition next = rules.nextTransition(from);
        if (next != null && next.getInstant().isBefore(to)) {
            return MONTH;
        }
        return "date_trunc('month', (q.created_at at time zone 'UTC') + interval '"
                + rules.getOffset(from).getTotalSeconds() + " seconds')";
    }

    private final JdbcClient jdbc;

    QuoteFiguresRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    // ================================================================== writes

    /**
     * Replaces the figures of one quote version by those of {@code pricing} (none when null): the first option is the
     * chosen one until the customer accepts another ({@link #choose}).
     *
     * @param gpuModelOf the catalog's GPU model of an instance type, null when unknown
     */
    public void replace(TenantId tenant, UUID quoteId, @Nullable PricedQuote pricing,
                        Function<String, @Nullable String> gpuModelOf) {
        jdbc.sql("delete from quote_option_figures where tenant_id = ? and quote_id = ?")
                .params(tenant.value(), quoteId).update();
        if (pricing == null || pricing.options().isEmpty()) {
            jdbc.sql("""
                            update quotes set chosen_option = null, chosen_subtotal = null, chosen_monthly_net = null,
                                              chosen_list_total = null, chosen_net_total = null, chosen_revenue = null,
                                              chosen_cost = null, chosen_lines = null, chosen_lines_without_cost = null
                            where tenant_id = ? and id = ?""")
                    .params(tenant.value(), quoteId).update();
            return;
        }
        MultiRowInsert options = new MultiRowInsert("""
                insert into quote_option_figures (tenant_id, quote_id, position, name, subtotal, monthly_net,
                    list_total, net_total, revenue, cost, lines, lines_without_cost, grand_total)
                values""", "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        MultiRowInsert lines = new MultiRowInsert("""
                insert into quote_line_figures (tenant_id, quote_id, position, line_no, instance_type, gpu_model,
                    term_amount, cost_term_amount)
                values""", "(?, ?, ?, ?, ?, ?, ?, ?)");
        Map<String, Optional<String>> models = new HashMap<>();
        for (int position = 0; position < pricing.options().size(); position++) {
            PricedOption option = pricing.options().get(position);
            Map<QuoteLineId, BigDecimal> costs = new HashMap<>();
            if (option.margin() != null) {
                for (LineMargin m : option.margin().lines()) {
                    if (m != null && m.costTermAmount() != null) {
                        costs.put(m.lineId(), m.costTermAmount());
                    }
                }
            }
            BigDecimal list = BigDecimal.ZERO;
            BigDecimal net = BigDecimal.ZERO;
            BigDecimal revenue = BigDecimal.ZERO;
            BigDecimal cost = BigDecimal.ZERO;
            int withoutCost = 0;
            List<LineView> views = option.view().lines();
            for (int lineNo = 0; lineNo < views.size(); lineNo++) {
                LineView line = views.get(lineNo);
                list = list.add(line.listTermAmount());
                net = net.add(line.termAmount());
                BigDecimal lineCost = costs.get(line.id());
                if (lineCost == null) {
                    withoutCost++;
                } else {
                    revenue = revenue.add(line.termAmount());
                    cost = cost.add(lineCost);
                }
                lines.add(tenant.value(), quoteId, position, lineNo, line.instanceType(),
                        models.computeIfAbsent(line.instanceType(), t -> Optional.ofNullable(gpuModelOf.apply(t)))
                                .orElse(null),
                        line.termAmount(), lineCost);
            }
            options.add(tenant.value(), quoteId, position, option.view().name().name(),
                    option.view().totals().subtotal(), option.view().totals().monthlyNet(), list, net, revenue, cost,
                    views.size(), withoutCost, option.view().totals().grandTotal());
        }
        options.run(jdbc);
        lines.run(jdbc);
        choose(tenant, quoteId, 0);
    }

    /**
     * The customer accepted the option named {@code optionName}: the quote counts it from now on. A name the quote
     * does not have leaves the first option chosen.
     */
    public void choose(TenantId tenant, UUID quoteId, String optionName) {
        jdbc.sql("""
                        select position from quote_option_figures
                        where tenant_id = :t and quote_id = :q and name = :name order by position limit 1""")
                .param("t", tenant.value()).param("q", quoteId).param("name", optionName)
                .query(Integer.class).optional()
                .ifPresent(position -> choose(tenant, quoteId, position));
    }

    /**
     * The quote was accepted (its chosen option is final): its chosen option's sums per GPU model (V86), and its
     * customer and monthly value (V88), keyed by its creation time, for the dashboard's margin per GPU model and top
     * customers. Once per quote; nothing for a quote that is not ACCEPTED.
     */
    public void recordAccepted(TenantId tenant, UUID quoteId) {
        jdbc.sql("""
                        insert into quote_accepted_gpu_figures (tenant_id, created_at, quote_id, gpu_model, author_id,
                                                                revenue, cost, lines_without_cost)
                        select q.tenant_id, q.created_at, q.id, coalesce(l.gpu_model, ''), q.author_id,
                               coalesce(sum(l.term_amount) filter (where l.cost_term_amount is not null), 0),
                               coalesce(sum(l.cost_term_amount), 0),
                               count(*) filter (where l.cost_term_amount is null)
                        from quotes q
                        join quote_line_figures l on l.tenant_id = q.tenant_id and l.quote_id = q.id
                                                  and l.position = q.chosen_option
                        where q.tenant_id = :t and q.id = :q and q.status = 'ACCEPTED'
                        group by q.tenant_id, q.created_at, q.id, coalesce(l.gpu_model, ''), q.author_id
                        on conflict do nothing""")
                .param("t", tenant.value()).param("q", quoteId)
                .update();
        jdbc.sql("""
                        insert into quote_accepted_figures (tenant_id, created_at, quote_id, customer_id, author_id,
                                                            monthly_net)
                        select q.tenant_id, q.created_at, q.id, p.customer_id, q.author_id, q.chosen_monthly_net
                        from quotes q
                        join projects p on p.tenant_id = q.tenant_id and p.id = q.project_id
                        where q.tenant_id = :t and q.id = :q and q.status = 'ACCEPTED' and q.chosen_option is not null
                        on conflict do nothing""")
                .param("t", tenant.value()).param("q", quoteId)
                .update();
    }

    /** Copies the figures of the option at {@code position} onto the quote (V83: quotes.chosen_*). */
    private void choose(TenantId tenant, UUID quoteId, int position) {
        jdbc.sql("""
                        update quotes q
                        set chosen_option = f.position, chosen_subtotal = f.subtotal, chosen_monthly_net = f.monthly_net,
                            chosen_list_total = f.list_total, chosen_net_total = f.net_total, chosen_revenue = f.revenue,
                            chosen_cost = f.cost, chosen_lines = f.lines, chosen_lines_without_cost = f.lines_without_cost
                        from quote_option_figures f
                        where q.tenant_id = :t and q.id = :q
                          and f.tenant_id = q.tenant_id and f.quote_id = q.id and f.position = :position""")
                .param("t", tenant.value()).param("q", quoteId).param("position", position)
                .update();
    }

    // ================================================================== the dashboard's aggregates

    /** Quotes per effective status (as of {@code today}) and business month of creation. */
    public List<StatusMonthRow> byStatusAndMonth(TenantId tenant, Instant from, Instant to, @Nullable UUID author,
                                                 LocalDate today) {
        return jdbc.sql(("""
                        select gq_quote_effective_status(q.status, q.valid_until, :today) as status,
                               {month} as month,
                               count(*) as quotes, count(q.chosen_subtotal) as priced,
                               coalesce(sum(q.chosen_subtotal), 0) as value,
                               coalesce(sum(q.chosen_list_total), 0) as list_total,
                               coalesce(sum(q.chosen_net_total), 0) as net_total
                        from quotes q
                        where q.tenant_id = :t and q.status <> 'SUPERSEDED'
                          and q.created_at >= :from and q.created_at < :to""" + authorFilter("q", author) + """

                        group by 1, 2""").replace("{month}", month(from, to)))
                .params(window(tenant, from, to, author))
                .param("today", today)
                .query((rs, n) -> new StatusMonthRow(rs.getString("status"),
                        rs.getObject("month", java.time.LocalDateTime.class).toLocalDate(),
                        rs.getInt("quotes"), rs.getInt("priced"), rs.getBigDecimal("value"),
                        rs.getBigDecimal("list_total"), rs.getBigDecimal("net_total")))
                .list();
    }

    /**
     * Lines of accepted quotes' chosen options per GPU model (key and label: the model, null when unknown), from the
     * sums per quote and model written at acceptance ({@link #recordAccepted}, V86): one range of one index for the
     * period, a quote counted once per model.
     */
    public List<MarginRow> acceptedByGpuModel(TenantId tenant, Instant from, Instant to, @Nullable UUID author) {
        return jdbc.sql("""
                        select nullif(g.gpu_model, '') as key, nullif(g.gpu_model, '') as label, count(*) as quotes,
                               sum(g.revenue) as revenue, sum(g.cost) as cost, sum(g.lines_without_cost) as without_cost
                        from quote_accepted_gpu_figures g
                        where g.tenant_id = :t and g.created_at >= :from and g.created_at < :to"""
                        + authorFilter("g", author) + """

                        group by g.gpu_model""")
                .params(window(tenant, from, to, author))
                .query(QuoteFiguresRepository::margin)
                .list();
    }

    /**
     * Accepted quotes' chosen options per author (key: the user id, label: the display name), from the figures copied
     * onto the quote; only quotes whose chosen option has instance lines count, as in {@link #acceptedByGpuModel}.
     */
    public List<MarginRow> acceptedByAuthor(TenantId tenant, Instant from, Instant to, @Nullable UUID author) {
        return jdbc.sql("""
                        select a.author_id::text as key, au.display_name as label, a.quotes, a.revenue, a.cost,
                               a.without_cost
                        from (select q.author_id, count(*) as quotes, sum(q.chosen_revenue) as revenue,
                                     sum(q.chosen_cost) as cost, sum(q.chosen_lines_without_cost) as without_cost
                              from quotes q
                              where q.tenant_id = :t and q.status = 'ACCEPTED' and q.chosen_lines > 0
                                and q.created_at >= :from and q.created_at < :to""" + authorFilter("q", author) + """

                              group by q.author_id) a
                        left join app_users au on au.tenant_id = :t and au.id = a.author_id""")
                .params(window(tenant, from, to, author))
                .query(QuoteFiguresRepository::margin)
                .list();
    }

    /**
     * Customers by the monthly recurring value of their accepted quotes' chosen options, highest first (then by name
     * in code-point order), at most {@code limit}.
     */
    public List<CustomerRow> acceptedByCustomer(TenantId tenant, Instant from, Instant to, @Nullable UUID author,
                                                int limit) {
        // per customer from the accepted quotes' figures (V88), one index range; the leaders are every customer at
        // least as high as the limit-th, so that ties are ordered by name before the limit; their names by key (the
        // lateral "offset 0" keeps each a lookup by primary key instead of hashing every customer of the tenant)
        return jdbc.sql("""
                        with per_customer as (
                            select a.customer_id, count(*) as accepted, sum(a.monthly_net) as monthly
                            from quote_accepted_figures a
                            where a.tenant_id = :t and a.created_at >= :from and a.created_at < :to"""
                        + authorFilter("a", author) + """

                            group by a.customer_id),
                        leaders as (
                            select pc.* from per_customer pc
                            where pc.monthly >= (select min(x.monthly)
                                                 from (select monthly from per_customer order by monthly desc
                                                       limit :limit) x))
                        select l.customer_id, c.name, l.accepted, l.monthly
                        from leaders l
                        cross join lateral (select c.name from customers c
                                            where c.tenant_id = :t and c.id = l.customer_id offset 0) c
                        order by l.monthly desc, c.name collate "C", l.customer_id
                        limit :limit""")
                .params(window(tenant, from, to, author))
                .param("limit", limit)
                .query((rs, n) -> new CustomerRow(rs.getObject("customer_id", UUID.class), rs.getString("name"),
                        rs.getInt("accepted"), rs.getBigDecimal("monthly")))
                .list();
    }

    /** The one consultant's rows of table alias {@code alias}, when {@code author} is given. */
    private static String authorFilter(String alias, @Nullable UUID author) {
        return author == null ? "" : " and " + alias + ".author_id = :author";
    }

    private static Map<String, Object> window(TenantId tenant, Instant from, Instant to, @Nullable UUID author) {
        Map<String, Object> params = new HashMap<>(Map.of("t", tenant.value(), "from", Timestamp.from(from),
                "to", Timestamp.from(to)));
        if (author != null) {
            params.put("author", author);
        }
        return params;
    }

    private static MarginRow margin(java.sql.ResultSet rs, int n) throws java.sql.SQLException {
        return new MarginRow(rs.getString("key"), rs.getString("label"), rs.getInt("quotes"),
                rs.getBigDecimal("revenue"), rs.getBigDecimal("cost"), rs.getInt("without_cost"));
    }

    // ================================================================== platform

    /**
     * Per tenant: quotes (current versions) and the latest change of any of them. Through the SECURITY DEFINER
     * function {@code gq_platform_quote_counts} (counts only, platform administrators only; ADR 1750).
     */
    public List<TenantQuoteCount> countsPerTenant() {
        return jdbc.sql("select tenant_id, quote_count, last_change from gq_platform_quote_counts()")
                .query((rs, n) -> new TenantQuoteCount(rs.getObject("tenant_id", UUID.class), rs.getInt("quote_count"),
                        rs.getTimestamp("last_change") == null ? null : rs.getTimestamp("last_change").toInstant()))
                .list();
    }

    public record TenantQuoteCount(UUID tenantId, int quotes, Instant lastChange) {
    }
}
