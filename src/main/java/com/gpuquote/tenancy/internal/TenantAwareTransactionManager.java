package com.gpuquote.tenancy.internal;

import com.gpuquote.tenancy.TenantContext;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.TransactionDefinition;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Sets the tenant for row-level security at the start of every transaction, transaction-locally, so a pooled
 * connection never carries one request's tenant into the next. Outside a transaction nothing is set and the
 * policies show no tenant-owned rows: isolation fails closed.
 */
public class TenantAwareTransactionManager extends JdbcTransactionManager {

    public TenantAwareTransactionManager(DataSource dataSource) {
        super(dataSource);
    }

    @Override
    protected void prepareTransactionalConnection(Connection con, TransactionDefinition definition) throws SQLException {
        super.prepareTransactionalConnection(con, definition);
        TenantContext.Scope scope = TenantContext.current();
        try (PreparedStatement ps = con.prepareStatement(
                "select set_config('app.tenant_id', ?, true), set_config('app.platform', ?, true)")) {
            ps.setString(1, scope.tenantId() == null ? "" : scope.tenantId().toString());
            ps.setString(2, scope.platform() ? "on" : "");
            ps.execute();
        }
    }
}
