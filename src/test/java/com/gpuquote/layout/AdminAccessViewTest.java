package com.gpuquote.layout;

import com.github.mvysny.kaributesting.v10.BasicUtilsKt;
import com.github.mvysny.kaributesting.v10.NavigatorKt;
import com.gpuquote.KaribuTest;
import com.gpuquote.audit.ui.AuditLogView;
import com.gpuquote.security.ui.LoginView;
import com.gpuquote.user.ui.TenantSettingsView;
import com.gpuquote.user.ui.TenantsView;
import com.gpuquote.user.ui.UsersView;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.sidenav.SideNavItem;
import com.vaadin.flow.router.InternalServerError;
import com.vaadin.flow.router.RouterLayout;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Vaadin's NavigationAccessControl refuses a signed-in user a view their roles do not allow by rerouting to the
 * access-denied error; in Karibu that error route is MockRouteAccessDeniedError, which Vaadin renders as an
 * InternalServerError naming the AccessDeniedException. In the browser the same refusal is a "not found" page.
 * An anonymous visitor is sent to the login view instead.
 */
class AdminAccessViewTest extends KaribuTest {

    private static final Map<String, Class<?>> ADMIN_VIEWS = Map.of("users", UsersView.class, "tenants", TenantsView.class,
            "settings", TenantSettingsView.class, "audit", AuditLogView.class);

    @Test
    void consultantIsRefusedEveryAdminViewAndSeesNoAdminMenu() {
        login("consultant@sanfei.demo");
        UI.getCurrent().navigate(HomeView.class);
        assertThat(_find(SideNavItem.class)).extracting(SideNavItem::getPath).doesNotContain("users", "tenants", "settings", "audit");
        ADMIN_VIEWS.forEach((route, view) -> {
            UI.getCurrent().navigate(route);
            assertThat(NavigatorKt.getCurrentView()).as(route).isEqualTo(InternalServerError.class);
            assertThat(shownChain()).as(route).noneMatch(view::isInstance);
            InternalServerError error = (InternalServerError) shownChain().get(0);
            assertThat(BasicUtilsKt.get_errorMessage(error)).as(route).contains("AccessDeniedException");
        });
    }

    @Test
    void tenantAdminIsRefusedTheTenantsView() {
        login("admin@sanfei.demo");
        UI.getCurrent().navigate("tenants");
        assertThat(shownChain()).noneMatch(TenantsView.class::isInstance);
        assertThat(NavigatorKt.getCurrentView()).isEqualTo(InternalServerError.class);
    }

    @Test
    void anonymousVisitorIsSentToLogin() {
        ADMIN_VIEWS.forEach((route, view) -> {
            UI.getCurrent().navigate(route);
            assertThat(NavigatorKt.getCurrentView()).as(route).isEqualTo(LoginView.class);
        });
    }

    private static List<?> shownChain() {
        return UI.getCurrent().getInternals().getActiveRouterTargetsChain().stream()
                .filter(c -> !(c instanceof RouterLayout) || c instanceof InternalServerError).toList();
    }
}
