package com.gpuquote.quote.internal;

import com.gpuquote.quote.QuoteTerms;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import com.gpuquote.quote.QuoteTermsId;

/** Terms templates (V60) and the choice of one per quote ({@code quotes.terms_id}). */
@Repository
public class QuoteTermsRepository {

    private static final String SELECT = """
            select id, name, payment_zh, delivery_zh, sla_zh, validity_zh, payment_en, delivery_en, sla_en,
                   validity_en, is_default from quote_terms""";

    private final JdbcClient jdbc;

    QuoteTermsRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public List<QuoteTerms> list(TenantId tenant) {
        return jdbc.sql(SELECT + " where tenant_id = ? order by is_default desc, lower(name), id")
                .params(tenant.value()).query(QuoteTermsRepository::row).list();
    }

    public Optional<QuoteTerms> find(TenantId tenant, UUID id) {
        return jdbc.sql(SELECT + " where tenant_id = ? and id = ?").params(tenant.value(), id)
                .query(QuoteTermsRepository::row).optional();
    }

    /** The terms a quote prints: its chosen template, else the tenant's default, else none. */
    public Optional<QuoteTerms> forQuote(TenantId tenant, UUID quoteId) {
        return jdbc.sql(SELECT + " " + """
                         where tenant_id = :t and id = coalesce(
                             (select q.terms_id from quotes q where q.tenant_id = :t and q.id = :q),
                             (select d.id from quote_terms d where d.tenant_id = :t and d.is_default))""")
                .param("t", tenant.value()).param("q", quoteId).query(QuoteTermsRepository::row).optional();
    }

    /** The template chosen on the quote (not the default), if any. */
    public Optional<UUID> chosen(TenantId tenant, UUID quoteId) {
        return jdbc.sql("select terms_id from quotes where tenant_id = ? and id = ? and terms_id is not null")
                .params(tenant.value(), quoteId).query(UUID.class).optional();
    }

    public boolean nameTaken(TenantId tenant, String name, UUID except) {
        return jdbc.sql("select count(*) from quote_terms where tenant_id = ? and name = ? and id <> ?")
                .params(tenant.value(), name, except == null ? new UUID(0, 0) : except).query(Integer.class).single() > 0;
    }

    public void upsert(TenantId tenant, UUID id, QuoteTerms t) {
        if (t.isDefault()) { // at most one default: the new one takes over
            jdbc.sql("update quote_terms set is_default = false where tenant_id = ? and is_default and id <> ?")
                    .params(tenant.value(), id).update();
        }
        jdbc.sql("""
                        insert into quote_terms (tenant_id, id, name, payment_zh, delivery_zh, sla_zh, validity_zh,
                                                 payment_en, delivery_en, sla_en, validity_en, is_default)
                        values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        on conflict (tenant_id, id) do update set name = excluded.name,
                            payment_zh = excluded.payment_zh, delivery_zh = excluded.delivery_zh,
                            sla_zh = excluded.sla_zh, validity_zh = excluded.validity_zh,
                            payment_en = excluded.payment_en, delivery_en = excluded.delivery_en,
                            sla_en = excluded.sla_en, validity_en = excluded.validity_en,
                            is_default = excluded.is_default, updated_at = now()""")
                .params(tenant.value(), id, t.name(), t.zh().payment(), t.zh().delivery(), t.zh().sla(),
                        t.zh().validity(), t.en().payment(), t.en().delivery(), t.en().sla(), t.en().validity(),
                        t.isDefault())
                .update();
    }

    public int usedBy(TenantId tenant, UUID id) {
        return jdbc.sql("select count(*) from quotes where tenant_id = ? and terms_id = ?").params(tenant.value(), id)
                .query(Integer.class).single();
    }

    public int delete(TenantId tenant, UUID id) {
        return jdbc.sql("delete from quote_terms where tenant_id = ? and id = ?").params(tenant.value(), id).update();
    }

    /** Sets the quote's terms iff it still has {@code rowVersion}; returns rows updated. */
    public int choose(TenantId tenant, UUID quoteId, int rowVersion, UUID termsId) {
        return jdbc.sql("""
                        update quotes set terms_id = ?, updated_at = now(), row_version = row_version + 1
                        where tenant_id = ? and id = ? and row_version = ?""")
                .params(termsId, tenant.value(), quoteId, rowVersion).update();
    }

    private static QuoteTerms row(ResultSet rs, int n) throws SQLException {
        return new QuoteTerms(new QuoteTermsId(rs.getObject("id", UUID.class)), rs.getString("name"),
                new QuoteTerms.Sections(rs.getString("payment_zh"), rs.getString("delivery_zh"), rs.getString("sla_zh"),
                        rs.getString("validity_zh")),
                new QuoteTerms.Sections(rs.getString("payment_en"), rs.getString("delivery_en"), rs.getString("sla_en"),
                        rs.getString("validity_en")),
                rs.getBoolean("is_default"));
    }
}
