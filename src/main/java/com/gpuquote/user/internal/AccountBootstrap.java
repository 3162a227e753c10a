package com.gpuquote.user.internal;

import com.gpuquote.security.Role;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.user.UserService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

import java.util.Set;

/** The first platform admin comes from GPUQUOTE_BOOTSTRAP_ADMIN_EMAIL/PASSWORD, once: only while none exists. */
@Component
@Order(0)
class AccountBootstrap implements ApplicationRunner {
    private static final Logger log = LoggerFactory.getLogger(AccountBootstrap.class);

    private final UserService users;
    private final String email;
    private final String password;

    AccountBootstrap(UserService users, @Value("${gpuquote.bootstrap.admin-email:}") String email,
                     @Value("${gpuquote.bootstrap.admin-password:}") String password) {
        this.users = users;
        this.email = email;
        this.password = password;
    }

    @Override
    public void run(ApplicationArguments args) {
        if (email == null || email.isBlank() || password == null || password.isBlank()) {
            return;
        }
        SystemAuthentication.asPlatformAdmin(() -> {
            if (users.platformAdminExists()) {
                log.info("A platform admin exists; GPUQUOTE_BOOTSTRAP_ADMIN_* ignored");
                return;
            }
            users.createAccountIfAbsent(null, email.trim(), "Platform admin", Set.of(Role.PLATFORM_ADMIN), password);
            log.info("Created the first platform admin {}", email.trim());
        });
    }
}
