package com.gpuquote.quote.internal;

import com.gpuquote.quote.domain.ApprovalStep;
import com.gpuquote.quote.domain.ApprovalTier;
import com.gpuquote.security.Role;
import com.gpuquote.security.UserId;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** A tenant's approval tiers and the approval chains of its quotes (V63). */
@Repository
public class ApprovalRepository {

    private final JdbcClient jdbc;

    ApprovalRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The tenant's tiers, lowest discount first. */
    public List<ApprovalTier> tiers(TenantId tenant) {
        return jdbc.sql("select discount_percent_above, role from approval_tiers where tenant_id = ? "
                        + "order by discount_percent_above")
                .params(tenant.value())
                .query((rs, n) -> new ApprovalTier(rs.getBigDecimal(1), Role.valueOf(rs.getString(2)))).list();
    }

    public void replaceTiers(TenantId tenant, List<ApprovalTier> tiers) {
        jdbc.sql("delete from approval_tiers where tenant_id = ?").params(tenant.value()).update();
        for (ApprovalTier t : tiers) {
            jdbc.sql("insert into approval_tiers (tenant_id, discount_percent_above, role) values (?, ?, ?)")
                    .params(tenant.value(), t.discountPercentAbove(), t.role().name()).update();
        }
    }

    /** The quote's chain, by step (empty: none written, e.g. submitted before V63 or not below the floor). */
    public List<ApprovalStep> chain(TenantId tenant, UUID quoteId) {
        return jdbc.sql("""
                        select a.step, a.role, a.approver, u.display_name, a.comment, a.decided_at
                        from quote_approvals a left join app_users u on u.tenant_id = a.tenant_id and u.id = a.approver
                        where a.tenant_id = ? and a.quote_id = ? order by a.step""")
                .params(tenant.value(), quoteId)
                .query((rs, n) -> {
                    UUID approver = rs.getObject(3, UUID.class);
                    Timestamp at = rs.getTimestamp(6);
                    return new ApprovalStep(rs.getInt(1), Role.valueOf(rs.getString(2)),
                            approver == null ? null : new UserId(approver), rs.getString(4), rs.getString(5),
                            at == null ? null : at.toInstant());
                }).list();
    }

    /**
     * The chains of several quotes in one statement (the approvals inbox, issue 14: no query per quote), by quote id;
     * a quote without a written chain is absent from the map.
     */
    public Map<UUID, List<ApprovalStep>> chains(TenantId tenant, Collection<UUID> quoteIds) {
        Map<UUID, List<ApprovalStep>> chains = new LinkedHashMap<>();
        if (quoteIds.isEmpty()) {
            return chains;
        }
        jdbc.sql("""
                        select a.quote_id, a.step, a.role, a.approver, u.display_name, a.comment, a.decided_at
                        from quote_approvals a left join app_users u on u.tenant_id = a.tenant_id and u.id = a.approver
                        where a.tenant_id = ? and a.quote_id = any (?) order by a.quote_id, a.step""")
                .params(tenant.value(), quoteIds.toArray(UUID[]::new))
                .query(rs -> {
                    UUID approver = rs.getObject(4, UUID.class);
                    Timestamp at = rs.getTimestamp(7);
                    chains.computeIfAbsent(rs.getObject(1, UUID.class), k -> new ArrayList<>()).add(new ApprovalStep(
                            rs.getInt(2), Role.valueOf(rs.getString(3)), approver == null ? null : new UserId(approver),
                            rs.getString(5), rs.getString(6), at == null ? null : at.toInstant()));
                });
        chains.replaceAll((k, v) -> List.copyOf(v));
        return chains;
    }

    /** Writes the steps a just-submitted quote needs (waiting), replacing any earlier chain of the quote. */
    public void startChain(TenantId tenant, UUID quoteId, List<Role> roles) {
        clearChain(tenant, quoteId);
        for (int i = 0; i < roles.size(); i++) {
            jdbc.sql("insert into quote_approvals (tenant_id, quote_id, step, role) values (?, ?, ?, ?)")
                    .params(tenant.value(), quoteId, i + 1, roles.get(i).name()).update();
        }
    }

    public void clearChain(TenantId tenant, UUID quoteId) {
        jdbc.sql("delete from quote_approvals where tenant_id = ? and quote_id = ?").params(tenant.value(), quoteId)
                .update();
    }

    /**
     * Records the decision of a waiting step; 1 when this call took it, 0 when someone else did first (the row's
     * update is the arbiter between concurrent approvals of one step).
     */
    public int decide(TenantId tenant, UUID quoteId, int step, UserId approver, String comment, Instant at) {
        return jdbc.sql("""
                        update quote_approvals set approver = ?, comment = ?, decided_at = ?
                        where tenant_id = ? and quote_id = ? and step = ? and approver is null""")
                .params(approver.value(), comment, Timestamp.from(at), tenant.value(), quoteId, step).update();
    }

    /** Quote ids (PENDING_APPROVAL) whose first waiting step is for one of {@code roles} and not yet taken by {@code me}. */
    public List<UUID> waitingFor(TenantId tenant, List<Role> roles, UserId me) {
        return jdbc.sql("""
                        select a.quote_id from quote_approvals a join quotes q on q.tenant_id = a.tenant_id and q.id = a.quote_id
                        where a.tenant_id = ? and q.status = 'PENDING_APPROVAL' and a.approver is null
                          and a.step = (select min(b.step) from quote_approvals b where b.tenant_id = a.tenant_id
                                        and b.quote_id = a.quote_id and b.approver is null)
                          and a.role = any (?)
                          and not exists (select 1 from quote_approvals c where c.tenant_id = a.tenant_id
                                          and c.quote_id = a.quote_id and c.approver = ?)""")
                .params(tenant.value(), roles.stream().map(Role::name).toArray(String[]::new), me.value())
                .query(UUID.class).list();
    }
}
