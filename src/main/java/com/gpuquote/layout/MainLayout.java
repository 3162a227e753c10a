package com.gpuquote.layout;

import com.gpuquote.notification.NotificationService;
import com.gpuquote.notification.ui.NotificationBell;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.shared.I18n;
import com.vaadin.flow.component.applayout.AppLayout;
import com.vaadin.flow.component.applayout.DrawerToggle;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.Icon;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.menubar.MenuBar;
import com.vaadin.flow.component.menubar.MenuBarVariant;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.sidenav.SideNav;
import com.vaadin.flow.component.sidenav.SideNavItem;
import com.vaadin.flow.router.AfterNavigationEvent;
import com.vaadin.flow.router.AfterNavigationObserver;
import com.vaadin.flow.router.Layout;
import com.vaadin.flow.server.auth.AnonymousAllowed;
import com.vaadin.flow.server.menu.MenuConfiguration;
import com.vaadin.flow.server.menu.MenuEntry;
import com.vaadin.flow.spring.security.AuthenticationContext;

/**
 * The frame around every signed-in view: side navigation built from the views' {@code @Menu} entries the user may
 * open (titles are message keys), tenant name, language switch, user menu with logout.
 */
@Layout
@AnonymousAllowed
public class MainLayout extends AppLayout implements AfterNavigationObserver {

    private final AuthenticationContext authContext;
    private final Span viewTitle = new Span();
    private NotificationBell bell;

    public MainLayout(AuthenticationContext authContext, NotificationService notifications) {
        this.authContext = authContext;
        GpuQuoteUser user = CurrentUser.get().orElse(null);
        LanguageSwitch.applySessionLocale(user == null ? null : user.tenantLocale());
        setPrimarySection(Section.DRAWER);
        addToDrawer(brand(user), new com.vaadin.flow.component.orderedlayout.Scroller(navigation()));
        if (user != null && user.tenantId().isPresent()) {
            bell = new NotificationBell(notifications);
        }
        addToNavbar(new DrawerToggle(), viewTitle, header(user));
    }

    private Div brand(GpuQuoteUser user) {
        Div brand = new Div();
        brand.addClassName("brand");
        Span name = new Span("GpuQuote");
        name.addClassName("brand-name");
        Span tenant = new Span(user == null || user.tenantName() == null ? getTranslation("layout.platform") : user.tenantName());
        tenant.addClassName("tenant-name");
        tenant.setId("tenant-name");
        brand.add(new VerticalLayout(name, tenant));
        return brand;
    }

    private SideNav navigation() {
        SideNav nav = new SideNav();
        nav.setId("main-nav");
        for (MenuEntry entry : MenuConfiguration.getMenuEntries()) {
            String title = I18n.has(entry.title()) ? getTranslation(entry.title()) : entry.title();
            SideNavItem item = new SideNavItem(title, entry.path());
            if (entry.icon() != null && !entry.icon().isBlank()) {
                item.setPrefixComponent(new Icon(entry.icon()));
            }
            nav.addItem(item);
        }
        return nav;
    }

    private HorizontalLayout header(GpuQuoteUser user) {
        HorizontalLayout right = new HorizontalLayout();
        right.addClassName("navbar-right");
        right.setAlignItems(com.vaadin.flow.component.orderedlayout.FlexComponent.Alignment.CENTER);
        if (bell != null) {
            right.add(bell);
        }
        right.add(new LanguageSwitch());
        if (user != null) {
            MenuBar userMenu = new MenuBar();
            userMenu.setId("user-menu");
            userMenu.addThemeVariants(MenuBarVariant.LUMO_TERTIARY_INLINE);
            var root = userMenu.addItem(new Span(new Icon(VaadinIcon.USER), new Span(" " + user.displayName())));
            root.getSubMenu().addItem(new Span(user.email())).setEnabled(false);
            root.getSubMenu().addItem(getTranslation("layout.tokens"), e -> getUI().ifPresent(ui -> ui.navigate("tokens")));
            root.getSubMenu().addItem(getTranslation("layout.logout"), e -> authContext.logout()).setId("logout");
            right.add(userMenu);
        }
        return right;
    }

    @Override
    public void afterNavigation(AfterNavigationEvent event) {
        viewTitle.setText(MenuConfiguration.getPageHeader(getContent()).orElse(""));
        if (bell != null) {
            bell.refresh();
        }
    }
}
