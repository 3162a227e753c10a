package com.gpuquote.layout;

import com.vaadin.flow.server.VaadinService;
import com.vaadin.flow.server.menu.MenuConfiguration;
import com.vaadin.flow.server.menu.MenuEntry;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;

import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The side navigation's entries, worked out once per kind of user. {@link MenuConfiguration#getMenuEntries()} checks
 * every route's access annotations on every call, and Vaadin's role checker finds its collaborator through a
 * {@code ServiceLoader} scan of the class path each time: in FirstLoadBench's JFR profile that scan was ~5% of all
 * request CPU, on every page load, because every signed-in page builds the layout. Routes and their annotations do not
 * change while the application runs (none is registered at runtime; access is decided by {@code @RolesAllowed} /
 * {@code @PermitAll} / {@code @AnonymousAllowed} only), so the entries depend only on whether the user is anonymous
 * and on their roles. The cache lives in the Vaadin context (one per deployed servlet), so a new deployment, or
 * each of Karibu's mocked environments in tests, starts empty. Titles stay message keys; they are translated per user.
 */
final class MenuEntriesCache {

    private final Map<String, List<MenuEntry>> byUserKind = new ConcurrentHashMap<>();

    static List<MenuEntry> forCurrentUser() {
        VaadinService service = VaadinService.getCurrent();
        if (service == null) {
            return MenuConfiguration.getMenuEntries();
        }
        MenuEntriesCache cache = service.getContext().getAttribute(MenuEntriesCache.class, MenuEntriesCache::new);
        return cache.byUserKind.computeIfAbsent(userKind(), k -> List.copyOf(MenuConfiguration.getMenuEntries()));
    }

    /** The authentication's type and its sorted authorities: all that the routes' access annotations look at. */
    private static String userKind() {
        Authentication a = SecurityContextHolder.getContext().getAuthentication();
        if (a == null || !a.isAuthenticated()) {
            return "none";
        }
        TreeSet<String> authorities = new TreeSet<>();
        for (GrantedAuthority g : a.getAuthorities()) {
            authorities.add(String.valueOf(g.getAuthority()));
        }
        return a.getClass().getName() + authorities;
    }
}
