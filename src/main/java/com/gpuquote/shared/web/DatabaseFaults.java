package com.gpuquote.shared.web;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

import java.io.IOException;
import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;
import org.jspecify.annotations.Nullable;

/**
 * Failures of the database rather than of the request (docs/operations.md): the database is down or refuses
 * connections, the pool had no connection within its timeout, a statement ran out of time, or a lock stayed taken.
 * The client hears 503 (try again later) or, for a lock someone else holds, 409; never a 500, never SQL or a trace.
 */
public final class DatabaseFaults {

    public enum Fault {
        /** Down, unreachable, refusing connections, or no pooled connection free in time: 503. */
        UNAVAILABLE(503, "database-unavailable", "Service unavailable",
                "The database is not available right now; please try again in a moment"),
        /** statement_timeout (57014): 503. */
        TIMEOUT(503, "database-timeout", "Service unavailable",
                "The request took too long and was cancelled; please try again in a moment"),
        /** lock_timeout (55P03) or a deadlock (40P01): someone else is changing the same data: 409. */
        LOCKED(409, "conflict", "Conflict",
                "Someone else is changing this right now; please try again in a moment");

        public final int status;
        public final String type;
        public final String title;
        public final String detail;

        Fault(int status, String type, String title, String detail) {
            this.status = status;
            this.type = type;
            this.title = title;
            this.detail = detail;
        }
    }

    /** Seconds a client should wait before retrying a 503. */
    static final int RETRY_AFTER_SECONDS = 5;

    private DatabaseFaults() {
    }

    /** The fault anywhere in the cause chain, or null when the failure is something else. */
    public static @Nullable Fault classify(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLException sql && sql.getSQLState() != null) {
                Fault f = bySqlState(sql.getSQLState());
                if (f != null) {
                    return f;
                }
            }
            if (t instanceof PessimisticLockingFailureException) {
                return Fault.LOCKED;
            }
            if (t instanceof QueryTimeoutException) {
                return Fault.TIMEOUT;
            }
            if (t instanceof CannotGetJdbcConnectionException || t instanceof CannotCreateTransactionException
                    || t instanceof TransientDataAccessResourceException
                    || t instanceof SQLTransientConnectionException || t instanceof SQLRecoverableException
                    || t instanceof SQLNonTransientConnectionException || t instanceof ConnectException) {
                return Fault.UNAVAILABLE;
            }
            if (t instanceof TransactionSystemException tse) {
                // "JDBC commit failed" / "JDBC rollback failed": the connection went away under the transaction (a
                // restart, a terminated backend). Spring throws this in place of what failed first, which it keeps
                // as the application exception; the pool's closed connection says "Connection is closed" without a
                // SQL state, so the transaction's end failing on JDBC is itself the sign.
                Throwable application = tse.getApplicationException();
                Fault first = application == null ? null : classify(application);
                if (first != null) {
                    return first;
                }
                if (tse.getCause() instanceof SQLException) {
                    return Fault.UNAVAILABLE;
                }
            }
        }
        return null;
    }

    private static Fault bySqlState(String state) {
        if (state.startsWith("08")                          // connection exceptions
                || state.equals("57P01") || state.equals("57P02") || state.equals("57P03") // shutdown, cannot connect now
                || state.equals("53300")) {                  // too many connections
            return Fault.UNAVAILABLE;
        }
        return switch (state) {
            case "57014" -> Fault.TIMEOUT;
            case "55P03", "40P01" -> Fault.LOCKED;
            default -> null;
        };
    }

    /** Writes the fault as a problem-details body (outside Spring MVC: filters, entry points). */
    public static void write(HttpServletResponse response, Fault fault) throws IOException {
        writeProblem(response, fault.status, fault.type, fault.title, fault.detail,
                fault == Fault.LOCKED ? ",\"code\":\"locked\"" : "");
    }

    /**
     * A problem-details body written outside Spring MVC, with {@code Retry-After} on a 503; {@code extra} is more
     * members of the object, each preceded by a comma, or empty. Nothing of the request or of an exception goes in.
     */
    static void writeProblem(HttpServletResponse response, int status, String type, String title, String detail,
                             String extra) throws IOException {
        response.resetBuffer();
        response.setStatus(status);
        if (status == 503) {
            response.setHeader("Retry-After", String.valueOf(RETRY_AFTER_SECONDS));
        }
        response.setContentType("application/problem+json");
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write("""
                {"type":"https://gpuquote.dev/problems/%s","title":"%s","status":%d,"detail":"%s"%s}"""
                .formatted(type, title, status, detail, extra));
    }
}
