package com.gpuquote.quote.internal;

import com.gpuquote.quote.LineView;
import com.gpuquote.quote.QuoteLineId;
import com.gpuquote.quote.pricing.LineMargin;
import com.gpuquote.quote.pricing.PricedOption;
import com.gpuquote.quote.pricing.PricedQuote;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.tenancy.TenantId;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * The dashboard's figures of quotes (V83, ADR 1855): narrow rows per priced option and instance line, written with
 * the pricing snapshot and aggregated here in SQL, so a year of a large tenant is not parsed snapshot by snapshot.
 * Every aggregate reads current versions (not SUPERSEDED) created in [from, to), optionally of one author, served by
 * {@code quotes_created} / {@code quotes_author_created} and the partial index of the chosen options.
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

    private static final int LINE_ROWS_PER_INSERT = 500;

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
            return;
        }
        List<Object> options = new ArrayList<>();
        List<List<Object>> lines = new ArrayList<>();
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
            List<LineView> views = option.view().lines();
            for (int lineNo = 0; lineNo < views.size(); lineNo++) {
                LineView line = views.get(lineNo);
                list = list.add(line.listTermAmount());
                net = net.add(line.termAmount());
                // Arrays.asList: gpu_model and cost_term_amount may be null
                lines.add(Arrays.asList(tenant.value(), quoteId, position, lineNo, line.instanceType(),
                        models.computeIfAbsent(line.instanceType(), t -> Optional.ofNullable(gpuModelOf.apply(t)))
                                .orElse(null),
                        line.termAmount(), costs.get(line.id())));
            }
            options.addAll(List.of(tenant.value(), quoteId, position, option.view().name().name(), position == 0,
                    option.view().totals().subtotal(), option.view().totals().monthlyNet(), list, net));
        }
        jdbc.sql("insert into quote_option_figures (tenant_id, quote_id, position, name, chosen, subtotal, monthly_net,"
                        + " list_total, net_total) values "
                        + String.join(", ", Collections.nCopies(pricing.options().size(), "(?, ?, ?, ?, ?, ?, ?, ?, ?)")))
                .params(options).update();
        for (int from = 0; from < lines.size(); from += LINE_ROWS_PER_INSERT) {
            List<List<Object>> part = lines.subList(from, Math.min(lines.size(), from + LINE_ROWS_PER_INSERT));
            List<Object> params = new ArrayList<>();
            part.forEach(params::addAll);
            jdbc.sql("insert into quote_line_figures (tenant_id, quote_id, position, line_no, instance_type, gpu_model,"
                            + " term_amount, cost_term_amount) values "
                            + String.join(", ", Collections.nCopies(part.size(), "(?, ?, ?, ?, ?, ?, ?, ?)")))
                    .params(params).update();
        }
    }

    /**
     * The customer accepted the option named {@code optionName}: it becomes the chosen one. A name the quote does
     * not have leaves the first option chosen.
     */
    public void choose(TenantId tenant, UUID quoteId, String optionName) {
        jdbc.sql("""
                        update quote_option_figures f
                        set chosen = case when exists (select 1 from quote_option_figures n
                                                       where n.tenant_id = f.tenant_id and n.quote_id = f.quote_id
                                                         and n.name = :name)
                                          then f.name = :name else f.position = 0 end
                        where f.tenant_id = :t and f.quote_id = :q""")
                .param("name", optionName).param("t", tenant.value()).param("q", quoteId)
                .update();
    }

    // ================================================================== the dashboard's aggregates

    /** Quotes per effective status (as of {@code today}) and business month of creation. */
    public List<StatusMonthRow> byStatusAndMonth(TenantId tenant, Instant from, Instant to, @Nullable UUID author,
                                                 LocalDate today) {
        return jdbc.sql("""
                        select gq_quote_effective_status(q.status, q.valid_until, :today) as status,
                               date_trunc('month', q.created_at at time zone :zone)::date as month,
                               count(*) as quotes, count(f.quote_id) as priced,
                               coalesce(sum(f.subtotal), 0) as value, coalesce(sum(f.list_total), 0) as list_total,
                               coalesce(sum(f.net_total), 0) as net_total
                        from quotes q
                        left join quote_option_figures f on f.tenant_id = q.tenant_id and f.quote_id = q.id and f.chosen
                        where q.tenant_id = :t and q.status <> 'SUPERSEDED'
                          and q.created_at >= :from and q.created_at < :to""" + authorFilter(author) + """

                        group by 1, 2""")
                .params(window(tenant, from, to, author))
                .param("today", today)
                .param("zone", BusinessCalendar.ZONE.getId())
                .query((rs, n) -> new StatusMonthRow(rs.getString("status"), rs.getObject("month", LocalDate.class),
                        rs.getInt("quotes"), rs.getInt("priced"), rs.getBigDecimal("value"),
                        rs.getBigDecimal("list_total"), rs.getBigDecimal("net_total")))
                .list();
    }

    /**
     * Lines of accepted quotes' chosen options per GPU model (key and label: the model, null when unknown). ACCEPTED
     * is a stored status (the effective status only turns SENT / VIEWED into EXPIRED), so the partial index
     * {@code quotes_accepted} applies.
     */
    public List<MarginRow> acceptedByGpuModel(TenantId tenant, Instant from, Instant to, @Nullable UUID author) {
        return jdbc.sql("""
                        select l.gpu_model as key, l.gpu_model as label, count(distinct q.id) as quotes,
                               coalesce(sum(l.term_amount) filter (where l.cost_term_amount is not null), 0) as revenue,
                               coalesce(sum(l.cost_term_amount), 0) as cost,
                               count(*) filter (where l.cost_term_amount is null) as without_cost
                        from quotes q
                        join quote_option_figures f on f.tenant_id = q.tenant_id and f.quote_id = q.id and f.chosen
                        join quote_line_figures l on l.tenant_id = f.tenant_id and l.quote_id = f.quote_id
                                                  and l.position = f.position
                        where q.tenant_id = :t and q.status = 'ACCEPTED'
                          and q.created_at >= :from and q.created_at < :to""" + authorFilter(author) + """

                        group by l.gpu_model""")
                .params(window(tenant, from, to, author))
                .query(QuoteFiguresRepository::margin)
                .list();
    }

    /** Lines of accepted quotes' chosen options per author (key: the user id, label: the display name). */
    public List<MarginRow> acceptedByAuthor(TenantId tenant, Instant from, Instant to, @Nullable UUID author) {
        return jdbc.sql("""
                        select q.author_id::text as key, au.display_name as label, count(distinct q.id) as quotes,
                               coalesce(sum(l.term_amount) filter (where l.cost_term_amount is not null), 0) as revenue,
                               coalesce(sum(l.cost_term_amount), 0) as cost,
                               count(*) filter (where l.cost_term_amount is null) as without_cost
                        from quotes q
                        join quote_option_figures f on f.tenant_id = q.tenant_id and f.quote_id = q.id and f.chosen
                        join quote_line_figures l on l.tenant_id = f.tenant_id and l.quote_id = f.quote_id
                                                  and l.position = f.position
                        left join app_users au on au.tenant_id = q.tenant_id and au.id = q.author_id
                        where q.tenant_id = :t and q.status = 'ACCEPTED'
                          and q.created_at >= :from and q.created_at < :to""" + authorFilter(author) + """

                        group by q.author_id, au.display_name""")
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
        return jdbc.sql("""
                        select p.customer_id, c.name, count(*) as accepted, sum(f.monthly_net) as monthly
                        from quotes q
                        join quote_option_figures f on f.tenant_id = q.tenant_id and f.quote_id = q.id and f.chosen
                        join projects p on p.tenant_id = q.tenant_id and p.id = q.project_id
                        join customers c on c.tenant_id = p.tenant_id and c.id = p.customer_id
                        where q.tenant_id = :t and q.status = 'ACCEPTED'
                          and q.created_at >= :from and q.created_at < :to""" + authorFilter(author) + """

                        group by p.customer_id, c.name
                        order by monthly desc, c.name collate "C", p.customer_id
                        limit :limit""")
                .params(window(tenant, from, to, author))
                .param("limit", limit)
                .query((rs, n) -> new CustomerRow(rs.getObject("customer_id", UUID.class), rs.getString("name"),
                        rs.getInt("accepted"), rs.getBigDecimal("monthly")))
                .list();
    }

    private static String authorFilter(@Nullable UUID author) {
        return author == null ? "" : " and q.author_id = :author";
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
