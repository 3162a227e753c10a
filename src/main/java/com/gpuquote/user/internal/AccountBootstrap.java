package com.gpuquote.user.internal;

import com.gpuquote.security.Role;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.shared.I18n;
import com.gpuquote.user.UserService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The first platform admin comes from GPUQUOTE_BOOTSTRAP_ADMIN_EMAIL/PASSWORD, once: only while none exists. Its
 * display name is GPUQUOTE_BOOTSTRAP_ADMIN_NAME, else the translated default (zh-CN, the platform's language).
 */
@Component
@Order(0)
class AccountBootstrap implements ApplicationRunner {
    private static final Logger log = LoggerFactory.getLogger(AccountBootstrap.class);

    private final UserService users;
    private final String email;
    private final String password;
    private final String displayName;

    AccountBootstrap(UserService users, @Value("${gpuquote.bootstrap.admin-email:}") String email,
                     @Value("${gpuquote.bootstrap.admin-password:}") String password,
                     @Value("${gpuquote.bootstrap.admin-name:}") String displayName) {
        this.users = users;
        this.email = email;
        this.password = password;
        this.displayName = displayName == null || displayName.isBlank()
                ? I18n.get(I18n.CHINESE, "user.bootstrap.adminName") : displayName.trim();
    }

    @Override
    public void run(ApplicationArguments args) {
        bootstrap();
    }

    /** Creates the configured platform admin if settings are given and no platform admin exists; true if it did. */
    boolean bootstrap() {
        if (email == null || email.isBlank() || password == null || password.isBlank()) {
            return false;
        }
        AtomicBoolean created = new AtomicBoolean();
        SystemAuthentication.asPlatformAdmin(() -> {
            if (users.platformAdminExists()) {
                log.info("A platform admin exists; GPUQUOTE_BOOTSTRAP_ADMIN_* ignored");
                return;
            }
            created.set(users.createAccountIfAbsent(null, email.trim(), displayName, Set.of(Role.PLATFORM_ADMIN),
                    password));
            log.info("Created the first platform admin {}", email.trim());
        });
        return created.get();
    }
}
