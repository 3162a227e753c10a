package com.gpuquote.quote.internal;

import com.gpuquote.quote.OptionName;
import com.gpuquote.tenancy.TenantId;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Issue 39 (V101): the tenant's voucher policy, confirmations of vouchers and the below-cost justification of a
 * submitted quote.
 */
@Repository
public class VoucherRepository {

    private final JdbcClient jdbc;

    VoucherRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The tenant's cap (percent of an option's subtotal), empty when the tenant never set one. */
    public Optional<BigDecimal> capPercent(TenantId tenant) {
        return jdbc.sql("select consultant_cap_percent from voucher_policies where tenant_id = ?")
                .param(tenant.value()).query(BigDecimal.class).optional();
    }

    public void saveCap(TenantId tenant, BigDecimal capPercent, UUID by, Instant at) {
        jdbc.sql("""
                        insert into voucher_policies (tenant_id, consultant_cap_percent, updated_by, updated_at)
                        values (?, ?, ?, ?)
                        on conflict (tenant_id) do update set consultant_cap_percent = excluded.consultant_cap_percent,
                            updated_by = excluded.updated_by, updated_at = excluded.updated_at""")
                .params(tenant.value(), capPercent, by, Timestamp.from(at)).update();
    }

    /** Confirms the voucher at {@code position} of option {@code option} of the quote; the rows changed (0 or 1). */
    public int confirm(TenantId tenant, UUID quoteId, OptionName option, int position, String reference, UUID by,
                       Instant at) {
        return jdbc.sql("""
                        update quote_option_vouchers v set reference = ?, confirmed_by = ?, confirmed_at = ?
                        from quote_options o
                        where v.tenant_id = ? and o.tenant_id = v.tenant_id and o.id = v.option_id
                          and o.quote_id = ? and o.name = ? and v.position = ?""")
                .params(reference, by, Timestamp.from(at), tenant.value(), quoteId, option.name(), position).update();
    }

    public Optional<String> justification(TenantId tenant, UUID quoteId) {
        return jdbc.sql("select justification from quote_below_cost_justifications where tenant_id = ? and quote_id = ?")
                .params(tenant.value(), quoteId).query(String.class).optional();
    }

    /** Replaces the quote's justification; {@code null} removes it. */
    public void saveJustification(TenantId tenant, UUID quoteId, @Nullable String justification, UUID by, Instant at) {
        jdbc.sql("delete from quote_below_cost_justifications where tenant_id = ? and quote_id = ?")
                .params(tenant.value(), quoteId).update();
        if (justification != null) {
            jdbc.sql("""
                            insert into quote_below_cost_justifications (tenant_id, quote_id, justification,
                                submitted_by, submitted_at) values (?, ?, ?, ?, ?)""")
                    .params(tenant.value(), quoteId, justification, by, Timestamp.from(at)).update();
        }
    }
}
