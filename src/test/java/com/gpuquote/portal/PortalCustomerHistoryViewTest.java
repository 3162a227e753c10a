package com.gpuquote.portal;

import com.gpuquote.CalendarTest;
import com.github.mvysny.kaributesting.v10.NavigatorKt;
import com.gpuquote.KaribuTest;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.portal.ui.MyQuotesView;
import com.gpuquote.quote.AsUser;
import com.gpuquote.shared.NotFoundException;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Paragraph;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

import static com.github.mvysny.kaributesting.v10.DownloadKt.download;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A CUSTOMER user's history of a quote version: its PDF, the question threads with the consultants' answers and the
 * rejection reason; another customer's quote id answers the not-found page.
 */
@CalendarTest
class PortalCustomerHistoryViewTest extends KaribuTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    CustomerPortal customerPortal;
    @Autowired
    PortalInbox portalInbox;
    @Autowired
    MyPortalQuotes myPortalQuotes;
    @Autowired
    AsUser as;
    @Autowired
    PortalThrottle throttle;

    @BeforeEach
    void resetThrottle() {
        throttle.reset("127.0.0.1");
        logout();
    }

    private static String detail() {
        return _get(Div.class, d -> d.withId("my-quote-detail")).getElement().getTextRecursively();
    }

    @Test
    void aCustomerUserSeesPdfQuestionsAnswersAndRejectionReasonButNotAnotherCustomersQuote() {
        PortalFixtures.Sent asked = fixtures.sentQuote();
        PortalFixtures.Sent rejected = fixtures.sentQuote(asked.tenant(), asked.customer());
        PortalFixtures.Sent otherCustomer = fixtures.sentQuote(asked.tenant(), "zh-CN");
        String consultant = asked.tenant().consultantEmail();

        customerPortal.ask(asked.token(), "能否按季度付款？");
        var thread = as.call(consultant, () -> portalInbox.questions(asked.quoteId())).get(0);
        as.call(consultant, () -> portalInbox.answer(thread.questionId(), "可以，按季度开票。"));
        customerPortal.reject(rejected.token(), "预算本季度未获批准");

        String email = "buyer-" + UUID.randomUUID().toString().substring(0, 8) + "@customer.example";
        fixtures.customerAccount(consultant, asked.quoteId(), email);
        login(email);

        UI.getCurrent().navigate("my-quotes/" + asked.quoteId());
        _get(MyQuotesView.class);
        assertThat(detail()).contains(asked.quote().number()).contains("能否按季度付款？").contains("可以，按季度开票。");
        assertThat(_find(Paragraph.class, p -> p.withId("my-quote-rejection"))).isEmpty();
        Anchor pdf = _get(Anchor.class, a -> a.withId("my-quote-pdf"));
        byte[] bytes = download(pdf);
        assertThat(new String(bytes, 0, 5, StandardCharsets.US_ASCII)).isEqualTo("%PDF-");

        UI.getCurrent().navigate("my-quotes/" + rejected.quoteId());
        assertThat(_get(Paragraph.class, p -> p.withId("my-quote-rejection")).getText()).contains("预算本季度未获批准");
        assertThat(_get(Paragraph.class, p -> p.withId("my-quote-no-questions")).getText()).isNotBlank();
        _get(Anchor.class, a -> a.withId("my-quote-pdf"));

        // another customer of the same reseller: the not-found page, and its PDF is refused by the service
        UI.getCurrent().navigate("my-quotes/" + otherCustomer.quoteId());
        assertThat(NavigatorKt.getCurrentView()).isEqualTo(com.gpuquote.layout.RouteNotFoundView.class);
        assertThat(_find(Anchor.class, a -> a.withId("my-quote-pdf"))).isEmpty();
        assertThatThrownBy(() -> myPortalQuotes.myPdf(otherCustomer.quoteId())).isInstanceOf(NotFoundException.class);
        assertThat(myPortalQuotes.myPdf(asked.quoteId()).bytes()).isNotEmpty();
    }
}
