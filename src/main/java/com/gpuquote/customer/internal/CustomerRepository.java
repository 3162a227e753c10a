package com.gpuquote.customer.internal;

import com.gpuquote.shared.SqlLike;
import com.gpuquote.customer.Contact;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerDraft;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.security.UserId;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

@Repository
public class CustomerRepository {

    private static final String SELECT = """
            select c.id, c.name, c.credit_code, c.billing_address, c.language, c.owner_id, u.display_name as owner_name,
                   c.notes, c.created_at, c.version
            from customers c left join app_users u on u.tenant_id = c.tenant_id and u.id = c.owner_id
            """;
    private final JdbcClient jdbc;

    CustomerRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public List<Customer> search(TenantId tenant, String text, UUID owner, int offset, int limit) {
        List<Row> rows = null;
        if (SqlLike.readsHeadFirst(text, offset, limit)) {
            rows = searchHead(tenant, text.trim(), owner, offset, limit);
        }
        if (rows == null || rows.size() < limit) {
            Where where = Where.of(tenant, text, owner);
            rows = jdbc.sql(SELECT + where.sql() + " order by lower(c.name), c.id limit :limit offset :offset")
                    .params(where.params()).param("limit", limit).param("offset", offset)
                    .query(CustomerRepository::row).list();
        }
        Map<UUID, List<Contact>> contacts = contacts(tenant, rows.stream().map(Row::id).toList());
        return rows.stream().map(r -> r.toCustomer(contacts.getOrDefault(r.id(), List.of()))).toList();
    }

    /**
     * A term of one or two characters ("a", "深") matches most customers, so the id lookup returns nearly all of them
     * (ADR 1853); its page is first looked for among the first {@link SqlLike#headRows} customers in list order, each
     * matched as the lookup does (name, credit code, a contact's name or e-mail ILIKE the term), stopping when the page
     * is full. A full page is exact (the first offset + limit matches overall lie in the head); otherwise the caller
     * reads the page the usual way.
     */
    private List<Row> searchHead(TenantId tenant, String text, UUID owner, int offset, int limit) {
        Where where = Where.of(tenant, null, owner);
        String op = " " + SqlLike.operator(text) + " :like";
        return jdbc.sql(SELECT + " join (select h.id from (select c.id, c.name, c.credit_code, lower(c.name) as sort_name"
                        + " from customers c" + where.sql() + " order by lower(c.name), c.id limit :head) h"
                        + " where h.name" + op + " or h.credit_code" + op
                        + " or exists (select 1 from customer_contacts k where k.tenant_id = :t"
                        + " and k.customer_id = h.id and (k.name" + op + " or k.email" + op + "))"
                        + " order by h.sort_name, h.id limit :limit offset :offset) page on page.id = c.id"
                        + " where c.tenant_id = :t order by lower(c.name), c.id")
                .params(where.params()).param("like", SqlLike.contains(text))
                .param("head", SqlLike.headRows(offset, limit)).param("limit", limit).param("offset", offset)
                .query(CustomerRepository::row).list();
    }

    public int count(TenantId tenant, String text, UUID owner) {
        Where where = Where.of(tenant, text, owner);
        return jdbc.sql("select count(*) from customers c" + where.sql()).params(where.params())
                .query(Integer.class).single();
    }

    /**
     * The WHERE clause from the filters actually given (issue 18): no catch-all {@code :q = '' or …} /
     * {@code cast(:owner) is null or …} predicates, which hide the real conditions from the planner; the text matches
     * name, credit code, or a contact's name or e-mail (trigram indexes of V76).
     */
    record Where(String sql, Map<String, Object> params) {

        static Where of(TenantId tenant, String text, UUID owner) {
            StringBuilder sql = new StringBuilder(" where c.tenant_id = :t");
            Map<String, Object> params = new HashMap<>();
            params.put("t", tenant.value());
            String q = text == null ? "" : text.trim();
            if (!q.isEmpty()) {
                // name, credit code, a contact's name or e-mail: ids from a SECURITY DEFINER lookup (V77) that
                // reads the trigram indexes for the current tenant only (under RLS ILIKE cannot use them; ADR 1853)
                sql.append(" and c.id in (select m.id from gq_customer_ids_matching(:like) m(id))");
                params.put("like", SqlLike.contains(q)); // trimmed, as the head of search() matches it
            }
            if (owner != null) {
                sql.append(" and c.owner_id = :owner");
                params.put("owner", owner);
            }
            return new Where(sql.toString(), params);
        }
    }

    public Optional<Customer> find(TenantId tenant, CustomerId id) {
        return jdbc.sql(SELECT + " where c.tenant_id = ? and c.id = ?").params(tenant.value(), id.value())
                .query(CustomerRepository::row).optional()
                .map(r -> r.toCustomer(contacts(tenant, List.of(r.id())).getOrDefault(r.id(), List.of())));
    }

    public void insert(TenantId tenant, CustomerId id, CustomerDraft d, UserId owner) {
        jdbc.sql("""
                        insert into customers (tenant_id, id, name, credit_code, billing_address, language, owner_id, notes)
                        values (?, ?, ?, ?, ?, ?, ?, ?)""")
                .params(tenant.value(), id.value(), d.name(), d.creditCode(), d.billingAddress(), d.language(),
                        owner.value(), d.notes())
                .update();
        replaceContacts(tenant, id, d.contacts());
    }

    public int update(TenantId tenant, CustomerId id, CustomerDraft d, UserId owner) {
        int n = jdbc.sql("""
                        update customers set name = ?, credit_code = ?, billing_address = ?, language = ?, notes = ?,
                               owner_id = ?, updated_at = now(), version = version + 1
                        where tenant_id = ? and id = ? and version = ?""")
                .params(d.name(), d.creditCode(), d.billingAddress(), d.language(), d.notes(),
                        owner == null ? null : owner.value(), tenant.value(), id.value(), d.version())
                .update();
        if (n > 0) {
            replaceContacts(tenant, id, d.contacts());
        }
        return n;
    }

    private void replaceContacts(TenantId tenant, CustomerId id, List<Contact> contacts) {
        jdbc.sql("delete from customer_contacts where tenant_id = ? and customer_id = ?")
                .params(tenant.value(), id.value()).update();
        for (int i = 0; i < contacts.size(); i++) {
            Contact c = contacts.get(i);
            jdbc.sql("""
                            insert into customer_contacts (tenant_id, id, customer_id, position, name, email, phone, role)
                            values (?, ?, ?, ?, ?, ?, ?, ?)""")
                    .params(tenant.value(), UUID.randomUUID(), id.value(), i, c.name(), c.email(), c.phone(), c.role())
                    .update();
        }
    }

    private Map<UUID, List<Contact>> contacts(TenantId tenant, List<UUID> customerIds) {
        Map<UUID, List<Contact>> result = new HashMap<>();
        if (customerIds.isEmpty()) {
            return result;
        }
        jdbc.sql("select customer_id, name, email, phone, role from customer_contacts "
                        + "where tenant_id = ? and customer_id = any (?) order by customer_id, position")
                .params(tenant.value(), customerIds.toArray(UUID[]::new))
                .query(rs -> {
                    result.computeIfAbsent(rs.getObject("customer_id", UUID.class), k -> new ArrayList<>())
                            .add(new Contact(rs.getString("name"), rs.getString("email"), rs.getString("phone"),
                                    rs.getString("role")));
                });
        return result;
    }

    private record Row(UUID id, String name, String creditCode, String billingAddress, String language, UUID ownerId,
                       String ownerName, String notes, java.time.Instant createdAt, int version) {
        Customer toCustomer(List<Contact> contacts) {
            return new Customer(new CustomerId(id), name, creditCode, billingAddress, language,
                    ownerId == null ? null : new UserId(ownerId), ownerName, notes, contacts, createdAt, version);
        }
    }

    private static Row row(ResultSet rs, int n) throws SQLException {
        return new Row(rs.getObject("id", UUID.class), rs.getString("name"), rs.getString("credit_code"),
                rs.getString("billing_address"), rs.getString("language"), rs.getObject("owner_id", UUID.class),
                rs.getString("owner_name"), rs.getString("notes"), rs.getTimestamp("created_at").toInstant(),
                rs.getInt("version"));
    }
}
