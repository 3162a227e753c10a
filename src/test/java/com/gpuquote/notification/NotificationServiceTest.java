package com.gpuquote.notification;

import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.layout.HomeView;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.UserId;
import com.gpuquote.tenancy.TenantContext;
import com.gpuquote.tenancy.TenantId;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Span;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.Map;

import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

class NotificationServiceTest extends KaribuTest {

    @Autowired
    TestTenants testTenants;
    @Autowired
    NotificationService notifications;
    @Autowired
    PlatformTransactionManager txm;

    private void notifyAs(TenantId tenant, UserId user, String number) {
        TenantContext.runAs(TenantContext.Scope.tenant(tenant), () -> new TransactionTemplate(txm).executeWithoutResult(s ->
                notifications.notify(tenant, user, "QUOTE_VIEWED", Map.of("customer", "深度智算", "number", number), "quotes")));
    }

    @Test
    void theBellCountsUnreadNotificationsOfTheSignedInUserOnly() {
        var a = testTenants.create();
        var b = testTenants.create();
        GpuQuoteUser consultantB = login(b.consultantEmail());
        logout();
        GpuQuoteUser consultantA = login(a.consultantEmail());
        notifyAs(a.tenant().id(), consultantA.userId(), "Q-2026-0001");
        notifyAs(a.tenant().id(), consultantA.userId(), "Q-2026-0002");
        notifyAs(b.tenant().id(), consultantB.userId(), "Q-2026-0009");

        UI.getCurrent().navigate(HomeView.class);
        assertThat(_get(Span.class, spec -> spec.withId("notification-count")).getText()).isEqualTo("2");
        assertThat(notifications.mine(10)).extracting(n -> n.params().get("number"))
                .containsExactly("Q-2026-0002", "Q-2026-0001");
        assertThat(NotificationService.render(UI.getCurrent().getLocale(), "QUOTE_VIEWED", notifications.mine(1).get(0).params()))
                .isEqualTo("客户 深度智算 查看了报价 Q-2026-0002");

        notifications.markAllRead();
        assertThat(notifications.unreadCount()).isZero();
        SecurityContextHolder.clearContext();
        login(b.consultantEmail());
        assertThat(notifications.unreadCount()).isEqualTo(1);
    }

    @Test
    void markingOneNotificationReadLeavesTheOthersUnread() {
        var a = testTenants.create();
        GpuQuoteUser consultant = login(a.consultantEmail());
        notifyAs(a.tenant().id(), consultant.userId(), "Q-2026-0011");
        notifyAs(a.tenant().id(), consultant.userId(), "Q-2026-0012");
        var newest = notifications.mine(10).get(0);
        notifications.markRead(newest.id());
        assertThat(notifications.unreadCount()).isEqualTo(1);
        assertThat(notifications.mine(10)).filteredOn(n -> n.unread()).extracting(n -> n.params().get("number"))
                .containsExactly("Q-2026-0011");
    }

    @org.springframework.beans.factory.annotation.Value("${gpuquote.public-url}")
    String publicUrl;

    @Test
    void theMailOfANotificationLinksToTheAppByItsFullAddress() {
        var a = testTenants.create();
        GpuQuoteUser consultant = login(a.consultantEmail());
        String route = "quotes/" + java.util.UUID.randomUUID();
        TenantId tenant = a.tenant().id();
        String body = TenantContext.runAs(TenantContext.Scope.tenant(tenant), () -> new TransactionTemplate(txm).execute(s -> {
            notifications.notify(tenant, consultant.userId(), "QUOTE_VIEWED", Map.of("customer", "深度智算", "number", "Q-1"), route);
            return jdbc.sql("select subject || '\n' || body from mail_outbox where recipient = ?")
                    .param(a.consultantEmail()).query(String.class).single();
        }));
        assertThat(body).startsWith("GpuQuote：客户 深度智算 查看了报价 Q-1")
                .contains(publicUrl.replaceAll("/+$", "") + "/" + route)
                .matches("(?s).*\\bhttps?://[^\\s]+/" + route + "\\b.*");
    }

    @Autowired
    org.springframework.jdbc.core.simple.JdbcClient jdbc;

    @Test
    void notifyingOutsideATransactionIsRefused() {
        var a = testTenants.create();
        GpuQuoteUser user = login(a.consultantEmail());
        org.assertj.core.api.Assertions.assertThatThrownBy(() ->
                notifications.notify(a.tenant().id(), user.userId(), "QUOTE_VIEWED", Map.of(), null))
                .isInstanceOf(org.springframework.transaction.IllegalTransactionStateException.class);
    }
}
