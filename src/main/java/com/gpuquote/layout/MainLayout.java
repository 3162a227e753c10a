package com.gpuquote.layout;

import com.gpuquote.shared.ui.Downloads;
import com.gpuquote.notification.NotificationService;
import com.gpuquote.notification.ui.NotificationBell;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.shared.ui.LanguageSwitch;
import com.gpuquote.shared.I18n;
import com.gpuquote.tenancy.TenantBrandingService;
import com.gpuquote.tenancy.TenantService;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.applayout.AppLayout;
import com.vaadin.flow.component.applayout.DrawerToggle;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Image;
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
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Layout;
import com.vaadin.flow.server.auth.AnonymousAllowed;
import com.vaadin.flow.server.menu.MenuConfiguration;
import com.vaadin.flow.server.menu.MenuEntry;
import com.vaadin.flow.spring.security.AuthenticationContext;

/**
 * The frame around every signed-in view: side navigation built from the views' {@code @Menu} entries the user may
 * open (titles are message keys), tenant logo (when it has one) and name, language switch, user menu with logout.
 */
@Layout
@AnonymousAllowed
public class MainLayout extends AppLayout implements AfterNavigationObserver {

    private static final String TITLE_SUFFIX = " | GpuQuote";

    private final AuthenticationContext authContext;
    /** The page's one h1: the view's title in the navbar (each view's own headings start at h2). */
    private final com.vaadin.flow.component.html.H1 viewTitle = new com.vaadin.flow.component.html.H1();
    private final Span tenantName = new Span();
    private final Div tenantLogo = new Div();
    private final TenantBrandingService branding;
    private NotificationBell bell;

    public MainLayout(AuthenticationContext authContext, NotificationService notifications, TenantService tenants,
                      com.gpuquote.shared.LiveUpdates live,
                      TenantBrandingService branding) {
        this.authContext = authContext;
        this.branding = branding;
        GpuQuoteUser user = CurrentUser.get().orElse(null);
        viewTitle.addClassName("view-title");
        viewTitle.setId("view-title");
        LanguageSwitch.applySessionLocale(user == null ? null : user.tenantLocale());
        setPrimarySection(Section.DRAWER);
        addToDrawer(brand(user, tenants), new com.vaadin.flow.component.orderedlayout.Scroller(navigation()));
        if (user != null && user.tenantId().isPresent()) {
            bell = new NotificationBell(notifications, live);
        }
        addToNavbar(new DrawerToggle(), viewTitle, header(user));
    }

    private Div brand(GpuQuoteUser user, TenantService tenants) {
        Div brand = new Div();
        brand.addClassName("brand");
        Span name = new Span("GpuQuote");
        name.addClassName("brand-name");
        // the tenant's current name (it may have been renamed since login), not the one cached in the principal
        tenantName.setText(user == null || user.tenantId().isEmpty() ? getTranslation("layout.platform")
                : tenants.current().name());
        tenantName.addClassName("tenant-name");
        tenantName.setId("tenant-name");
        tenantLogo.setId("tenant-logo");
        if (user != null && user.tenantId().isPresent()) {
            showLogo();
        }
        HorizontalLayout tenant = new HorizontalLayout(tenantLogo, tenantName);
        tenant.setAlignItems(com.vaadin.flow.component.orderedlayout.FlexComponent.Alignment.CENTER);
        tenant.setSpacing(false);
        tenant.getStyle().set("gap", "var(--lumo-space-s)");
        brand.add(new VerticalLayout(name, tenant));
        return brand;
    }

    /**
     * The tenant's logo, if any, next to its name. Only its name (digest and type) is read here; the image itself is loaded when the
     * browser asks for it, through the signed-in user's own session (so it is always this user's tenant's logo).
     */
    private void showLogo() {
        tenantLogo.removeAll();
        branding.logoFileName().ifPresent(fileName -> {
            Image image = new Image(Downloads.inline(fileName, fileName.endsWith(".png") ? "image/png" : "image/jpeg",
                    () -> branding.logo().map(l -> l.bytes()).orElse(new byte[0])),
                    getTranslation("layout.logo.alt", tenantName.getText()));
            image.setId("tenant-logo-image");
            image.setHeight("2rem");
            image.getStyle().set("max-width", "8rem").set("object-fit", "contain");
            tenantLogo.add(image);
        });
        tenantLogo.setVisible(tenantLogo.getComponentCount() > 0);
    }

    /** Shows a new or removed logo in the drawer of the current UI at once (tenant settings calls this). */
    public static void logoChanged() {
        UI ui = UI.getCurrent();
        if (ui == null) {
            return;
        }
        ui.getInternals().getActiveRouterTargetsChain().stream()
                .filter(MainLayout.class::isInstance).map(MainLayout.class::cast)
                .forEach(MainLayout::showLogo);
    }

    /** Shows a renamed tenant in the drawer of the current UI at once (tenant settings calls this after saving). */
    public static void tenantRenamed(String name) {
        UI ui = UI.getCurrent();
        if (ui == null) {
            return;
        }
        ui.getInternals().getActiveRouterTargetsChain().stream()
                .filter(MainLayout.class::isInstance).map(MainLayout.class::cast)
                .forEach(layout -> layout.tenantName.setText(name));
    }

    private SideNav navigation() {
        SideNav nav = new SideNav();
        nav.setId("main-nav");
        for (MenuEntry entry : MenuEntriesCache.forCurrentUser()) {
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

    /**
     * The view's heading: its translated menu title, else its page title without the " | GpuQuote" suffix
     * (MenuConfiguration.getPageHeader answers the untranslated key or the full browser title).
     */
    @Override
    public void afterNavigation(AfterNavigationEvent event) {
        viewTitle.setText(header(getContent()));
        if (bell != null) {
            bell.refresh();
        }
    }

    private String header(Component content) {
        if (content == null) {
            return "";
        }
        Menu menu = content.getClass().getAnnotation(Menu.class);
        if (menu != null && I18n.has(menu.title())) {
            return getTranslation(menu.title());
        }
        String title = content instanceof HasDynamicTitle dynamic ? dynamic.getPageTitle()
                : MenuConfiguration.getPageHeader(content).orElse("");
        return title != null && title.endsWith(TITLE_SUFFIX) ? title.substring(0, title.length() - TITLE_SUFFIX.length()) : title;
    }
}
