package com.gpuquote.quote.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.layout.HomeView;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteWorkflow;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.popover.Popover;
import com.vaadin.flow.component.textfield.TextArea;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;

import static com.github.mvysny.kaributesting.v10.GridKt._getCellComponent;
import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The consultant learns from the bell that the admin refused or approved their quote: the bell opens with its unread
 * items listed (it used to open empty whenever something was unread).
 */
class ApprovalNotificationsTest extends KaribuTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting quoteDrafting;
    @Autowired
    QuoteQueries quoteQueries;
    @Autowired
    QuoteWorkflow quoteWorkflow;

    @Test
    void rejectionAndApprovalByTheAdminShowInTheAuthorsBell() {
        World world = fixtures.world("深圳智算有限公司", "zh-CN");
        QuoteDetails q = fixtures.as(world.consultant(), () -> quoteWorkflow.submit(quoteDrafting.create(new NewQuote(
                world.project().id(), null, List.of(new QuoteInput.Option("A",
                List.of(QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)),
                List.of())))).id()));
        assertThat(q.status()).isEqualTo(QuoteStatus.PENDING_APPROVAL); // 10000 list over 9800 cost: below the 5 % floor

        login(world.admin());
        UI.getCurrent().navigate(ApprovalsView.class);
        ApprovalsView inbox = _get(ApprovalsView.class);
        HorizontalLayout actions = (HorizontalLayout) _getCellComponent(inbox.grid, 0, "actions");
        _click(_get(actions, Button.class, spec -> spec.withClasses("reject-button")));
        _setValue(_get(TextArea.class, spec -> spec.withId("reject-reason")), "折扣太大，请按刊例价重报");
        _click(_get(Button.class, spec -> spec.withId("reject-confirm")));
        assertThat(fixtures.as(world.consultant(), () -> quoteQueries.get(q.id())).status()).isEqualTo(QuoteStatus.DRAFT);
        newBrowser(); // each person their own browser

        login(world.consultant());
        UI.getCurrent().navigate(HomeView.class);
        assertThat(_get(Span.class, spec -> spec.withId("notification-count")).getText()).isEqualTo("1");
        List<Div> rows = openBell();
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).getClassNames()).contains("notification", "unread");
        assertThat(rows.get(0).getElement().getTextRecursively())
                .contains("报价 " + q.number() + " 未获批准").contains("折扣太大，请按刊例价重报");

        fixtures.as(world.consultant(), () -> quoteWorkflow.submit(q.id()));
        newBrowser(); // each person their own browser
        login(world.admin());
        fixtures.as(world.admin(), () -> quoteWorkflow.approve(q.id(), "战略客户，同意"));
        newBrowser(); // each person their own browser

        login(world.consultant());
        UI.getCurrent().navigate(HomeView.class);
        rows = openBell();
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0).getElement().getTextRecursively()).contains("报价 " + q.number() + " 已获批准").contains("战略客户，同意");
        assertThat(rows.stream().filter(r -> r.hasClassName("unread"))).hasSize(2);

        _click(rows.get(0));
        assertThat(_get(Span.class, spec -> spec.withId("notification-count")).getText()).isEqualTo("1");
    }

    private static List<Div> openBell() {
        Popover popover = _get(Popover.class, spec -> spec.withId("notification-popover"));
        popover.setOpened(false);
        popover.setOpened(true);
        return _find(popover, Div.class, spec -> spec.withClasses("notification"));
    }
}
