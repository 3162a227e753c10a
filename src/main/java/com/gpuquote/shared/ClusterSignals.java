package com.gpuquote.shared;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/**
 * Server push across app instances (issue 18, ADR 0010; ADR 1201 named this the next step): every topic
 * {@link LiveUpdates} publishes after a commit also goes out as a PostgreSQL {@code NOTIFY gq_live}, and every
 * instance LISTENs and fires its own views' listeners for topics other instances sent. Topics are ids only (no tenant
 * data), so a signal reveals nothing; views re-read through the services as before. Two dedicated connections of the
 * runtime role, outside the pool (one blocks in LISTEN; a pooled one would be lost to requests). A lost connection is
 * opened again; signals sent meanwhile are missed, and the views catch up on their next request as before.
 */
@Component
class ClusterSignals implements LiveUpdates.Relay {

    private static final Logger log = LoggerFactory.getLogger(ClusterSignals.class);
    static final String CHANNEL = "gq_live";

    private final LiveUpdates live;
    private final String url;
    private final String user;
    private final String password;
    private final boolean enabled;
    private final String self = UUID.randomUUID().toString();
    private volatile boolean running;
    private Thread listener;
    private Connection publisher;

    ClusterSignals(LiveUpdates live, @Value("${gpuquote.db.url}") String url,
                   @Value("${gpuquote.db.app-user}") String user, @Value("${gpuquote.db.app-password}") String password,
                   @Value("${gpuquote.cluster.signals:true}") boolean enabled) {
        this.live = live;
        this.url = url;
        this.user = user;
        this.password = password;
        this.enabled = enabled;
    }

    @jakarta.annotation.PostConstruct
    void start() {
        if (!enabled) {
            return;
        }
        running = true;
        listener = new Thread(this::listen, "cluster-signals");
        listener.setDaemon(true);
        listener.start();
        live.relayTo(this);
    }

    @jakarta.annotation.PreDestroy
    void stop() {
        running = false;
        live.relayTo(null);
        if (listener != null) {
            listener.interrupt();
        }
        synchronized (this) {
            close(publisher);
            publisher = null;
        }
    }

    /** Runs on LiveUpdates' dispatcher thread, after the commit. */
    @Override
    public synchronized void publish(String topic) {
        if (!running) {
            return;
        }
        for (int attempt = 0; attempt < 2; attempt++) {
            try {
                if (publisher == null || publisher.isClosed()) {
                    publisher = DriverManager.getConnection(url, user, password);
                }
                try (PreparedStatement ps = publisher.prepareStatement("select pg_notify(?, ?)")) {
                    ps.setString(1, CHANNEL);
                    ps.setString(2, self + " " + topic);
                    ps.execute();
                }
                return;
            } catch (SQLException e) {
                close(publisher);
                publisher = null;
                log.debug("cluster signal {} not sent: {}", topic, e.getMessage());
            }
        }
    }

    private void listen() {
        while (running) {
            try (Connection c = DriverManager.getConnection(url, user, password)) {
                try (Statement st = c.createStatement()) {
                    st.execute("listen " + CHANNEL);
                }
                // the driver is a runtime dependency only: its notification API through reflection, here alone
                Class<?> api = Class.forName("org.postgresql.PGConnection");
                Object pg = c.unwrap(api);
                java.lang.reflect.Method poll = api.getMethod("getNotifications", int.class);
                java.lang.reflect.Method parameter = Class.forName("org.postgresql.PGNotification").getMethod("getParameter");
                while (running) {
                    Object[] batch = (Object[]) poll.invoke(pg, 1000);
                    if (batch == null) {
                        continue;
                    }
                    for (Object n : batch) {
                        String payload = (String) parameter.invoke(n);
                        int space = payload.indexOf(' ');
                        if (space > 0 && !payload.substring(0, space).equals(self)) {
                            live.deliverFromElsewhere(payload.substring(space + 1));
                        }
                    }
                }
            } catch (java.lang.reflect.InvocationTargetException | SQLException e) {
                if (running) {
                    log.warn("Cluster signals: connection lost ({}), listening again in 2 s",
                            e instanceof java.lang.reflect.InvocationTargetException i ? i.getCause() : e.getMessage());
                    try {
                        Thread.sleep(2000);
                    } catch (InterruptedException ie) {
                        return;
                    }
                }
            } catch (ReflectiveOperationException e) {
                log.warn("Cluster signals off: the PostgreSQL driver offers no notifications ({})", e.toString());
                return;
            }
        }
    }

    private static void close(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // already gone
            }
        }
    }
}
