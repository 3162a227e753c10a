package com.gpuquote.pricing.agreement.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.gpuquote.pricing.agreement.AgreementId;
import com.gpuquote.pricing.agreement.AgreementRule;
import com.gpuquote.pricing.agreement.AgreementRuleJson;
import com.gpuquote.pricing.agreement.CustomerAgreement;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.security.UserId;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

@Repository
public class AgreementRepository {

    private static final ObjectMapper JSON = JsonMapper.builder().findAndAddModules()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
    private static final TypeReference<List<AgreementRuleJson>> RULES = new TypeReference<>() {
    };
    private static final String SELECT = """
            select id, customer_id, name, valid_from, valid_to, rules::text as rules, created_at, updated_at, version
            from agreements
            """;

    private final JdbcClient jdbc;

    AgreementRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public List<CustomerAgreement> list(TenantId tenant, CustomerId customer) {
        return jdbc.sql(SELECT + " where tenant_id = ? and customer_id = ? order by valid_from desc, id")
                .params(tenant.value(), customer.value()).query(AgreementRepository::map).list();
    }

    public Optional<CustomerAgreement> find(TenantId tenant, AgreementId id) {
        return jdbc.sql(SELECT + " where tenant_id = ? and id = ?").params(tenant.value(), id.value())
                .query(AgreementRepository::map).optional();
    }

    public Optional<CustomerAgreement> inForce(TenantId tenant, CustomerId customer, LocalDate date) {
        return jdbc.sql(SELECT + """
                         where tenant_id = ? and customer_id = ? and valid_from <= ?
                           and (valid_to is null or valid_to >= ?)""")
                .params(tenant.value(), customer.value(), date, date)
                .query(AgreementRepository::map).optional();
    }

    public void insert(TenantId tenant, AgreementId id, CustomerId customer, String name, LocalDate from,
                       LocalDate to, List<AgreementRule> rules, UserId by) {
        jdbc.sql("""
                        insert into agreements (tenant_id, id, customer_id, name, valid_from, valid_to, rules, created_by)
                        values (?, ?, ?, ?, ?, ?, cast(? as jsonb), ?)""")
                .params(tenant.value(), id.value(), customer.value(), name, from, to, json(rules), by.value())
                .update();
    }

    public int update(TenantId tenant, AgreementId id, String name, LocalDate from, LocalDate to,
                      List<AgreementRule> rules, int version) {
        return jdbc.sql("""
                        update agreements set name = ?, valid_from = ?, valid_to = ?, rules = cast(? as jsonb),
                               updated_at = now(), version = version + 1
                        where tenant_id = ? and id = ? and version = ?""")
                .params(name, from, to, json(rules), tenant.value(), id.value(), version).update();
    }

    /** Serialises lock-step with the REST body shape. */
    public static String json(List<AgreementRule> rules) {
        try {
            return JSON.writeValueAsString(rules.stream().map(AgreementRuleJson::of).toList());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<AgreementRule> rules(String json) {
        try {
            return JSON.readValue(json, RULES).stream()
                    .map(r -> r.toRule().orElseThrow(() -> new IllegalStateException("stored rule without type: " + r)))
                    .toList();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored agreement rules unreadable", e);
        }
    }

    private static CustomerAgreement map(ResultSet rs, int n) throws SQLException {
        return new CustomerAgreement(new AgreementId(rs.getObject("id", UUID.class)),
                new CustomerId(rs.getObject("customer_id", UUID.class)), rs.getString("name"),
                rs.getObject("valid_from", LocalDate.class), rs.getObject("valid_to", LocalDate.class),
                rules(rs.getString("rules")), rs.getTimestamp("created_at").toInstant(),
                rs.getTimestamp("updated_at").toInstant(), rs.getInt("version"));
    }
}
