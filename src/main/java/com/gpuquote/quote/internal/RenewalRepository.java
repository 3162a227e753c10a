package com.gpuquote.quote.internal;

import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

/** Accepted quotes to watch for renewal, the reminders sent (V62) and the renewal link between quotes. */
@Repository
public class RenewalRepository {

    private final JdbcClient jdbc;

    RenewalRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public List<UUID> acceptedQuotes(TenantId tenant) {
        return jdbc.sql("select id from quotes where tenant_id = ? and status = 'ACCEPTED' order by number, version")
                .params(tenant.value()).query(UUID.class).list();
    }

    /** 1 when this call recorded the reminder (and so must send it), 0 when it was sent already. */
    public int recordReminder(TenantId tenant, UUID quoteId, LocalDate endDate, int daysBefore) {
        return jdbc.sql("""
                        insert into renewal_reminders (tenant_id, quote_id, end_date, days_before) values (?, ?, ?, ?)
                        on conflict do nothing""")
                .params(tenant.value(), quoteId, endDate, daysBefore).update();
    }

    public void markRenewal(TenantId tenant, UUID renewalQuoteId, UUID acceptedQuoteId) {
        jdbc.sql("update quotes set renewal_of = ? where tenant_id = ? and id = ?")
                .params(acceptedQuoteId, tenant.value(), renewalQuoteId).update();
    }

    /** The renewal quotes made from an accepted quote, newest first: id and "Q-2026-0007 v1". */
    public List<java.util.Map.Entry<UUID, String>> renewalsOf(TenantId tenant, UUID acceptedQuoteId) {
        return jdbc.sql("""
                        select id, number || ' v' || version as label from quotes
                        where tenant_id = ? and renewal_of = ? order by created_at desc""")
                .params(tenant.value(), acceptedQuoteId)
                .query((rs, n) -> java.util.Map.entry(rs.getObject("id", UUID.class), rs.getString("label"))).list();
    }
}
