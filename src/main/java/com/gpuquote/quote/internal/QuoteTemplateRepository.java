package com.gpuquote.quote.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteTemplate;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import com.gpuquote.quote.QuoteTemplateId;
import com.gpuquote.security.UserId;

/** The tenant's option templates (V59), newest name order for pickers. */
@Repository
public class QuoteTemplateRepository {

    private static final ObjectMapper JSON = new ObjectMapper().findAndRegisterModules();
    private static final String SELECT = """
            select t.id, t.name, t.option::text as option, t.created_by, u.display_name, t.created_at
            from quote_templates t left join app_users u on u.id = t.created_by
            """;

    private final JdbcClient jdbc;

    QuoteTemplateRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public List<QuoteTemplate> list(TenantId tenant) {
        return jdbc.sql(SELECT + " where t.tenant_id = ? order by lower(t.name), t.id").params(tenant.value())
                .query(QuoteTemplateRepository::row).list();
    }

    public Optional<QuoteTemplate> find(TenantId tenant, UUID id) {
        return jdbc.sql(SELECT + " where t.tenant_id = ? and t.id = ?").params(tenant.value(), id)
                .query(QuoteTemplateRepository::row).optional();
    }

    public boolean nameTaken(TenantId tenant, String name) {
        return jdbc.sql("select count(*) from quote_templates where tenant_id = ? and name = ?")
                .params(tenant.value(), name).query(Integer.class).single() > 0;
    }

    public void insert(TenantId tenant, UUID id, String name, QuoteInput.Option option, UUID createdBy) {
        jdbc.sql("""
                        insert into quote_templates (tenant_id, id, name, option, created_by)
                        values (?, ?, ?, cast(? as jsonb), ?)""")
                .params(tenant.value(), id, name, write(option), createdBy).update();
    }

    public int delete(TenantId tenant, UUID id) {
        return jdbc.sql("delete from quote_templates where tenant_id = ? and id = ?").params(tenant.value(), id)
                .update();
    }

    private static QuoteTemplate row(ResultSet rs, int n) throws SQLException {
        try {
            return new QuoteTemplate(new QuoteTemplateId(rs.getObject("id", UUID.class)), rs.getString("name"),
                    JSON.readValue(rs.getString("option"), QuoteInput.Option.class),
                    new UserId(rs.getObject("created_by", UUID.class)), rs.getString("display_name"),
                    rs.getTimestamp("created_at").toInstant());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable template " + rs.getString("id"), e);
        }
    }

    private static String write(QuoteInput.Option option) {
        try {
            return JSON.writeValueAsString(option);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
