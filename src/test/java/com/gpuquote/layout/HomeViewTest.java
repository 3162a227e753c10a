package com.gpuquote.layout;

import com.gpuquote.KaribuTest;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.sidenav.SideNavItem;
import org.junit.jupiter.api.Test;

import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

class HomeViewTest extends KaribuTest {

    @Test
    void consultantSeesWelcomeInChineseAndNoAdminNavigation() {
        login("consultant@sanfei.demo");
        UI.getCurrent().navigate(HomeView.class);
        assertThat(_get(H2.class, spec -> spec.withId("welcome")).getText()).isEqualTo("欢迎，李顾问");
        assertThat(_find(SideNavItem.class)).extracting(SideNavItem::getLabel).contains("首页");
    }
}
