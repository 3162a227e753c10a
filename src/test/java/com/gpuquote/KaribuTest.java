package com.gpuquote;

import com.github.mvysny.kaributesting.v10.MockVaadin;
import com.github.mvysny.kaributesting.v10.Routes;
import com.github.mvysny.kaributesting.v10.mock.MockedUI;
import com.github.mvysny.kaributesting.v10.spring.MockSpringServlet;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.shared.I18n;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.server.VaadinServletRequest;
import com.vaadin.flow.server.VaadinSession;
import com.github.mvysny.fakeservlet.FakeRequest;
import kotlin.jvm.functions.Function0;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.userdetails.UserDetailsService;

import java.util.Locale;

/** Base of Karibu-Testing view tests: a mocked Vaadin UI in the shared Spring context, logged in as a real user. */
public abstract class KaribuTest extends IntegrationTest {

    private static final Routes ROUTES = new Routes().autoDiscoverViews("com.gpuquote");

    @Autowired
    protected ApplicationContext context;

    @Autowired
    private UserDetailsService userDetailsService;

    @BeforeEach
    void setUpVaadin() {
        Function0<UI> uiFactory = MockedUI::new;
        MockVaadin.setup(uiFactory, new MockSpringServlet(ROUTES, context, uiFactory));
        UI.getCurrent().setLocale(I18n.CHINESE);
    }

    @AfterEach
    void tearDownVaadin() {
        logout();
        MockVaadin.tearDown();
    }

    /**
     * A fresh UI, as another person's browser: the pushed updates (LiveRefresh) of the previous user's UI run with
     * that user's credentials and would otherwise repaint what the next user sees in the one mocked UI.
     */
    protected void newBrowser() {
        logout();
        MockVaadin.tearDown();
        setUpVaadin();
    }

    /** Logs in a real account (loaded from the database) for the mocked UI and the security context. */
    protected GpuQuoteUser login(String email) {
        GpuQuoteUser user = (GpuQuoteUser) userDetailsService.loadUserByUsername(email);
        var auth = UsernamePasswordAuthenticationToken.authenticated(user, null, user.getAuthorities());
        SecurityContextHolder.getContext().setAuthentication(auth);
        FakeRequest request = (FakeRequest) VaadinServletRequest.getCurrent().getRequest();
        request.setUserPrincipalInt(auth);
        request.setUserInRole((principal, role) -> user.getAuthorities().stream()
                .anyMatch(a -> a.getAuthority().equals("ROLE_" + role)));
        return user;
    }

    protected void logout() {
        SecurityContextHolder.clearContext();
    }

    /** The texts of the notifications now showing, oldest first. */
    protected static java.util.List<String> notificationTexts() {
        return com.github.mvysny.kaributesting.v10.NotificationsKt.getNotifications().stream()
                .map(n -> n.getElement().getProperty("text")).toList();
    }

    protected void useLocale(Locale locale) {
        VaadinSession.getCurrent().setLocale(locale);
        UI.getCurrent().setLocale(locale);
    }
}
