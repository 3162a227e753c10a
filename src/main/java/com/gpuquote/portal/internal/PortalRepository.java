package com.gpuquote.portal.internal;

import org.jspecify.annotations.Nullable;
import com.gpuquote.portal.InvoiceDetails;
import com.gpuquote.portal.InvoiceType;
import com.gpuquote.portal.OrderSummary;
import com.gpuquote.portal.PortalQuote;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.ServiceCharge;
import com.gpuquote.shared.MultiRowInsert;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Portal links, acceptances, rejections, question threads and expiry notices; plus the few names the portal shows. */
@Repository
public class PortalRepository {

    public record Owner(UUID linkId, TenantId tenantId) {
    }

    public record LinkRow(UUID id, UUID quoteId, byte[] tokenHash, Instant expiresAt, Instant createdAt,
                          @Nullable Instant revokedAt, @Nullable Instant firstViewedAt) {
    }

    /** {@code invoice} is null when the customer gave no invoice details. */
    public record AcceptanceRow(UUID id, UUID quoteId, UUID optionId, String optionName, String signerName,
                                String signerEmail, Instant acceptedAt, String ip, String userAgent, String snapshot,
                                byte[] snapshotSha256, @Nullable InvoiceDetails invoice) {
    }

    public record RejectionRow(UUID quoteId, String reason, Instant rejectedAt) {
    }

    public record QuestionRow(UUID id, UUID quoteId, String askedBy, String text, Instant askedAt,
                              @Nullable Instant answeredAt) {
    }

    public record AnswerRow(UUID id, UUID questionId, @Nullable UUID userId, String text, Instant answeredAt) {
    }


    private final JdbcClient jdbc;

    PortalRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    // ---------------------------------------------------------------- links

    /** The SECURITY DEFINER lookup: works before any tenant is set, answers only owner tenant and link id. */
    public Optional<Owner> ownerOf(byte[] tokenHash) {
        return jdbc.sql("select link_id, tenant_id from gq_portal_lookup(?)").param(tokenHash)
                .query((rs, n) -> new Owner(rs.getObject(1, UUID.class), new TenantId(rs.getObject(2, UUID.class))))
                .optional();
    }

    public void insertLink(TenantId tenant, UUID id, UUID quoteId, byte[] tokenHash, Instant expiresAt, UUID createdBy) {
        jdbc.sql("""
                        insert into portal_links (tenant_id, id, quote_id, token_hash, expires_at, created_by)
                        values (?, ?, ?, ?, ?, ?)""")
                .params(tenant.value(), id, quoteId, tokenHash, Timestamp.from(expiresAt), createdBy).update();
    }

    public Optional<LinkRow> findLink(TenantId tenant, UUID id) {
        return jdbc.sql("select * from portal_links where tenant_id = ? and id = ?").params(tenant.value(), id)
                .query(PortalRepository::link).optional();
    }

    public List<LinkRow> linksOf(TenantId tenant, UUID quoteId) {
        return jdbc.sql("select * from portal_links where tenant_id = ? and quote_id = ? order by created_at")
                .params(tenant.value(), quoteId).query(PortalRepository::link).list();
    }

    public int revokeAll(TenantId tenant, UUID quoteId, UUID by) {
        return jdbc.sql("update portal_links set revoked_at = now(), revoked_by = ? "
                        + "where tenant_id = ? and quote_id = ? and revoked_at is null")
                .params(by, tenant.value(), quoteId).update();
    }

    public int markFirstView(TenantId tenant, UUID linkId) {
        return jdbc.sql("update portal_links set first_viewed_at = now() "
                        + "where tenant_id = ? and id = ? and first_viewed_at is null")
                .params(tenant.value(), linkId).update();
    }

    // ---------------------------------------------------------------- acceptance / rejection

    public void insertAcceptance(TenantId tenant, AcceptanceRow a, UUID linkId) {
        InvoiceDetails i = a.invoice();
        jdbc.sql("""
                        insert into portal_acceptances (tenant_id, id, quote_id, link_id, option_id, option_name,
                            signer_name, signer_email, accepted_at, ip, user_agent, snapshot, snapshot_sha256,
                            invoice_type, invoice_title, invoice_tax_id, invoice_address, invoice_phone, invoice_bank,
                            invoice_account)
                        values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""")
                .params(tenant.value(), a.id(), a.quoteId(), linkId, a.optionId(), a.optionName(), a.signerName(),
                        a.signerEmail(), Timestamp.from(a.acceptedAt()), a.ip(), a.userAgent(), a.snapshot(),
                        a.snapshotSha256(), i == null ? null : i.type().name(), i == null ? null : i.title(),
                        i == null ? null : i.taxId(), i == null ? null : i.address(), i == null ? null : i.phone(),
                        i == null ? null : i.bank(), i == null ? null : i.account())
                .update();
    }

    public Optional<AcceptanceRow> acceptance(TenantId tenant, UUID quoteId) {
        return jdbc.sql("select * from portal_acceptances where tenant_id = ? and quote_id = ?")
                .params(tenant.value(), quoteId).query(PortalRepository::acceptance).optional();
    }

    // ---------------------------------------------------------------- orders (V89)

    /** An order and the acceptance it comes from ({@code acceptanceId} continues the keyset of {@link #ordersAfter}). */
    public record OrderRow(UUID acceptanceId, OrderSummary order) {
    }

    private static final String ORDER = """
            select a.id, a.quote_id, a.option_name, a.signer_name, a.signer_email, a.accepted_at, a.invoice_type,
                   a.invoice_title, a.invoice_tax_id, a.invoice_address, a.invoice_phone, a.invoice_bank,
                   a.invoice_account, o.quote_number, o.quote_version, o.customer_name, o.project_name, o.currency,
                   o.monthly_net, o.grand_total
            from portal_acceptances a
            join portal_orders o on o.tenant_id = a.tenant_id and o.quote_id = a.quote_id
            """;

    /**
     * Writes the order of an acceptance: its header and the accepted option's instance lines, then its service lines,
     * in one statement each (what V89's backfill reads from the snapshot).
     */
    public void insertOrder(TenantId tenant, UUID quoteId, PortalQuote.Snapshot snapshot, PortalQuote.Option accepted) {
        jdbc.sql("""
                        insert into portal_orders (tenant_id, quote_id, quote_number, quote_version, customer_name,
                            project_name, currency, monthly_net, grand_total)
                        values (?, ?, ?, ?, ?, ?, ?, ?, ?)""")
                .params(tenant.value(), quoteId, snapshot.number(), snapshot.version(), snapshot.customerName(),
                        snapshot.projectName(), snapshot.currency(), accepted.totals().monthlyNet(),
                        accepted.totals().grandTotal())
                .update();
        MultiRowInsert lines = new MultiRowInsert("""
                insert into portal_order_lines (tenant_id, quote_id, position, line_type, instance_type, region,
                    billing_mode, quantity, term_months, hours_per_month, unit_price, monthly_amount, term_amount,
                    description, charge, amount)
                values""", "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        int position = 0;
        for (PortalQuote.Line l : accepted.lines()) {
            lines.add(tenant.value(), quoteId, ++position, "instance", l.instanceType(), l.region(),
                    l.billingMode().name(), l.quantity(), l.termMonths(), l.hoursPerMonth(), l.unitPrice(),
                    l.monthlyAmount(), l.termAmount(), null, null, null);
        }
        for (PortalQuote.Service s : accepted.services()) {
            lines.add(tenant.value(), quoteId, ++position, "service", null, null, null, null, null, null, null, null,
                    null, s.description(), s.charge().name(), s.amount());
        }
        lines.run(jdbc);
    }

    /** A page of the tenant's orders, newest first (index portal_acceptances_accepted). */
    public List<OrderRow> orders(TenantId tenant, int offset, int limit) {
        return withLines(tenant, jdbc.sql(ORDER + " where a.tenant_id = ? order by a.accepted_at desc, a.id offset ? limit ?")
                .params(tenant.value(), offset, limit).query(PortalRepository::orderHeader).list());
    }

    /**
     * The {@code limit} orders that follow {@code after} in the list's order (accepted_at desc, acceptance id), the
     * first ones when it is null: keyset paging, so reading all of a tenant's orders touches each row once instead of
     * skipping every earlier page again (index portal_acceptances (tenant_id, accepted_at desc, id)).
     */
    public List<OrderRow> ordersAfter(TenantId tenant, @Nullable OrderRow after, int limit) {
        if (after == null) {
            return orders(tenant, 0, limit);
        }
        Timestamp at = Timestamp.from(after.order().acceptedAt());
        return withLines(tenant, jdbc.sql(ORDER + """
                        where a.tenant_id = ? and a.accepted_at <= ? and (a.accepted_at < ? or a.id > ?)
                        order by a.accepted_at desc, a.id limit ?""")
                .params(tenant.value(), at, at, after.acceptanceId(), limit).query(PortalRepository::orderHeader).list());
    }

    public Optional<OrderSummary> order(TenantId tenant, UUID quoteId) {
        return withLines(tenant, jdbc.sql(ORDER + " where a.tenant_id = ? and a.quote_id = ?")
                .params(tenant.value(), quoteId).query(PortalRepository::orderHeader).list())
                .stream().findFirst().map(OrderRow::order);
    }

    /** The orders' lines in one statement, each order's in position order. */
    private List<OrderRow> withLines(TenantId tenant, List<OrderRow> headers) {
        if (headers.isEmpty()) {
            return headers;
        }
        Map<UUID, List<OrderSummary.Item>> items = new HashMap<>();
        Map<UUID, List<PortalQuote.Service>> services = new HashMap<>();
        jdbc.sql("""
                        select quote_id, line_type, instance_type, region, billing_mode, quantity, term_months,
                               hours_per_month, unit_price, monthly_amount, term_amount, description, charge, amount
                        from portal_order_lines where tenant_id = ? and quote_id = any(?) order by quote_id, position""")
                .params(tenant.value(), headers.stream().map(h -> h.order().quoteId()).toArray(UUID[]::new))
                .query(rs -> {
                    UUID quote = rs.getObject(1, UUID.class);
                    if ("instance".equals(rs.getString(2))) {
                        items.computeIfAbsent(quote, q -> new ArrayList<>()).add(new OrderSummary.Item(rs.getString(3),
                                rs.getString(4), BillingMode.valueOf(rs.getString(5)), rs.getInt(6), rs.getInt(7),
                                rs.getInt(8), rs.getBigDecimal(9), rs.getBigDecimal(10), rs.getBigDecimal(11)));
                    } else {
                        services.computeIfAbsent(quote, q -> new ArrayList<>()).add(new PortalQuote.Service(
                                rs.getString(12), ServiceCharge.valueOf(rs.getString(13)), rs.getBigDecimal(14)));
                    }
                });
        return headers.stream().map(h -> new OrderRow(h.acceptanceId(), h.order().withLines(
                items.getOrDefault(h.order().quoteId(), List.of()),
                services.getOrDefault(h.order().quoteId(), List.of())))).toList();
    }

    /** An order's header row, its lines still empty ({@link #withLines} adds them). */
    private static OrderRow orderHeader(ResultSet rs, int n) throws SQLException {
        return new OrderRow(rs.getObject("id", UUID.class), new OrderSummary(rs.getObject("quote_id", UUID.class),
                rs.getString("quote_number"), rs.getInt("quote_version"), rs.getString("customer_name"),
                rs.getString("project_name"), rs.getString("option_name"), rs.getString("signer_name"),
                rs.getString("signer_email"), ts(rs.getTimestamp("accepted_at")), List.of(), List.of(),
                rs.getBigDecimal("monthly_net"), rs.getBigDecimal("grand_total"), rs.getString("currency"),
                invoice(rs)));
    }

    /** How many quotes the tenant's customers accepted (index portal_acceptances (tenant_id, accepted_at desc, id)). */
    public int countAcceptances(TenantId tenant) {
        return jdbc.sql("select count(*) from portal_acceptances where tenant_id = ?")
                .param(tenant.value()).query(Integer.class).single();
    }

    public void insertRejection(TenantId tenant, UUID id, UUID quoteId, UUID linkId, String reason, String ip,
                                String userAgent) {
        jdbc.sql("""
                        insert into portal_rejections (tenant_id, id, quote_id, link_id, reason, ip, user_agent)
                        values (?, ?, ?, ?, ?, ?, ?)""")
                .params(tenant.value(), id, quoteId, linkId, reason, ip, userAgent).update();
    }

    public Optional<RejectionRow> rejection(TenantId tenant, UUID quoteId) {
        return jdbc.sql("select quote_id, reason, rejected_at from portal_rejections where tenant_id = ? and quote_id = ?")
                .params(tenant.value(), quoteId)
                .query((rs, n) -> new RejectionRow(rs.getObject(1, UUID.class), rs.getString(2), ts(rs.getTimestamp(3))))
                .optional();
    }

    // ---------------------------------------------------------------- questions

    public void insertQuestion(TenantId tenant, UUID id, UUID quoteId, UUID linkId, String askedBy, String text) {
        jdbc.sql("insert into portal_questions (tenant_id, id, quote_id, link_id, asked_by, text) values (?, ?, ?, ?, ?, ?)")
                .params(tenant.value(), id, quoteId, linkId, askedBy, text).update();
    }

    public List<QuestionRow> questions(TenantId tenant, UUID quoteId) {
        return jdbc.sql("select * from portal_questions where tenant_id = ? and quote_id = ? order by asked_at, id")
                .params(tenant.value(), quoteId).query(PortalRepository::question).list();
    }

    public Optional<QuestionRow> question(TenantId tenant, UUID id) {
        return jdbc.sql("select * from portal_questions where tenant_id = ? and id = ?")
                .params(tenant.value(), id).query(PortalRepository::question).optional();
    }

    public List<QuestionRow> openQuestions(TenantId tenant, int limit) {
        return jdbc.sql("select * from portal_questions where tenant_id = ? and answered_at is null "
                        + "order by asked_at limit ?")
                .params(tenant.value(), limit).query(PortalRepository::question).list();
    }

    public int countOpenQuestions(TenantId tenant) {
        return jdbc.sql("select count(*) from portal_questions where tenant_id = ? and answered_at is null")
                .params(tenant.value()).query(Integer.class).single();
    }

    public List<AnswerRow> answers(TenantId tenant, UUID quoteId) {
        return jdbc.sql("""
                        select a.id, a.question_id, a.user_id, a.text, a.answered_at from portal_answers a
                        join portal_questions q on q.tenant_id = a.tenant_id and q.id = a.question_id
                        where a.tenant_id = ? and q.quote_id = ? order by a.answered_at, a.id""")
                .params(tenant.value(), quoteId)
                .query((rs, n) -> new AnswerRow(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class),
                        rs.getObject(3, UUID.class), rs.getString(4), ts(rs.getTimestamp(5))))
                .list();
    }

    /** The answers to the given questions in one statement, oldest first. */
    public List<AnswerRow> answersTo(TenantId tenant, java.util.Collection<UUID> questionIds) {
        if (questionIds.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("""
                        select id, question_id, user_id, text, answered_at from portal_answers
                        where tenant_id = ? and question_id = any(?) order by answered_at, id""")
                .params(tenant.value(), questionIds.stream().distinct().toArray(UUID[]::new))
                .query((rs, n) -> new AnswerRow(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class),
                        rs.getObject(3, UUID.class), rs.getString(4), ts(rs.getTimestamp(5))))
                .list();
    }

    public void insertAnswer(TenantId tenant, UUID id, UUID questionId, UUID userId, String text) {
        jdbc.sql("insert into portal_answers (tenant_id, id, question_id, user_id, text) values (?, ?, ?, ?, ?)")
                .params(tenant.value(), id, questionId, userId, text).update();
        jdbc.sql("update portal_questions set answered_at = now() where tenant_id = ? and id = ? and answered_at is null")
                .params(tenant.value(), questionId).update();
    }

    // ---------------------------------------------------------------- expiry notices

    /** 1 the first time for a quote, 0 afterwards: QUOTE_EXPIRING goes out once. */
    public int recordExpiryNotice(TenantId tenant, UUID quoteId) {
        return jdbc.sql("insert into portal_expiry_notices (tenant_id, quote_id) values (?, ?) on conflict do nothing")
                .params(tenant.value(), quoteId).update();
    }

    // ---------------------------------------------------------------- mapping

    private static @Nullable Instant ts(@Nullable Timestamp t) {
        return t == null ? null : t.toInstant();
    }

    private static LinkRow link(ResultSet rs, int n) throws SQLException {
        return new LinkRow(rs.getObject("id", UUID.class), rs.getObject("quote_id", UUID.class),
                rs.getBytes("token_hash"), ts(rs.getTimestamp("expires_at")), ts(rs.getTimestamp("created_at")),
                ts(rs.getTimestamp("revoked_at")), ts(rs.getTimestamp("first_viewed_at")));
    }

    private static AcceptanceRow acceptance(ResultSet rs, int n) throws SQLException {
        return new AcceptanceRow(rs.getObject("id", UUID.class), rs.getObject("quote_id", UUID.class),
                rs.getObject("option_id", UUID.class), rs.getString("option_name"), rs.getString("signer_name"),
                rs.getString("signer_email"), ts(rs.getTimestamp("accepted_at")), rs.getString("ip"),
                rs.getString("user_agent"), rs.getString("snapshot"), rs.getBytes("snapshot_sha256"), invoice(rs));
    }

    private static @Nullable InvoiceDetails invoice(ResultSet rs) throws SQLException {
        String type = rs.getString("invoice_type");
        return type == null ? null : new InvoiceDetails(InvoiceType.valueOf(type), rs.getString("invoice_title"),
                rs.getString("invoice_tax_id"), rs.getString("invoice_address"), rs.getString("invoice_phone"),
                rs.getString("invoice_bank"), rs.getString("invoice_account"));
    }

    private static QuestionRow question(ResultSet rs, int n) throws SQLException {
        return new QuestionRow(rs.getObject("id", UUID.class), rs.getObject("quote_id", UUID.class),
                rs.getString("asked_by"), rs.getString("text"), ts(rs.getTimestamp("asked_at")),
                ts(rs.getTimestamp("answered_at")));
    }
}
