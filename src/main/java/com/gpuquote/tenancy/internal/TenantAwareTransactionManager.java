package com.gpuquote.tenancy.internal;

import com.gpuquote.tenancy.TenantContext;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.TransactionDefinition;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Pattern;

/**
 * Sets the tenant for row-level security at the start of every transaction, transaction-locally, so a pooled
 * connection never carries one request's tenant into the next. Outside a transaction nothing is set and the
 * policies show no tenant-owned rows: isolation fails closed.
 * <p>
 * The settings are made with {@code SET LOCAL} rather than {@code set_config(…, true)} because Citus forwards only
 * {@code SET LOCAL} commands to the workers (with {@code citus.propagate_set_commands = 'local'}, docs/scaling.md,
 * ADR 1801); on plain PostgreSQL both are the same transaction-local setting. {@code SET} takes no bind parameters,
 * so the value is inlined: it is the canonical text of a {@link java.util.UUID} from the typed {@code TenantId}
 * (hex digits and dashes only), checked once more against that shape before it is written into the statement.
 */
public class TenantAwareTransactionManager extends JdbcTransactionManager {

    private static final Pattern CANONICAL_UUID =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    public TenantAwareTransactionManager(DataSource dataSource) {
        super(dataSource);
    }

    @Override
    protected void prepareTransactionalConnection(Connection con, TransactionDefinition definition) throws SQLException {
        super.prepareTransactionalConnection(con, definition);
        TenantContext.Scope scope = TenantContext.current();
        try (Statement st = con.createStatement()) {
            st.execute(setLocalSql(scope));
        }
    }

    /** The two {@code SET LOCAL} commands for a scope; the tenant is inlined only in canonical UUID form. */
    static String setLocalSql(TenantContext.Scope scope) {
        String tenant = "";
        if (scope.tenantId() != null) {
            tenant = scope.tenantId().value().toString();
            if (!CANONICAL_UUID.matcher(tenant).matches()) {
                throw new IllegalStateException("tenant id is not a canonical UUID");
            }
        }
        return "set local app.tenant_id = '" + tenant + "'; set local app.platform = '"
                + (scope.platform() ? "on" : "") + "'";
    }
}
