package com.gpuquote.layout;

import com.github.mvysny.kaributesting.v10.NavigatorKt;
import com.gpuquote.KaribuTest;
import com.gpuquote.audit.ui.AuditLogView;
import com.gpuquote.security.ui.LoginView;
import com.gpuquote.user.ui.TenantSettingsView;
import com.gpuquote.user.ui.TenantsView;
import com.gpuquote.user.ui.UsersView;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.sidenav.SideNavItem;
import com.gpuquote.shared.I18n;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.router.RouterLayout;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Vaadin's NavigationAccessControl refuses a signed-in user a view their roles do not allow by rerouting to the
 * access-denied error (in production mode to "not found"); both show the application's own translated error page
 * (AccessDeniedView / RouteNotFoundView), which never names the refused view. An anonymous visitor is sent to the
 * login view instead.
 */
class AdminAccessViewTest extends KaribuTest {

    private static final Map<String, Class<?>> ADMIN_VIEWS = Map.of("users", UsersView.class, "tenants", TenantsView.class,
            "settings", TenantSettingsView.class, "audit", AuditLogView.class,
            "platform/audit", com.gpuquote.audit.ui.PlatformAuditLogView.class);

    @Test
    void consultantIsRefusedEveryAdminViewAndSeesNoAdminMenu() {
        login("consultant@sanfei.demo");
        UI.getCurrent().navigate(HomeView.class);
        assertThat(_find(SideNavItem.class)).extracting(SideNavItem::getPath).doesNotContain("users", "tenants", "settings", "audit", "platform/audit");
        ADMIN_VIEWS.forEach((route, view) -> assertRefused(route, view));
    }

    @Test
    void eachUserSeesTheMenuOfTheirOwnRolesWhenSeveralShareOneDeployment() {
        // the menu's entries are worked out once per kind of user and deployment (MenuEntriesCache): a consultant,
        // then a tenant admin, then the consultant again, each in a fresh page of the same deployment
        login("consultant@sanfei.demo");
        UI.getCurrent().getPage().reload();
        UI.getCurrent().navigate(HomeView.class);
        assertThat(_find(SideNavItem.class)).extracting(SideNavItem::getPath).contains("sizing", "quotes")
                .doesNotContain("users", "settings", "audit", "tenants");

        login("admin@sanfei.demo");
        UI.getCurrent().getPage().reload();
        UI.getCurrent().navigate(HomeView.class);
        assertThat(_find(SideNavItem.class)).extracting(SideNavItem::getPath).contains("users", "settings", "audit")
                .doesNotContain("tenants");

        login("platform@gpuquote.demo");
        UI.getCurrent().getPage().reload();
        UI.getCurrent().navigate(HomeView.class);
        assertThat(_find(SideNavItem.class)).extracting(SideNavItem::getPath).contains("tenants", "platform/audit")
                .doesNotContain("users", "quotes");

        login("consultant@sanfei.demo");
        UI.getCurrent().getPage().reload();
        UI.getCurrent().navigate(HomeView.class);
        assertThat(_find(SideNavItem.class)).extracting(SideNavItem::getPath).contains("sizing", "quotes")
                .doesNotContain("users", "settings", "audit", "tenants");
    }

    @Test
    void tenantAdminIsRefusedTheTenantsView() {
        login("admin@sanfei.demo");
        assertRefused("tenants", TenantsView.class);
        assertRefused("platform/audit", com.gpuquote.audit.ui.PlatformAuditLogView.class);
    }

    @Test
    void platformAdminIsRefusedTheTenantAdminViews() {
        login("platform@gpuquote.demo");
        UI.getCurrent().navigate(HomeView.class);
        assertThat(_find(SideNavItem.class)).extracting(SideNavItem::getPath).contains("tenants", "platform/audit")
                .doesNotContain("users", "settings", "audit");
        assertRefused("users", UsersView.class);
        assertRefused("settings", TenantSettingsView.class);
        assertRefused("audit", AuditLogView.class);
    }

    @Test
    void anonymousVisitorIsSentToLogin() {
        ADMIN_VIEWS.forEach((route, view) -> {
            UI.getCurrent().navigate(route);
            assertThat(NavigatorKt.getCurrentView()).as(route).isEqualTo(LoginView.class);
        });
        for (String route : List.of("tokens", "")) {
            UI.getCurrent().navigate(route);
            assertThat(NavigatorKt.getCurrentView()).as("'" + route + "'").isEqualTo(LoginView.class);
        }
    }

    /**
     * A view answering "not found" (an unknown or another tenant's price list id) shows the translated page inside the
     * layout. (Karibu's mocked UI refuses client-side navigation to a route that does not exist at all, so this goes
     * through a view that reroutes to NotFoundException, which is what an unknown route does in the browser.)
     */
    @Test
    void aNotFoundShowsTheTranslatedErrorPageInTheLayout() {
        login("admin@sanfei.demo");
        UI.getCurrent().navigate("price-lists/" + java.util.UUID.randomUUID());
        assertThat(NavigatorKt.getCurrentView()).isEqualTo(RouteNotFoundView.class);
        assertThat(_get(H2.class, s -> s.withId("error-title")).getText()).isEqualTo("页面不存在");
        assertThat(_get(Paragraph.class, s -> s.withId("error-text")).getText()).contains("不存在", "没有访问权限");
        assertThat(_find(SideNavItem.class)).as("inside the main layout").isNotEmpty();
        assertThat(UI.getCurrent().getInternals().getTitle()).isEqualTo("页面不存在 | GpuQuote");

        com.gpuquote.shared.ui.LanguageSwitch.choose(I18n.ENGLISH);
        UI.getCurrent().navigate("price-lists/" + java.util.UUID.randomUUID());
        assertThat(_get(H2.class, s -> s.withId("error-title")).getText()).isEqualTo("Page not found");
        assertThat(_get(Anchor.class, s -> s.withId("error-home")).getText()).isEqualTo("Back to the home page");
    }

    private static void assertRefused(String route, Class<?> view) {
        UI.getCurrent().navigate(route);
        assertThat(NavigatorKt.getCurrentView()).as(route).isIn(AccessDeniedView.class, RouteNotFoundView.class);
        assertThat(shownChain()).as(route).noneMatch(view::isInstance);
        assertThat(_get(H2.class, s -> s.withId("error-title")).getText()).as(route).isEqualTo("页面不存在");
    }

    private static List<?> shownChain() {
        return UI.getCurrent().getInternals().getActiveRouterTargetsChain().stream()
                .filter(c -> !(c instanceof RouterLayout)).toList();
    }
}
