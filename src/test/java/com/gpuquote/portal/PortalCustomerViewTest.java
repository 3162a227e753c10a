package com.gpuquote.portal;

import com.github.mvysny.kaributesting.v10.NavigatorKt;
import com.gpuquote.KaribuTest;
import com.gpuquote.layout.HomeView;
import com.gpuquote.portal.ui.MyQuotesView;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.sidenav.SideNavItem;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;
import java.util.UUID;

import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

/** A CUSTOMER user's app: only "my quotes" in the navigation; every reseller view is refused. */
class PortalCustomerViewTest extends KaribuTest {

    @Autowired
    PortalFixtures fixtures;

    @Test
    void aCustomerUserSeesTheirQuotesAndNoResellerView() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        fixtures.sentQuote(s.tenant(), "zh-CN"); // another customer of the same reseller
        String email = "buyer-" + UUID.randomUUID().toString().substring(0, 8) + "@customer.example";
        fixtures.customerAccount(s.tenant().consultantEmail(), s.quoteId(), email);
        login(email);

        UI.getCurrent().navigate(HomeView.class);
        assertThat(_find(SideNavItem.class)).extracting(i -> i.getPath().replaceFirst("^/", "")).contains("my-quotes")
                .doesNotContain("customers", "quotes", "orders", "questions", "prices", "sizing");
        UI.getCurrent().navigate(MyQuotesView.class);
        @SuppressWarnings("unchecked")
        Grid<com.gpuquote.quote.QuoteSummary> grid = _get(Grid.class, g -> g.withId("my-quotes-grid"));
        assertThat(grid.getGenericDataView().getItems().map(q -> q.id()).toList()).containsExactly(s.quoteId());
        for (String route : List.of("customers", "quotes", "orders", "questions", "quotes/" + s.quoteId(),
                "quotes/" + s.quoteId() + "/portal")) {
            UI.getCurrent().navigate(route);
            // refused: the application's error page (com.gpuquote.layout), never the view
            assertThat(NavigatorKt.getCurrentView()).as(route)
                    .isIn(com.gpuquote.layout.AccessDeniedView.class, com.gpuquote.layout.RouteNotFoundView.class);
        }
    }
}
