package com.gpuquote.customer.internal;

import com.gpuquote.shared.SqlLike;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.customer.ProjectStatus;
import com.gpuquote.security.UserId;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

@Repository
public class ProjectRepository {

    private static final String SELECT = """
            select p.id, p.customer_id, c.name as customer_name, p.name, p.description, p.status, p.created_at, p.version
            from projects p join customers c on c.tenant_id = p.tenant_id and c.id = p.customer_id
            """;
    private final JdbcClient jdbc;

    ProjectRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public List<Project> search(TenantId tenant, ProjectService.Search s, int offset, int limit) {
        Where where = Where.of(tenant, s);
        return jdbc.sql(SELECT + where.sql() + " order by p.created_at desc, p.id limit :limit offset :offset")
                .params(where.params()).param("limit", limit).param("offset", offset)
                .query(ProjectRepository::map).list();
    }

    public int count(TenantId tenant, ProjectService.Search s) {
        Where where = Where.of(tenant, s);
        // every project has its customer (foreign key) and the WHERE names only p: no join
        return jdbc.sql("select count(*) from projects p" + where.sql()).params(where.params())
                .query(Integer.class).single();
    }

    /**
     * The WHERE clause from the filters actually given (issue 18): no catch-all {@code :q = '' or …} /
     * {@code cast(:x) is null or …} predicates, which hide the real conditions from the planner.
     */
    record Where(String sql, Map<String, Object> params) {

        static Where of(TenantId tenant, ProjectService.Search s) {
            StringBuilder sql = new StringBuilder(" where p.tenant_id = :t");
            Map<String, Object> params = new HashMap<>();
            params.put("t", tenant.value());
            String text = s.text() == null ? "" : s.text().trim();
            if (!text.isEmpty()) {
                // project or customer name: ids from a SECURITY DEFINER lookup (V77) that reads the trigram indexes
                // for the current tenant only (under RLS ILIKE cannot use them; ADR 1853)
                sql.append(" and p.id in (select m.id from gq_project_ids_matching(:like) m(id))");
                params.put("like", SqlLike.contains(text));
            }
            if (s.customerId() != null) {
                sql.append(" and p.customer_id = :customer");
                params.put("customer", s.customerId().value());
            }
            if (s.status() != null) {
                sql.append(" and p.status = :status");
                params.put("status", s.status().name());
            }
            return new Where(sql.toString(), params);
        }
    }

    public Optional<Project> find(TenantId tenant, ProjectId id) {
        return jdbc.sql(SELECT + " where p.tenant_id = ? and p.id = ?").params(tenant.value(), id.value())
                .query(ProjectRepository::map).optional();
    }

    public void insert(TenantId tenant, ProjectId id, CustomerId customer, String name, String description, UserId by) {
        jdbc.sql("insert into projects (tenant_id, id, customer_id, name, description, created_by) values (?, ?, ?, ?, ?, ?)")
                .params(tenant.value(), id.value(), customer.value(), name, description, by.value()).update();
    }

    public int update(TenantId tenant, ProjectId id, String name, String description, ProjectStatus status, int version) {
        return jdbc.sql("""
                        update projects set name = ?, description = ?, status = ?, updated_at = now(), version = version + 1
                        where tenant_id = ? and id = ? and version = ?""")
                .params(name, description, status.name(), tenant.value(), id.value(), version).update();
    }

    public void setStatus(TenantId tenant, ProjectId id, ProjectStatus status) {
        jdbc.sql("update projects set status = ?, updated_at = now(), version = version + 1 where tenant_id = ? and id = ?")
                .params(status.name(), tenant.value(), id.value()).update();
    }

    private static Project map(ResultSet rs, int n) throws SQLException {
        return new Project(new ProjectId(rs.getObject("id", UUID.class)),
                new CustomerId(rs.getObject("customer_id", UUID.class)), rs.getString("customer_name"),
                rs.getString("name"), rs.getString("description"), ProjectStatus.valueOf(rs.getString("status")),
                rs.getTimestamp("created_at").toInstant(), rs.getInt("version"));
    }
}
