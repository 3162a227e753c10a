package com.gpuquote;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.stereotype.Component;
import org.springframework.util.ClassUtils;

import javax.sql.DataSource;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Statement;
import java.util.function.Supplier;

/**
 * Test-scope counter of the SQL statements one piece of work sends to the database (issue 14: a read path must not
 * issue one query per row). Wraps the application's {@link DataSource} bean; only connections taken on a thread
 * inside {@link #count} are wrapped, every other connection is the pool's own, so other tests run unchanged. Every
 * {@code execute*} call of a statement taken from such a connection counts once (the tenant's {@code SET LOCAL}
 * at the start of a transaction included, a constant per transaction).
 */
@Component
public class SqlStatements implements BeanPostProcessor {

    private static final ThreadLocal<int[]> COUNTER = new ThreadLocal<>();

    /** The result of the work and how many statements it executed on this thread. */
    public record Counted<T>(T result, int statements) {
    }

    public static <T> Counted<T> count(Supplier<T> work) {
        int[] previous = COUNTER.get();
        int[] counter = {0};
        COUNTER.set(counter);
        try {
            T result = work.get();
            return new Counted<>(result, counter[0]);
        } finally {
            COUNTER.set(previous);
        }
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (bean instanceof DataSource target) {
            return proxy(target, (p, method, args) -> {
                Object result = invoke(target, method, args);
                return method.getName().equals("getConnection") && COUNTER.get() != null
                        ? proxy((Connection) result, connectionHandler((Connection) result)) : result;
            });
        }
        return bean;
    }

    private static InvocationHandler connectionHandler(Connection target) {
        return (p, method, args) -> {
            Object result = invoke(target, method, args);
            return result instanceof Statement st && method.getName().matches("prepareStatement|prepareCall|createStatement")
                    ? proxy(st, (sp, m, a) -> {
                        if (m.getName().startsWith("execute")) {
                            int[] counter = COUNTER.get();
                            if (counter != null) {
                                counter[0]++;
                            }
                        }
                        return invoke(st, m, a);
                    })
                    : result;
        };
    }

    @SuppressWarnings("unchecked")
    private static <T> T proxy(T target, InvocationHandler handler) {
        return (T) Proxy.newProxyInstance(SqlStatements.class.getClassLoader(),
                ClassUtils.getAllInterfaces(target), handler);
    }

    private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
