package com.gpuquote.portal;

import com.gpuquote.CalendarTest;
import com.gpuquote.KaribuTest;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.shared.time.BusinessCalendar;
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
@CalendarTest
class PortalViewTest extends KaribuTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    PortalThrottle throttle;
    @Autowired
    CustomerPortal customerPortal;
    @Autowired
    com.gpuquote.quote.QuoteTermsService terms;
    @Autowired
    org.springframework.security.core.userdetails.UserDetailsService users;

    @BeforeEach
    void resetThrottle() {
        throttle.reset("127.0.0.1");
        logout();
    }

    private static String status() {
        return _get(Span.class, s -> s.withId("portal-status")).getElement().getAttribute("data-status");
    }

    /** Issue 16: the portal page carries the tenant's default terms, in the customer's language, under a heading. */
    @Test
    void thePageShowsTheSellersTermsInTheCustomersLanguage() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        UI.getCurrent().navigate("portal/q/" + s.token());
        assertThat(_find(com.vaadin.flow.component.html.Div.class, d -> d.withId("portal-terms"))).isEmpty();
        com.gpuquote.SignedIn.as((com.gpuquote.security.GpuQuoteUser) users.loadUserByUsername(
                s.tenant().adminEmail()), () -> terms.save(null, new com.gpuquote.quote.QuoteTerms(null, "标准条款",
                new com.gpuquote.quote.QuoteTerms.Sections("签约后预付首月", null, "可用性 99.9%", null),
                new com.gpuquote.quote.QuoteTerms.Sections("First month in advance", null, null, null), true)));
        UI.getCurrent().navigate("portal/q/" + s.token());
        String text = _get(com.vaadin.flow.component.html.Div.class, d -> d.withId("portal-terms")).getElement()
                .getTextRecursively();
        assertThat(text).isEqualTo("报价条款付款条件：签约后预付首月服务水平（SLA）：可用性 99.9%");
    }

    /**
     * Issue 15: a serving line tells the customer its throughput and price per million tokens, as estimates; since
     * the page prints the document's words (ADR 1601) also the time to the first token, as the PDF does. Issue 39: the
     * price is the line's own (A10 hourly 8.00 for 2 instances putting out 1,903 tokens/s: 8 × 2 / (1,903 × 3,600) ×
     * 10^6 = 2.34), not the candidate's 0.8367.
     */
    @Test
    void aServingLineShowsThroughputAndPricePerMillionTokens() {
        PortalFixtures.Sent first = fixtures.sentQuote();
        PortalFixtures.Sent s = fixtures.sentQuote(first.tenant(), first.customer(), PortalFixtures.SERVING_CANDIDATE);
        UI.getCurrent().navigate("portal/q/" + s.token());
        assertThat(_get(Span.class, sp -> sp.withClasses("portal-estimate")).getText())
                .isEqualTo("估算：满负载约每秒 1,903 个输出 token，空载时首 token 约 180 毫秒，按本报价每百万输出 token 约 ¥"
                        + String.format(java.util.Locale.ROOT, "%.2f", 8.0 * 2 / (1903 * 3600.0) * 1_000_000));
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
        // the plan and the estimate the line was sized with, labelled as such (issue 15), never the candidate's prices
        assertThat(_get(Span.class, sp -> sp.withClasses("portal-plan")).getText()).isEqualTo("部署方案：2 个副本，每个 1 × A10");
        assertThat(_get(Span.class, sp -> sp.withClasses("portal-estimate")).getText())
                .isEqualTo("估算：训练约 12.5 小时，按本报价作业成本约 ¥" + String.format(java.util.Locale.ROOT, "%.2f",
                        8.0 * 2 * 12.5)); // the line's hourly 8.00 × the plan's 2 instances × 12.5 h (issue 39)
        // option B's line was added by hand: the customer still sees the instance's hardware from the catalog
        // (ecs.gni2.3xlarge: 1 × A10 24 GiB, 14 vCPU, 56 GiB RAM, no local disk, 8 Gbps), in the document's words
        assertThat(_find(_get(Div.class, d -> d.withId("portal-option-B")), Span.class,
                sp -> sp.withClasses("portal-hardware"))).singleElement()
                .satisfies(sp -> assertThat(sp.getText())
                        .isEqualTo("1 × A10-PCIE-24GB（每卡显存 24 GiB） · 14 vCPU · 内存 56 GiB · 网络 8 Gbps"));
        assertThat(_get(Anchor.class, a -> a.withId("portal-pdf")).getHref()).isEqualTo("/portal/api/" + s.token() + "/pdf");
        assertThat(_get(Button.class, b -> b.withId("portal-accept")).isEnabled()).isFalse();
        // the billing-mode comparison says which amount is which
        assertThat(_find(Div.class, d -> d.withClasses("portal-mode-row")))
                .anySatisfy(d -> assertThat(d.getElement().getTextRecursively())
                        .contains("包月").contains("月度净额：").contains("总计（含税）："));

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
        fixtures.setValidUntil(s, today().minusDays(1));
        UI.getCurrent().navigate("portal/q/" + s.token());
        assertThat(_get(Div.class, d -> d.withId("portal-gone")).getElement().getTextRecursively()).contains("有效期");
        assertThat(_get(Anchor.class, a -> a.withId("portal-contact")).getText()).isEqualTo(s.tenant().consultantEmail());

        UI.getCurrent().navigate("portal/q/not-a-real-token");
        assertThat(_get(Div.class, d -> d.withId("portal-not-found")).getElement().getTextRecursively()).contains("链接无效");
    }

    private long notifications(PortalFixtures.Sent s, String kind) {
        return fixtures.inTenant(s.tenantId(), () -> fixtures.jdbc()
                .sql("select count(*) from notifications where kind = ?").param(kind).query(Long.class).single());
    }

    @Test
    void theConsultantCheckingTheLinkTheySentMarksNothingAndTellsNobody() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        login(s.tenant().consultantEmail());
        UI.getCurrent().navigate("portal/q/" + s.token());
        assertThat(status()).isEqualTo("SENT");
        logout();
        login(s.tenant().adminEmail());
        UI.getCurrent().navigate("portal/q/" + s.token());
        assertThat(status()).isEqualTo("SENT");
        assertThat(notifications(s, "QUOTE_VIEWED")).isZero();
        Object firstView = fixtures.inTenant(s.tenantId(), () -> fixtures.jdbc()
                .sql("select count(*) from portal_links where quote_id = ? and first_viewed_at is not null")
                .param(s.quoteId().value()).query(Long.class).single());
        assertThat(firstView).isEqualTo(0L);

        logout();
        UI.getCurrent().navigate("portal/q/" + s.token());
        assertThat(status()).as("the customer's first view").isEqualTo("VIEWED");
        assertThat(notifications(s, "QUOTE_VIEWED")).isEqualTo(1);
    }

    @Test
    void anAcceptanceRefusedMeanwhileShowsTheQuoteAsItIsNowAndWhy() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        UI.getCurrent().navigate("portal/q/" + s.token());
        _click(_get(Button.class, b -> b.withId("portal-choose-B")));
        _setValue(_get(TextField.class, f -> f.withId("portal-signer-name")), "张三");
        _setValue(_get(EmailField.class, f -> f.withId("portal-signer-email")), "zhang@customer.example");
        _setValue(_get(Checkbox.class, c -> c.withId("portal-agree")), true);
        // meanwhile a colleague accepted option A in another tab
        customerPortal.accept(s.token(), new AcceptRequest(java.util.UUID.fromString(s.optionId("A")), "李四",
                "li@customer.example", true));

        _click(_get(Button.class, b -> b.withId("portal-accept")));
        assertThat(status()).isEqualTo("ACCEPTED");
        assertThat(_get(Div.class, d -> d.withId("portal-refused")).getElement().getTextRecursively())
                .contains("已被接受");
        assertThat(_get(Div.class, d -> d.withId("portal-acceptance")).getElement().getTextRecursively())
                .contains("方案 A").contains("李四");
        assertThat(_find(Button.class, b -> b.withId("portal-accept"))).isEmpty();
        assertThat(_find(TextField.class, f -> f.withId("portal-signer-name"))).isEmpty();
    }

    @Test
    void aQuoteThatExpiredWhileThePageWasOpenRefusesWithTheExpiredPage() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        UI.getCurrent().navigate("portal/q/" + s.token());
        _click(_get(Button.class, b -> b.withId("portal-choose-A")));
        _setValue(_get(TextArea.class, t -> t.withId("portal-reject-reason")), "预算不足");
        fixtures.setValidUntil(s, today().minusDays(1));
        _click(_get(Button.class, b -> b.withId("portal-reject")));
        assertThat(_get(Div.class, d -> d.withId("portal-gone")).getElement().getTextRecursively()).contains("有效期");
        assertThat(_find(Button.class, b -> b.withId("portal-reject"))).isEmpty();
    }

    @Test
    void anUnexpectedFailureShowsAnErrorPageAndNoLogLineCarriesTheToken() {
        PortalFixtures.Sent ok = fixtures.sentQuote();
        PortalFixtures.Sent broken = fixtures.sentQuote();
        PortalFixtures.Sent expired = fixtures.sentQuote();
        fixtures.setValidUntil(expired, today().minusDays(1));
        // a damaged pricing snapshot: reading the quote fails in a way no page expects
        fixtures.inTenant(broken.tenantId(), () -> fixtures.jdbc().sql("update quotes set pricing = '[1]'::jsonb where id = ?")
                .param(broken.quoteId().value()).update());
        ch.qos.logback.classic.Logger root = (ch.qos.logback.classic.Logger)
                org.slf4j.LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> logs =
                new ch.qos.logback.core.read.ListAppender<>();
        logs.start();
        root.addAppender(logs);
        try {
            UI.getCurrent().navigate("portal/q/" + ok.token());
            assertThat(status()).isEqualTo("VIEWED");
            _click(_get(Button.class, b -> b.withId("portal-choose-B")));
            UI.getCurrent().navigate("portal/q/" + expired.token());
            _get(Div.class, d -> d.withId("portal-gone"));
            UI.getCurrent().navigate("portal/q/" + ok.token() + "x");
            _get(Div.class, d -> d.withId("portal-not-found"));
            UI.getCurrent().navigate("portal/q/" + broken.token());
            assertThat(_get(Div.class, d -> d.withId("portal-error")).getElement().getTextRecursively())
                    .contains("意外错误");
        } finally {
            root.detachAppender(logs);
        }
        String ref = "link#" + java.util.HexFormat.of().formatHex(
                com.gpuquote.security.SecretTokens.sha256(broken.token())).substring(0, 12);
        assertThat(logs.list).anySatisfy(e -> assertThat(e.getFormattedMessage()).contains("Portal page failed").contains(ref));
        for (String token : java.util.List.of(ok.token(), broken.token(), expired.token())) {
            assertThat(logs.list).noneMatch(e -> e.getFormattedMessage().contains(token)
                    || throwableText(e.getThrowableProxy()).contains(token));
        }
    }

    private static String throwableText(ch.qos.logback.classic.spi.IThrowableProxy t) {
        StringBuilder sb = new StringBuilder();
        for (int depth = 0; t != null && depth < 20; depth++, t = t.getCause()) {
            sb.append(t.getClassName()).append(": ").append(t.getMessage()).append('\n');
        }
        return sb.toString();
    }

    @Test
    void theOrdersViewListsTheAcceptedOptionsServiceLinesToo() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        customerPortal.accept(s.token(), new AcceptRequest(java.util.UUID.fromString(s.optionId("B")), "张三",
                "zhang@customer.example", true));
        login(s.tenant().consultantEmail());
        UI.getCurrent().navigate("orders");
        @SuppressWarnings("unchecked")
        com.vaadin.flow.component.grid.Grid<Object> grid = _get(com.vaadin.flow.component.grid.Grid.class,
                g -> g.withId("orders-grid"));
        // one row per order; the fixture's option B has one instance line (4 × A10, monthly, 12 months) and one
        // one-time service line (部署与调优, ¥3,000.00)
        assertThat(com.github.mvysny.kaributesting.v10.GridKt._size(grid)).isEqualTo(1);
        assertThat(com.github.mvysny.kaributesting.v10.GridKt._getFormattedRow(grid, 0))
                .contains("B", "张三", "1 个实例行，1 个服务行", "¥3,000.00");
        String details = com.github.mvysny.kaributesting.v10.GridKt._getItemDetailsComponent(grid, 0)
                .getElement().getTextRecursively();
        assertThat(details).contains("cn-beijing", "4", "12", "部署与调优", "一次性", "¥3,000.00");
    }

    @Test
    void theOrdersGridIsLazyAndCountsEveryAcceptedQuote() {
        PortalFixtures.Sent first = fixtures.sentQuote();
        int accepted = 3;
        customerPortal.accept(first.token(), new AcceptRequest(java.util.UUID.fromString(first.optionId("A")), "张三",
                "zhang@customer.example", true));
        for (int i = 1; i < accepted; i++) {
            PortalFixtures.Sent more = fixtures.sentQuote(first.tenant(), first.customer());
            customerPortal.accept(more.token(), new AcceptRequest(java.util.UUID.fromString(more.optionId("B")), "张三",
                    "zhang@customer.example", true));
        }
        login(first.tenant().consultantEmail());
        UI.getCurrent().navigate("orders");
        @SuppressWarnings("unchecked")
        com.vaadin.flow.component.grid.Grid<Object> grid = _get(com.vaadin.flow.component.grid.Grid.class,
                g -> g.withId("orders-grid"));
        assertThat(grid.getDataProvider().isInMemory()).isFalse();
        assertThat(com.github.mvysny.kaributesting.v10.GridKt._size(grid)).isEqualTo(accepted);
        // a page of two is read as two rows, not every order
        assertThat(grid.getDataProvider().fetch(new com.vaadin.flow.data.provider.Query<>(0, 2, null, null, null)))
                .hasSize(2);
        // the oldest order (option A, no service lines) is the last row
        assertThat(com.github.mvysny.kaributesting.v10.GridKt._getFormattedRow(grid, accepted - 1))
                .contains(first.quote().number() + " 第 1 版", "1 个实例行，0 个服务行");
    }
}
