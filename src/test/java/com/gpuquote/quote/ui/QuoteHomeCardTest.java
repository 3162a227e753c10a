package com.gpuquote.quote.ui;

import com.gpuquote.CalendarTest;
import com.gpuquote.KaribuTest;
import com.gpuquote.layout.HomeView;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteWorkflow;
import com.gpuquote.quote.QuoteStatus;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.LocalDate;
import java.util.List;

import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

/** The home page's quote card: counts per stage (own quotes / the tenant's), expiring quotes, links that filter. */
@CalendarTest
class QuoteHomeCardTest extends KaribuTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting quoteDrafting;
    @Autowired
    QuoteWorkflow quoteWorkflow;

    @Test
    void consultantSeesTheirQuotesPerStageAndTheAdminTheWholeTenant() {
        var world = fixtures.world("首页客户", "zh-CN");
        // Two drafts and one below the floor (A10 MONTHLY cost 9800 of 10000) waiting for approval.
        fixtures.as(world.consultant(), () -> {
            draft(world, BillingMode.HOURLY);
            draft(world, BillingMode.HOURLY);
            return quoteWorkflow.submit(draft(world, BillingMode.MONTHLY).id());
        });

        login(world.consultant());
        UI.getCurrent().navigate(HomeView.class);
        Div card = _get(Div.class, spec -> spec.withId("home-quotes"));
        assertThat(tileCount(card, QuoteStatus.DRAFT)).isEqualTo("2");
        assertThat(tileCount(card, QuoteStatus.PENDING_APPROVAL)).isEqualTo("1");
        assertThat(tileCount(card, QuoteStatus.SENT)).isEqualTo("0");
        assertThat(tile(card, QuoteStatus.DRAFT).getHref()).isEqualTo("quotes?status=DRAFT&mine=true");
        assertThat(card.getElement().getTextRecursively()).contains("我的报价");

        logout();
        login(world.admin());
        UI.getCurrent().navigate(HomeView.class);
        Div adminCard = _get(Div.class, spec -> spec.withId("home-quotes"));
        assertThat(adminCard.getElement().getTextRecursively()).contains("全部报价");
        assertThat(tileCount(adminCard, QuoteStatus.PENDING_APPROVAL)).isEqualTo("1");
        assertThat(tile(adminCard, QuoteStatus.PENDING_APPROVAL).getHref()).isEqualTo("quotes?status=PENDING_APPROVAL");
    }

    @Test
    void sentQuotesExpiringWithinAWeekAreListed() {
        var world = fixtures.world("Expiring Ltd", "en");
        QuoteDetails sent = fixtures.as(world.consultant(), () -> {
            QuoteDetails q = quoteDrafting.create(new NewQuote(world.project().id(), today().plusDays(3),
                    List.of(new QuoteInput.Option("A", List.of(QuoteInput.Line.of(QuoteUiFixtures.A10,
                            QuoteUiFixtures.REGION, BillingMode.HOURLY, 1, 1)), List.of()))));
            quoteWorkflow.submit(q.id());
            return quoteWorkflow.send(q.id());
        });
        login(world.consultant());
        com.gpuquote.shared.ui.LanguageSwitch.choose(com.gpuquote.shared.I18n.ENGLISH);
        UI.getCurrent().navigate(HomeView.class);
        Div card = _get(Div.class, spec -> spec.withId("home-quotes"));
        assertThat(tileCount(card, QuoteStatus.SENT)).isEqualTo("1");
        assertThat(card.getElement().getTextRecursively())
                .contains("Sent quotes expiring within 7 days")
                .contains(sent.number() + " v1")
                .contains("Expiring Ltd, valid until " + sent.validUntil());
    }

    @Test
    void quoteListOpensWithTheStatusOfTheTileClicked() {
        var world = fixtures.world("筛选客户", "zh-CN");
        fixtures.as(world.consultant(), () -> draft(world, BillingMode.HOURLY));
        login(world.consultant());
        UI.getCurrent().navigate(QuotesView.class, com.vaadin.flow.router.QueryParameters.simple(
                java.util.Map.of("status", "DRAFT", "mine", "true")));
        QuotesView view = _get(QuotesView.class);
        assertThat(view.status.getValue()).isEqualTo(QuoteStatus.DRAFT);
        assertThat(view.mine.getValue()).isTrue();
        assertThat(com.github.mvysny.kaributesting.v10.GridKt._size(view.grid)).isEqualTo(1);
    }

    private QuoteDetails draft(QuoteUiFixtures.World world, BillingMode mode) {
        return quoteDrafting.create(new NewQuote(world.project().id(), null, List.of(new QuoteInput.Option("A",
                List.of(QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION, mode, 1, 1)), List.of()))));
    }

    private static Anchor tile(Div card, QuoteStatus status) {
        return _find(card, Anchor.class).stream()
                .filter(a -> status.name().equals(a.getElement().getAttribute("data-status")))
                .findFirst().orElseThrow();
    }

    private static String tileCount(Div card, QuoteStatus status) {
        return tile(card, status).getElement().getChild(0).getText();
    }
}
