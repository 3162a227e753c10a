package com.gpuquote.sizing.internal;

import com.gpuquote.customer.ProjectId;
import com.gpuquote.security.UserId;
import com.gpuquote.sizing.SizingRun;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** A project's saved sizing runs (table project_sizing_runs, owned by sizing since ADR 1406). */
@Repository
public class SizingRunRepository {

    private final JdbcClient jdbc;

    SizingRunRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public void insert(TenantId tenant, UUID id, ProjectId project, String name, String input, String result,
                       UserId by) {
        jdbc.sql("""
                        insert into project_sizing_runs (tenant_id, id, project_id, name, input, result, created_by)
                        values (?, ?, ?, ?, cast(? as jsonb), cast(? as jsonb), ?)""")
                .params(tenant.value(), id, project.value(), name, input, result, by.value()).update();
    }

    private static final String RUN_SELECT = """
            select r.id, r.project_id, r.name, r.input::text as input, r.result::text as result, u.display_name, r.created_at
            from project_sizing_runs r left join app_users u on u.tenant_id = r.tenant_id and u.id = r.created_by
            """;

    public List<SizingRun> forProject(TenantId tenant, ProjectId project) {
        return jdbc.sql(RUN_SELECT + " where r.tenant_id = ? and r.project_id = ? order by r.created_at desc")
                .params(tenant.value(), project.value()).query(SizingRunRepository::run).list();
    }

    public Optional<SizingRun> find(TenantId tenant, UUID id) {
        return jdbc.sql(RUN_SELECT + " where r.tenant_id = ? and r.id = ?").params(tenant.value(), id)
                .query(SizingRunRepository::run).optional();
    }

    private static SizingRun run(ResultSet rs, int n) throws SQLException {
        return new SizingRun(rs.getObject("id", UUID.class), new ProjectId(rs.getObject("project_id", UUID.class)),
                rs.getString("name"), rs.getString("input"), rs.getString("result"), rs.getString("display_name"),
                rs.getTimestamp("created_at").toInstant());
    }
}
