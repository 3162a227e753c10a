package com.gpuquote.portal;

import com.gpuquote.KaribuTest;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.quote.QuoteService;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.textfield.EmailField;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.LocalDate;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/** The portal page without an account: compare, choose, accept; the pages for gone and unknown links. */
class PortalViewTest extends KaribuTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    PortalThrottle throttle;

    @BeforeEach
    void resetThrottle() {
        throttle.reset("127.0.0.1");
        logout();
    }

    private static String status() {
        return _get(Span.class, s -> s.withId("portal-status")).getElement().getAttribute("data-status");
    }

    @Test
    void theCustomerComparesChoosesOptionBAndAcceptsThenSeesTheReadOnlyRecord() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        UI.getCurrent().navigate("portal/q/" + s.token());
        assertThat(_get(H1.class, h -> h.withId("portal-brand")).getText()).isEqualTo(s.tenant().tenant().name());
        assertThat(status()).isEqualTo("VIEWED");
        _get(Div.class, d -> d.withId("portal-option-A"));
        _get(Div.class, d -> d.withId("portal-option-B"));
        assertThat(_find(Span.class, sp -> sp.withClasses("portal-fit"))).hasSize(1);
        assertThat(_get(Anchor.class, a -> a.withId("portal-pdf")).getHref()).isEqualTo("/portal/api/" + s.token() + "/pdf");
        assertThat(_get(Button.class, b -> b.withId("portal-accept")).isEnabled()).isFalse();

        _click(_get(Button.class, b -> b.withId("portal-choose-B")));
        assertThat(_get(Span.class, sp -> sp.withId("portal-chosen")).getText()).startsWith("方案 B");
        _setValue(_get(TextField.class, f -> f.withId("portal-signer-name")), "张三");
        _setValue(_get(EmailField.class, f -> f.withId("portal-signer-email")), "zhang@customer.example");
        _click(_get(Button.class, b -> b.withId("portal-accept")));
        assertThat(status()).as("agreement not ticked").isEqualTo("VIEWED");

        _setValue(_get(Checkbox.class, c -> c.withId("portal-agree")), true);
        _click(_get(Button.class, b -> b.withId("portal-accept")));
        assertThat(status()).isEqualTo("ACCEPTED");
        assertThat(_get(Div.class, d -> d.withId("portal-acceptance")).getElement().getTextRecursively())
                .contains("方案 B").contains("张三").contains("zhang@customer.example");
        assertThat(_find(Button.class, b -> b.withId("portal-accept"))).isEmpty();
        assertThat(_find(Button.class, b -> b.withId("portal-choose-A"))).isEmpty();

        UI.getCurrent().navigate("portal/q/" + s.token());
        assertThat(status()).isEqualTo("ACCEPTED");
    }

    @Test
    void theCustomerAsksAQuestionAndRejectsInEnglish() {
        PortalFixtures.Sent s = fixtures.sentQuote(fixtures.tenantWithPrices(), "en");
        UI.getCurrent().navigate("portal/q/" + s.token());
        assertThat(_get(Button.class, b -> b.withId("portal-ask")).getText()).isEqualTo("Send question");
        _setValue(_get(TextArea.class, t -> t.withId("portal-question-text")), "Is spot available?");
        _click(_get(Button.class, b -> b.withId("portal-ask")));
        assertThat(_get(com.vaadin.flow.component.orderedlayout.VerticalLayout.class, v -> v.withId("portal-questions"))
                .getElement().getTextRecursively()).contains("Is spot available?");
        _setValue(_get(TextArea.class, t -> t.withId("portal-reject-reason")), "Too expensive");
        _click(_get(Button.class, b -> b.withId("portal-reject")));
        _get(Div.class, d -> d.withId("portal-gone"));
        assertThat(_get(Anchor.class, a -> a.withId("portal-contact")).getHref())
                .isEqualTo("mailto:" + s.tenant().consultantEmail());
    }

    @Test
    void expiredAndUnknownLinksGetTheirPages() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        fixtures.setValidUntil(s, LocalDate.now(QuoteService.ZONE).minusDays(1));
        UI.getCurrent().navigate("portal/q/" + s.token());
        assertThat(_get(Div.class, d -> d.withId("portal-gone")).getElement().getTextRecursively()).contains("有效期");
        assertThat(_get(Anchor.class, a -> a.withId("portal-contact")).getText()).isEqualTo(s.tenant().consultantEmail());

        UI.getCurrent().navigate("portal/q/not-a-real-token");
        assertThat(_get(Div.class, d -> d.withId("portal-not-found")).getElement().getTextRecursively()).contains("链接无效");
    }
}
