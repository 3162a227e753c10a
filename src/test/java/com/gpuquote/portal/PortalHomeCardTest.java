package com.gpuquote.portal;

import com.gpuquote.KaribuTest;
import com.gpuquote.layout.HomeView;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.UnorderedList;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.UUID;

import static com.github.mvysny.kaributesting.v10.LocatorJ._assertNone;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

/** The home page's customer-activity card; customers and platform admins get no tenant work cards. */
class PortalHomeCardTest extends KaribuTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    CustomerPortal customerPortal;

    @Test
    void consultantSeesTheCustomersQuestionAndTheAcceptedOrder() {
        PortalFixtures.Sent sent = fixtures.sentQuote();
        customerPortal.ask(sent.token(), "能否按季度付款？");
        customerPortal.accept(sent.token(), new AcceptRequest(UUID.fromString(sent.optionId("A")), "赵六", "zhao@example.cn", true));

        login(sent.tenant().consultantEmail());
        UI.getCurrent().navigate(HomeView.class);
        Div card = _get(Div.class, spec -> spec.withId("home-customers"));
        assertThat(_get(Anchor.class, spec -> spec.withId("home-open-questions")).getText())
                .isEqualTo("待回答的客户问题：1");
        assertThat(card.getElement().getTextRecursively())
                .contains(sent.quote().number() + " · " + sent.customer().name() + ": 能否按季度付款？");
        assertThat(_get(UnorderedList.class, spec -> spec.withId("home-order-list")).getElement().getTextRecursively())
                .contains(sent.quote().number() + " · " + sent.customer().name() + " · 方案 A");
    }

    @Test
    void consultantSeesOpenQuestionsAndOrdersLinks() {
        login("consultant@sanfei.demo");
        UI.getCurrent().navigate(HomeView.class);
        Div card = _get(Div.class, spec -> spec.withId("home-customers"));
        assertThat(card.getElement().getTextRecursively()).contains("客户动态");
        assertThat(_get(Anchor.class, spec -> spec.withId("home-open-questions")).getHref()).isEqualTo("questions");
        assertThat(_get(Anchor.class, spec -> spec.withId("home-orders")).getHref()).isEqualTo("orders");
    }

    @Test
    void platformAdminHasNoTenantWorkCards() {
        login("platform@gpuquote.demo");
        UI.getCurrent().navigate(HomeView.class);
        _assertNone(Div.class, spec -> spec.withId("home-customers"));
        _assertNone(Div.class, spec -> spec.withId("home-quotes"));
    }
}
