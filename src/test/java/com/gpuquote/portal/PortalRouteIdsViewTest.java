package com.gpuquote.portal;

import com.github.mvysny.kaributesting.v10.NavigatorKt;
import com.gpuquote.KaribuTest;
import com.gpuquote.portal.ui.MyQuotesView;
import com.gpuquote.portal.ui.QuotePortalView;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Paragraph;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;
import java.util.UUID;

import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The portal's two id routes parse their id through {@code shared.ui.RouteIds}: a malformed id answers exactly like an
 * unknown one (the customer's "my quotes": the not-found page; the consultant's link page: a not-found line).
 */
class PortalRouteIdsViewTest extends KaribuTest {

    @Autowired
    PortalFixtures fixtures;

    @Test
    void aCustomerOpeningAMalformedOrUnknownQuoteIdGetsTheNotFoundPage() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        String email = "buyer-" + UUID.randomUUID().toString().substring(0, 8) + "@customer.example";
        fixtures.customerAccount(s.tenant().consultantEmail(), s.quoteId(), email);
        login(email);

        UI.getCurrent().navigate("my-quotes/" + s.quoteId());
        assertThat(_find(_get(MyQuotesView.class), com.vaadin.flow.component.html.H3.class)).as("the quote's detail")
                .isNotEmpty();
        for (String id : List.of("not-a-uuid", UUID.randomUUID().toString())) {
            UI.getCurrent().navigate("my-quotes/" + id);
            assertThat(com.gpuquote.layout.RouteNotFoundView.class).as(id).isAssignableFrom(NavigatorKt.getCurrentView());
        }
    }

    @Test
    void aConsultantOpeningTheLinkPageOfAMalformedOrUnknownIdSeesNotFound() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        login(s.tenant().consultantEmail());
        String notFound = UI.getCurrent().getTranslation("shared.error.notFound");
        for (String id : List.of("not-a-uuid", UUID.randomUUID().toString())) {
            UI.getCurrent().navigate("quotes/" + id + "/portal");
            QuotePortalView view = _get(QuotePortalView.class);
            assertThat(_find(view, Paragraph.class)).as(id).extracting(Paragraph::getText).containsExactly(notFound);
        }
        UI.getCurrent().navigate("quotes/" + s.quoteId() + "/portal");
        assertThat(_find(_get(QuotePortalView.class), Paragraph.class)).extracting(Paragraph::getText)
                .doesNotContain(notFound);
    }
}
