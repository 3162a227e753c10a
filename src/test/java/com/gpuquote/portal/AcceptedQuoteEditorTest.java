package com.gpuquote.portal;

import com.gpuquote.CalendarTest;
import com.gpuquote.KaribuTest;
import com.gpuquote.quote.ui.QuoteEditorView;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.popover.Popover;
import com.vaadin.flow.component.tabs.Tabs;
import com.vaadin.flow.router.RouteParameters;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static org.assertj.core.api.Assertions.assertThat;

/** The consultant opens a quote the customer accepted: it shows option B (the accepted one), the signer and the time. */
@CalendarTest
class AcceptedQuoteEditorTest extends KaribuTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    CustomerPortal customerPortal;
    @Autowired
    com.gpuquote.quote.QuoteQueries quoteQueries;

    @Test
    void anAcceptedQuoteOpensOnTheAcceptedOptionWithSignerAndTime() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        login(s.tenant().consultantEmail());
        open(s);
        assertThat(_find(Div.class, d -> d.withId("quote-acceptance"))).isEmpty(); // sent, not accepted yet
        assertThat(_get(Tabs.class).getSelectedIndex()).isZero();

        Instant before = clock.instant();
        customerPortal.accept(s.token(), new AcceptRequest(UUID.fromString(s.optionId("B")), "张三", "zhang@customer.example", true));
        open(s);

        assertThat(_get(Tabs.class).getSelectedIndex()).isEqualTo(1);
        String banner = _get(Div.class, d -> d.withId("quote-acceptance")).getElement().getTextRecursively();
        assertThat(banner).contains("方案 B").contains("张三 <zhang@customer.example>");
        // the time in China time to the minute: one of the minutes around the acceptance
        String minute = com.gpuquote.shared.DisplayFormat.dateTime(before);
        String next = com.gpuquote.shared.DisplayFormat.dateTime(before.plusSeconds(60));
        assertThat(banner.contains(minute) || banner.contains(next)).as(banner).isTrue();
    }

    /**
     * Issue 16: the accepted quote lists the subscription it started (option B: 4 × A10 monthly for 12 months at
     * 5,000.0000) and "Create renewal quote" opens the renewal DRAFT with the same line.
     */
    @Test
    void anAcceptedQuoteShowsItsSubscriptionAndCreatesTheRenewal() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        customerPortal.accept(s.token(), new AcceptRequest(UUID.fromString(s.optionId("B")), "张三", "zhang@customer.example", true));
        login(s.tenant().consultantEmail());
        open(s);
        String panel = _get(Div.class, d -> d.withId("quote-renewal")).getElement().getTextRecursively();
        assertThat(panel).contains("4 × " + PortalFixtures.A10, "包月", "¥5,000.00 / 月");
        _click(_get(com.vaadin.flow.component.button.Button.class, b -> b.withId("create-renewal")));
        String title = _get(com.vaadin.flow.component.html.H2.class, h -> h.withId("quote-title")).getText();
        assertThat(title).doesNotStartWith(s.quote().number()).endsWith("v1");
        var renewal = quoteQueries.forProject(s.project().id()).stream()
                .filter(q -> q.status() == com.gpuquote.quote.QuoteStatus.DRAFT).findFirst().orElseThrow();
        assertThat(title).startsWith(renewal.number());
        assertThat(quoteQueries.get(renewal.id()).options().get(0).lines()).singleElement().satisfies(l -> {
            assertThat(l.instanceType()).isEqualTo(PortalFixtures.A10);
            assertThat(l.quantity()).isEqualTo(4);
            assertThat(l.netUnitPrice()).isEqualByComparingTo("5000.0000");
        });
        open(s); // the accepted quote links to its renewal
        assertThat(_get(Div.class, d -> d.withId("quote-renewals")).getElement().getTextRecursively())
                .contains(renewal.number() + " v1");
    }

    /**
     * Issue 12, "done means": the consultant sees the customer's acceptance in the bell. The customer (not signed in)
     * opens the link and accepts option B through the portal; the consultant then finds the bell counting both news,
     * the newest row naming the customer, the quote and the accepted option, and that row opening the accepted quote.
     */
    @Test
    void theCustomersAcceptanceShowsInTheConsultantsBell() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        customerPortal.open(s.token());
        customerPortal.accept(s.token(), new AcceptRequest(UUID.fromString(s.optionId("B")), "张三", "zhang@customer.example", true));

        login(s.tenant().consultantEmail());
        UI.getCurrent().navigate("quotes");
        assertThat(_get(Span.class, spec -> spec.withId("notification-count")).getText()).isEqualTo("2"); // viewed, accepted
        Popover popover = _get(Popover.class, spec -> spec.withId("notification-popover"));
        popover.setOpened(true);
        List<Div> rows = _find(popover, Div.class, spec -> spec.withClasses("notification"));
        assertThat(rows).hasSize(2);
        assertThat(rows).allSatisfy(r -> assertThat(r.getClassNames()).contains("unread"));
        String customer = s.customer().name();
        assertThat(rows.get(0).getElement().getTextRecursively())
                .startsWith("客户 " + customer + " 接受了报价 " + s.quote().number() + "（方案 B）");
        assertThat(rows.get(1).getElement().getTextRecursively())
                .startsWith("客户 " + customer + " 查看了报价 " + s.quote().number());

        _click(rows.get(0));
        assertThat(_get(Div.class, d -> d.withId("quote-acceptance")).getElement().getTextRecursively())
                .contains("方案 B").contains("张三");
        assertThat(_get(Span.class, spec -> spec.withId("notification-count")).getText()).isEqualTo("1");
    }

    private static void open(PortalFixtures.Sent s) {
        UI.getCurrent().navigate(QuoteEditorView.class, new RouteParameters("id", s.quoteId().toString()));
    }
}
