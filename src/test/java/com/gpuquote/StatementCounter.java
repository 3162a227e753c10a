package com.gpuquote;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.stereotype.Component;

import javax.sql.DataSource;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Test only: counts the JDBC statements the current thread prepares while {@link #count} runs, so a test can prove a
 * read path runs a fixed number of statements whatever the number of items (issue 14, ADR 1408). Every DataSource
 * bean is wrapped; a connection is wrapped only when it is taken while the current thread counts, so everything else
 * (other tests, the server's threads, the scheduled jobs) sees the pool's connections untouched.
 */
@Component
public class StatementCounter implements BeanPostProcessor {

    private static final Set<String> STATEMENTS = Set.of("prepareStatement", "createStatement", "prepareCall");
    private static final ThreadLocal<long[]> COUNTING = new ThreadLocal<>();

    /** The result of {@code work} and how many statements the current thread prepared for it. */
    public record Counted<T>(T result, long statements) {
    }

    public <T> Counted<T> count(Supplier<T> work) {
        long[] previous = COUNTING.get();
        long[] counter = new long[1];
        COUNTING.set(counter);
        try {
            T result = work.get();
            return new Counted<>(result, counter[0]);
        } finally {
            if (previous == null) {
                COUNTING.remove();
            } else {
                COUNTING.set(previous);
            }
        }
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        return bean instanceof DataSource ds && !(bean instanceof Counting) ? new Counting(ds) : bean;
    }

    private static final class Counting extends DelegatingDataSource {

        Counting(DataSource target) {
            super(target);
        }

        @Override
        public Connection getConnection() throws SQLException {
            return wrap(super.getConnection());
        }

        @Override
        public Connection getConnection(String username, String password) throws SQLException {
            return wrap(super.getConnection(username, password));
        }

        private static Connection wrap(Connection target) {
            long[] counter = COUNTING.get();
            if (counter == null) {
                return target;
            }
            return (Connection) Proxy.newProxyInstance(StatementCounter.class.getClassLoader(),
                    new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                        switch (method.getName()) {
                            case "equals":
                                return proxy == args[0];
                            case "hashCode":
                                return System.identityHashCode(proxy);
                            case "toString":
                                return "Counting[" + target + "]";
                            default:
                                break;
                        }
                        if (STATEMENTS.contains(method.getName())) {
                            counter[0]++;
                        }
                        try {
                            return method.invoke(target, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }
    }
}
