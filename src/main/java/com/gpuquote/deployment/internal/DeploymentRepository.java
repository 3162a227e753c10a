package com.gpuquote.deployment.internal;

import com.gpuquote.customer.ProjectId;
import com.gpuquote.deployment.Deployment;
import com.gpuquote.deployment.DeploymentId;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.sizing.engine.Workload;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

@Repository
public class DeploymentRepository {

    private static final String COLUMNS = "id, project_id, instance_type, region, billing_mode, instance_count, since,"
            + " workload, source_quote_id, created_at";

    private final JdbcClient jdbc;

    DeploymentRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public void insert(TenantId tenant, Deployment d, UUID createdBy) {
        jdbc.sql("""
                insert into deployments (tenant_id, id, project_id, instance_type, region, billing_mode, instance_count,
                                         since, workload, source_quote_id, created_by, created_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""")
                .params(tenant.value(), d.id().value(), d.projectId().value(), d.instanceType(), d.region(),
                        d.billingMode().name(), d.count(), d.since(), d.workload().name(), d.sourceQuoteId(), createdBy,
                        Timestamp.from(d.createdAt()))
                .update();
    }

    public Optional<Deployment> find(TenantId tenant, DeploymentId id) {
        return jdbc.sql("select " + COLUMNS + " from deployments where tenant_id = ? and id = ?")
                .params(tenant.value(), id.value()).query(DeploymentRepository::map).optional();
    }

    public List<Deployment> forProject(TenantId tenant, ProjectId project) {
        return jdbc.sql("select " + COLUMNS + " from deployments where tenant_id = ? and project_id = ?"
                        + " order by since desc, created_at desc")
                .params(tenant.value(), project.value()).query(DeploymentRepository::map).list();
    }

    /** The tenant's deployments, newest first (at most {@code limit}). */
    public List<Deployment> all(TenantId tenant, int limit) {
        return jdbc.sql("select " + COLUMNS + " from deployments where tenant_id = ? order by created_at desc limit ?")
                .params(tenant.value(), limit).query(DeploymentRepository::map).list();
    }

    public boolean existsForQuote(TenantId tenant, UUID quoteId) {
        return jdbc.sql("select exists (select 1 from deployments where tenant_id = ? and source_quote_id = ?)")
                .params(tenant.value(), quoteId).query(Boolean.class).single();
    }

    static Deployment map(ResultSet rs, int row) throws SQLException {
        return new Deployment(new DeploymentId(rs.getObject("id", UUID.class)),
                new ProjectId(rs.getObject("project_id", UUID.class)), rs.getString("instance_type"),
                rs.getString("region"), BillingMode.valueOf(rs.getString("billing_mode")), rs.getInt("instance_count"),
                rs.getObject("since", java.time.LocalDate.class), Workload.valueOf(rs.getString("workload")),
                rs.getObject("source_quote_id", UUID.class), rs.getTimestamp("created_at").toInstant());
    }
}
