package com.gpuquote.tenancy.internal;

import com.gpuquote.tenancy.DatabaseProperties;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.EnableTransactionManagement;

import javax.sql.DataSource;

@Configuration
@EnableTransactionManagement
class DataSourceConfig {

    /** The runtime pool; it opens only after the database is created, migrated and the runtime role is ready. */
    @Bean
    @Primary
    DataSource dataSource(DatabaseProperties props, Environment environment) {
        RuntimePasswordCheck.require(props, environment);
        new DatabaseBootstrap(props).run();
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(props.url());
        config.setUsername(props.appUser());
        config.setPassword(props.appPassword());
        config.setMaximumPoolSize(props.poolSize());
        config.setPoolName("gpuquote-app");
        // a request waits at most this long for a connection: a full pool or a database that is down answers 503
        // (shared.web.DatabaseFaults) instead of piling up threads; Hikari keeps trying, so the app recovers by itself
        config.setConnectionTimeout(props.connectionTimeout().toMillis());
        // session defaults of the runtime connections only (the bootstrap's migrations may take longer): a runaway
        // statement or a lock held by someone else fails instead of holding a request thread and a connection
        config.addDataSourceProperty("options", "-c statement_timeout=" + props.statementTimeout().toMillis()
                + " -c lock_timeout=" + props.lockTimeout().toMillis());
        return new HikariDataSource(config);
    }

    @Bean
    PlatformTransactionManager transactionManager(DataSource dataSource) {
        return new TenantAwareTransactionManager(dataSource);
    }

    @Bean
    JdbcClient jdbcClient(DataSource dataSource) {
        return JdbcClient.create(dataSource);
    }
}
