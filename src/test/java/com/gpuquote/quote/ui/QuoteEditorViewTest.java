package com.gpuquote.quote.ui;

import com.gpuquote.CalendarTest;
import com.github.mvysny.kaributesting.v10.GridKt;
import com.gpuquote.KaribuTest;
import com.gpuquote.catalog.Provider;
import com.gpuquote.pricing.agreement.AgreementDraft;
import com.gpuquote.pricing.agreement.AgreementRule.PercentOff;
import com.gpuquote.pricing.agreement.AgreementRule.TermTier;
import com.gpuquote.pricing.agreement.AgreementRule.VolumeTier;
import com.gpuquote.pricing.agreement.AgreementService;
import com.gpuquote.pricing.NewPriceList;
import com.gpuquote.pricing.PriceList;
import com.gpuquote.pricing.PriceListService;
import com.gpuquote.pricing.PriceRow;
import com.gpuquote.quote.pricing.WaterfallStep;
import com.gpuquote.shared.I18n;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.textfield.IntegerField;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.SentQuote;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteWorkflow;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.domain.SelfApprovalException;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.router.RouteParameters;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import static com.github.mvysny.kaributesting.v10.GridKt._getCellComponent;
import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.NotificationsKt.expectNotifications;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@CalendarTest
class QuoteEditorViewTest extends KaribuTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting quoteDrafting;
    @Autowired
    QuoteQueries quoteQueries;
    @Autowired
    QuoteWorkflow quoteWorkflow;
    @Autowired
    com.gpuquote.tenancy.TenantService tenants;
    @Autowired
    AgreementService agreements;
    @Autowired
    PriceListService priceLists;

    World world;

    @BeforeEach
    void world() {
        world = fixtures.world("上海模型科技有限公司", "zh-CN");
    }

    private QuoteDetails draft(String email, List<QuoteInput.Line> lines) {
        return fixtures.as(email, () -> quoteDrafting.create(new NewQuote(world.project().id(), null,
                List.of(new QuoteInput.Option("A", lines, List.of())))));
    }

    private QuoteEditorView open(QuoteDetails q) {
        UI.getCurrent().navigate(QuoteEditorView.class, new RouteParameters("id", q.id().toString()));
        return _get(QuoteEditorView.class);
    }

    private static String text(String id) {
        return _get(Span.class, spec -> spec.withId(id)).getText();
    }

    /** Issue 16: naming option A in the editor saves it and the tab says "方案 A · 经济型 8 × A10". */
    @Test
    void namingAnOptionSavesItAndRelabelsItsTab() {
        login(world.consultant());
        QuoteDetails q = draft(world.consultant(), List.of(QuoteInput.Line.of(QuoteUiFixtures.A10,
                QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)));
        QuoteEditorView view = open(q);
        _setValue(view.editors.get(0).title, "经济型 8 × A10");
        _setValue(view.editors.get(0).summary, "面向 7B 模型在线推理");
        assertThat(_get(com.vaadin.flow.component.tabs.Tab.class, spec -> spec.withId("tab-option-A")).getLabel())
                .isEqualTo("方案 A · 经济型 8 × A10");
        QuoteDetails saved = fixtures.as(world.consultant(), () -> quoteQueries.get(q.id()));
        assertThat(saved.options().get(0).title()).isEqualTo("经济型 8 × A10");
        assertThat(saved.options().get(0).summary()).isEqualTo("面向 7B 模型在线推理");
    }

    /**
     * Issue 16: option A of one quote saved as a template from the editor becomes option B of another quote, with its
     * lines and name, priced there (A10 monthly list 10,000 × 2 × 12 months = 240,000.00 a term, no agreement).
     */
    @Test
    void anOptionSavedAsTemplateIsAddedToAnotherQuote() {
        login(world.consultant());
        QuoteDetails source = fixtures.as(world.consultant(), () -> quoteDrafting.create(new NewQuote(world.project().id(),
                null, List.of(new QuoteInput.Option("A", List.of(QuoteInput.Line.of(QuoteUiFixtures.A10,
                        QuoteUiFixtures.REGION, BillingMode.MONTHLY, 2, 12)), List.of(), "双卡 A10", null)))));
        open(source);
        _click(_get(Button.class, spec -> spec.withId("save-as-template")));
        _setValue(_get(com.vaadin.flow.component.textfield.TextField.class, spec -> spec.withId("template-name")),
                "A10 × 2 包月");
        _click(_get(Button.class, spec -> spec.withId("template-save-confirm")));

        QuoteDetails target = draft(world.consultant(), List.of(QuoteInput.Line.of(QuoteUiFixtures.T4,
                QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)));
        QuoteEditorView view = open(target);
        _click(_get(Button.class, spec -> spec.withId("add-from-template")));
        @SuppressWarnings("unchecked")
        com.vaadin.flow.component.combobox.ComboBox<com.gpuquote.quote.QuoteTemplate> pick =
                _get(com.vaadin.flow.component.combobox.ComboBox.class, spec -> spec.withId("template-pick"));
        List<com.gpuquote.quote.QuoteTemplate> offered = com.github.mvysny.kaributesting.v10.ComboBoxKt
                .getSuggestionItems(pick).stream().map(x -> (com.gpuquote.quote.QuoteTemplate) x).toList();
        assertThat(offered).extracting(com.gpuquote.quote.QuoteTemplate::name)
                .containsExactly("A10 × 2 包月");
        _setValue(pick, offered.get(0));
        _click(_get(Button.class, spec -> spec.withId("template-add-confirm")));

        QuoteDetails saved = fixtures.as(world.consultant(), () -> quoteQueries.get(target.id()));
        assertThat(saved.options()).hasSize(2);
        assertThat(saved.options().get(1).label()).isEqualTo("B · 双卡 A10");
        assertThat(saved.options().get(1).lines().get(0).quantity()).isEqualTo(2);
        assertThat(saved.options().get(1).lines().get(0).termAmount()).isEqualByComparingTo("240000.00");
        assertThat(_get(com.vaadin.flow.component.tabs.Tab.class, spec -> spec.withId("tab-option-B")).getLabel())
                .isEqualTo("方案 B · 双卡 A10");
    }

    @Test
    void addingALineUpdatesTheTotals() {
        login(world.consultant());
        QuoteEditorView view = open(draft(world.consultant(), List.of()));
        assertThat(_find(Span.class, spec -> spec.withId("totals-grandTotal"))).isEmpty();

        OptionEditor a = view.editors.get(0);
        _setValue(a.newType, QuoteUiFixtures.T4);
        assertThat(a.newRegion.getValue()).isEqualTo(QuoteUiFixtures.REGION);
        _setValue(a.newMode, BillingMode.MONTHLY);
        _setValue(a.newQuantity, 2);
        _setValue(a.newTerm, 12);
        _click(a.addLine);

        // 2 × 5000 monthly × 12 = 120,000.00 net; VAT 6 % = 7,200.00; grand total 127,200.00
        assertThat(text("totals-monthlyNet")).isEqualTo("10,000.00");
        assertThat(text("totals-grandTotal")).isEqualTo("127,200.00");
        QuoteDetails saved = fixtures.as(world.consultant(), () -> quoteQueries.get(view.quote.id()));
        assertThat(saved.options().get(0).lines()).hasSize(1);

        // change the quantity in the grid: totals follow at once
        OptionEditor edited = view.editors.get(0);
        _setValue((com.vaadin.flow.component.textfield.IntegerField)
                _getCellComponent(edited.lines, 0, LinesGrid.COL_QTY), 3);
        assertThat(text("totals-monthlyNet")).isEqualTo("15,000.00");
        assertThat(text("totals-grandTotal")).isEqualTo("190,800.00");
    }

    @Test
    void consultantSeesBelowFloorFlagButNoMarginAdminSeesMargin() {
        QuoteDetails q = draft(world.consultant(), List.of(
                QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)));
        login(world.consultant());
        QuoteEditorView view = open(q);
        LinesGrid lines = view.editors.get(0).lines;
        Span flag = (Span) _getCellComponent(lines, 0, LinesGrid.COL_FLAG);
        assertThat(flag.getClassNames()).contains("below-floor");
        // the tenant does not show consultants the floor price (default): they learn that approval is needed
        assertThat(flag.getElement().getTextRecursively()).isEqualTo("低于毛利底线，需审批");
        assertThat(lines.detailsField(0, LinesGrid.COL_MARGIN)).isNull();
        assertThat(lines.detailsField(0, "floorPrice")).isNull();
        assertThat(_find(Span.class, spec -> spec.withId("totals-margin"))).isEmpty();
        assertThat(view.quote.margins()).isEmpty();

        login(world.admin());
        view = open(q);
        lines = view.editors.get(0).lines;
        // net 10000 × 12 − cost 9800 × 12 = 2,400.00 margin (2 %)
        assertThat(((com.vaadin.flow.component.textfield.TextField) lines.detailsField(0, LinesGrid.COL_MARGIN)).getValue())
                .isEqualTo("2,400.00 (2%)");
        assertThat(text("totals-margin")).isEqualTo("2,400.00 (2%)");
        // floor = cost 9800 / (1 − 0.05) = 10,315.7895 a month (margin on price); the price must rise 315.79 / 10000 = 3.2 %
        assertThat(((Span) _getCellComponent(lines, 0, LinesGrid.COL_FLAG)).getElement().getTextRecursively())
                .isEqualTo("低于底线：最低 ¥10,315.79 / 月，需再加价 3.2%");
    }

    @Test
    void submittingSaysTheQuoteWentToApprovalAndWhy() {
        QuoteDetails q = draft(world.consultant(), List.of(
                QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12),
                QuoteInput.Line.of(QuoteUiFixtures.T4, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)));
        login(world.consultant());
        QuoteEditorView view = open(q);
        _click(view.actions.submit);
        assertThat(view.quote.status()).isEqualTo(QuoteStatus.PENDING_APPROVAL);
        assertThat(notificationTexts()).last().asString()
                .contains("已提交审批").contains("1 行低于毛利底线").contains("方案 A " + QuoteUiFixtures.A10)
                .doesNotContain(QuoteUiFixtures.T4);
    }

    @Test
    void aTenantMayShowConsultantsTheLowestPriceWithoutApproval() {
        QuoteDetails q = draft(world.consultant(), List.of(
                QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)));
        fixtures.as(world.admin(), () -> {
            var t = tenants.current();
            return tenants.updateSettings(new com.gpuquote.tenancy.TenantSettings(t.name(), t.vatRate(),
                    t.marginFloorPct(), t.locale(), t.version(), true));
        });
        login(world.consultant());
        LinesGrid lines = open(q).editors.get(0).lines;
        assertThat(((Span) _getCellComponent(lines, 0, LinesGrid.COL_FLAG)).getElement().getTextRecursively())
                .isEqualTo("低于底线：最低 ¥10,315.79 / 月，需再加价 3.2%");
        assertThat(((com.vaadin.flow.component.textfield.TextField) lines.detailsField(0, "floorPrice")).getValue())
                .isEqualTo("¥10,315.79 / 月");
        assertThat(lines.detailsField(0, LinesGrid.COL_MARGIN)).as("still no margin for consultants").isNull();
    }

    @Test
    void onlyLegalActionsAreShownAndTheAuthorCannotApprove() {
        QuoteDetails q = draft(world.admin(), List.of(
                QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)));
        login(world.admin());
        QuoteEditorView view = open(q);
        StatusActions actions = view.actions;
        assertThat(actions.submit.isVisible()).isTrue();
        assertThat(actions.approve.isVisible() || actions.send.isVisible() || actions.revise.isVisible()
                || actions.reopen.isVisible()).isFalse();

        _click(actions.submit);
        assertThat(view.quote.status()).isEqualTo(QuoteStatus.PENDING_APPROVAL);
        actions = view.actions;
        assertThat(actions.submit.isVisible()).isFalse();
        assertThat(actions.reopen.isVisible()).isTrue();
        assertThat(actions.approve.isVisible()).isTrue();
        assertThat(actions.approve.isEnabled()).as("the author may not approve").isFalse();
        assertThatThrownBy(() -> quoteWorkflow.approve(q.id(), "ok")).isInstanceOf(SelfApprovalException.class);

        // the consultant does not get the approve button at all
        login(world.consultant());
        view = open(q);
        assertThat(view.actions.approve.isVisible()).isFalse();
        assertThat(view.editors.get(0).addLine.isAttached()).as("not editable").isFalse();
    }

    @Test
    void anotherAdminApprovesWithAComment() {
        QuoteDetails q = draft(world.consultant(), List.of(
                QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)));
        fixtures.as(world.consultant(), () -> quoteWorkflow.submit(q.id()));
        login(world.admin());
        QuoteEditorView view = open(q);
        assertThat(view.actions.approve.isEnabled()).isTrue();
        _click(view.actions.approve);
        _setValue(_get(TextArea.class, spec -> spec.withId("approve-comment")), "客户战略合作，同意");
        _click(_get(com.vaadin.flow.component.button.Button.class, spec -> spec.withId("approve-confirm")));
        assertThat(view.quote.status()).isEqualTo(QuoteStatus.APPROVED);
        assertThat(view.actions.send.isVisible()).isTrue();
    }

    @Test
    void sendingShowsTheCustomerLinkWithACopyButtonAndSaysTheMailDidNotGoOutWithoutSmtp() {
        QuoteDetails q = draft(world.consultant(), List.of(
                QuoteInput.Line.of(QuoteUiFixtures.T4, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)));
        fixtures.as(world.consultant(), () -> quoteWorkflow.submit(q.id())); // 5000 over 3000 cost: approved at once
        login(world.consultant());
        QuoteEditorView view = open(q);
        _click(view.actions.send);
        com.vaadin.flow.component.textfield.TextField url = _get(com.vaadin.flow.component.textfield.TextField.class,
                spec -> spec.withId("quote-portal-url"));
        assertThat(url.getValue()).contains("/portal/q/");
        assertThat(_get(com.vaadin.flow.component.button.Button.class, spec -> spec.withId("copy-portal-url")).getText())
                .isEqualTo("复制链接");
        // the test server has no SMTP: the consultant is told to pass the link on themselves
        assertThat(_get(com.vaadin.flow.component.html.Paragraph.class, spec -> spec.withId("quote-sent-delivery")).getText())
                .contains("邮件未发出").contains("SMTP");
    }

    @Test
    void withSmtpTheSenderIsToldTheMailIsQueuedNotThatItWentOut() {
        QuoteDetails q = draft(world.consultant(), List.of(
                QuoteInput.Line.of(QuoteUiFixtures.T4, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)));
        login(world.consultant());
        // sending only puts the mail into the outbox; the outbox job sends it later (and may fail and retry)
        SentQuote sent = new SentQuote(q, "https://quotes.example.com/portal/q/abc", "buyer@example.com", true);
        assertThat(new SentDialog(sent).delivery.getText())
                .isEqualTo("含客户链接的邮件已加入发送队列，将发往 buyer@example.com。");
        useLocale(I18n.ENGLISH);
        assertThat(new SentDialog(sent).delivery.getText())
                .isEqualTo("The mail with the customer link to buyer@example.com is queued for sending.");
    }

    // ------------------------------------------------------------------ waterfall, comparison, options, errors

    private static QuoteInput.Line line(String type, BillingMode mode, int quantity, int term, String discount) {
        return new QuoteInput.Line(null, type, QuoteUiFixtures.REGION, mode, quantity, term, null,
                discount == null ? null : new BigDecimal(discount), null);
    }

    @SuppressWarnings("unchecked")
    private static List<List<String>> rows(com.vaadin.flow.component.grid.Grid<?> grid) {
        com.vaadin.flow.component.grid.Grid<Object> g = (com.vaadin.flow.component.grid.Grid<Object>) grid;
        List<List<String>> rows = new java.util.ArrayList<>();
        for (int i = 0; i < GridKt._size(g); i++) {
            rows.add(GridKt._getFormattedRow(g, i));
        }
        return rows;
    }

    private WaterfallDialog openWaterfall(QuoteEditorView view, int line) {
        _click((Button) _getCellComponent(view.editors.get(0).lines, line, LinesGrid.COL_WATERFALL));
        return _get(WaterfallDialog.class);
    }

    @Test
    void theWaterfallDialogShowsEveryStepInWords() {
        fixtures.as(world.admin(), () -> agreements.create(world.customer().id(), new AgreementDraft("年度协议",
                today().minusDays(1), null, List.of(
                PercentOff.family("ecs.gni2", new BigDecimal("10")),
                new VolumeTier(1, new BigDecimal("3")),
                new TermTier(12, new BigDecimal("5"))), null)));
        QuoteDetails q = draft(world.consultant(), List.of(line(QuoteUiFixtures.A10, BillingMode.MONTHLY, 1, 12, "2.5")));
        login(world.consultant());
        QuoteEditorView view = open(q);

        WaterfallDialog dialog = openWaterfall(view, 0);
        // list 10000; 10 % off the family → 9000; 3 % volume → 8730; 5 % term → 8293.5; 2.5 % manual → 8086.1625, shown 8,086.16
        assertThat(rows(dialog.steps)).containsExactly(
                List.of("刊例价", "当前生效的刊例价", "10,000.00"),
                List.of("协议价", "规格族 ecs.gni2 优惠 10%", "9,000.00"),
                List.of("用量折扣", "满 1 块 GPU 优惠 3%", "8,730.00"),
                List.of("期限折扣", "期限 ≥12 个月优惠 5%", "8,293.50"),
                List.of("手工折扣", "手工折扣 2.5%", "8,086.16"));
        assertThat(dialog.steps.getGenericDataView().getItems().map(WaterfallStep::detail).toList())
                .as("the stored detail stays language-neutral").contains("MANUAL 2.5%");
        dialog.close();

        useLocale(I18n.ENGLISH);
        view = open(q);
        assertThat(rows(openWaterfall(view, 0).steps)).extracting(r -> r.get(1)).containsExactly(
                "List price in force", "10% off family ecs.gni2", "3% off from 1 GPU", "5% off for ≥12 months",
                "2.5% manual discount");
    }

    @Test
    void stepsThatDidNotApplySayNotApplied() {
        QuoteDetails q = draft(world.consultant(), List.of(line(QuoteUiFixtures.T4, BillingMode.MONTHLY, 1, 1, null)));
        login(world.consultant());
        assertThat(rows(openWaterfall(open(q), 0).steps)).extracting(r -> r.get(1))
                .containsExactly("当前生效的刊例价", "未适用", "未适用", "未适用", "未适用");
    }

    @Test
    void theBillingModeComparisonPricesTheOptionInAllFourModes() {
        QuoteDetails q = draft(world.consultant(), List.of(line(QuoteUiFixtures.A10, BillingMode.MONTHLY, 1, 12, null)));
        login(world.consultant());
        QuoteEditorView view = open(q);

        List<List<String>> table = rows(view.editors.get(0).comparison);
        assertThat(table).extracting(r -> r.get(0)).containsExactly("按量（小时）", "抢占式", "包月", "包年");
        assertThat(table.get(0).subList(1, 3)).containsExactly("14,600.00", "175,200.00");  // 20 × 730, × 12
        assertThat(table.get(1).get(1)).isEqualTo("无此计费方式的价格");                    // A10 has no SPOT price
        assertThat(table.get(2).subList(1, 3)).containsExactly("10,000.00", "120,000.00");
        // YEARLY: 100000 / 12 = 8333.33 a month (informative); the term is 100000 × 1 × 1 year, rounded once
        assertThat(table.get(3).subList(1, 3)).containsExactly("8,333.33", "100,000.00");
    }

    @Test
    void optionTabsAreAddedUpToFourAndRemovedWithTheRestRenamed() {
        QuoteDetails q = draft(world.consultant(), List.of(line(QuoteUiFixtures.T4, BillingMode.MONTHLY, 1, 12, null)));
        login(world.consultant());
        QuoteEditorView view = open(q);
        assertThat(view.tabs.getTabCount()).isEqualTo(1);

        for (int i = 0; i < 3; i++) {
            assertThat(view.addOption.isEnabled()).isTrue();
            _click(view.addOption);
        }
        assertThat(view.tabs.getTabCount()).isEqualTo(4);
        assertThat(view.editors).extracting(e -> e.name.name()).containsExactly("A", "B", "C", "D");
        assertThat(view.tabs.getSelectedIndex()).as("the new option is selected").isEqualTo(3);
        assertThat(view.addOption.isEnabled()).as("at most four options").isFalse();
        assertThat(fixtures.as(world.consultant(), () -> quoteQueries.get(q.id())).options()).hasSize(4);

        // put a line into C, then remove B: C becomes B with its line
        view.tabs.setSelectedIndex(2);
        OptionEditor c = view.editors.get(2);
        _setValue(c.newType, QuoteUiFixtures.A10);
        _setValue(c.newMode, BillingMode.HOURLY);
        _click(c.addLine);
        view.tabs.setSelectedIndex(1);
        _click(view.removeOption);

        assertThat(view.tabs.getTabCount()).isEqualTo(3);
        assertThat(view.addOption.isEnabled()).isTrue();
        QuoteDetails saved = fixtures.as(world.consultant(), () -> quoteQueries.get(q.id()));
        assertThat(saved.options()).extracting(o -> o.name().name()).containsExactly("A", "B", "C");
        assertThat(saved.options().get(1).lines()).extracting(l -> l.instanceType()).containsExactly(QuoteUiFixtures.A10);
        assertThat(saved.options().get(2).lines()).isEmpty();
    }

    @Test
    void invalidEditsNameTheOptionAndLineNotAFieldPath() {
        QuoteDetails q = draft(world.consultant(), List.of(
                line(QuoteUiFixtures.T4, BillingMode.MONTHLY, 1, 12, null),
                line(QuoteUiFixtures.A10, BillingMode.YEARLY, 1, 12, null)));
        login(world.consultant());
        QuoteEditorView view = open(q);
        IntegerField term = (IntegerField) view.editors.get(0).lines.detailsField(1, LinesGrid.COL_TERM);
        _setValue(term, 18);
        expectNotifications("方案 A，第 2 行，期限（月）：包年计费的期限须为 12 的整数倍");
        assertThat(fixtures.as(world.consultant(), () -> quoteQueries.get(q.id())).rowVersion()).isEqualTo(q.rowVersion());
    }

    @Test
    void aLineThatLostItsPriceIsNamedInWords() {
        QuoteDetails q = draft(world.consultant(), List.of(
                line(QuoteUiFixtures.A10, BillingMode.HOURLY, 1, 12, null),
                line(QuoteUiFixtures.T4, BillingMode.MONTHLY, 1, 12, null)));
        fixtures.as(world.admin(), () -> {   // a new price list without T4 MONTHLY
            PriceList v2 = priceLists.createDraft(NewPriceList.empty("v2", Provider.VOLCENGINE, null));
            priceLists.saveRow(v2.id(), new PriceRow(Provider.VOLCENGINE, QuoteUiFixtures.REGION, QuoteUiFixtures.A10,
                    BillingMode.HOURLY, new BigDecimal("20"), new BigDecimal("10"), "CNY"));
            return priceLists.publish(v2.id(), clock.instant().minusSeconds(5), null);
        });
        login(world.consultant());
        open(q);
        assertThat(_get(Paragraph.class, spec -> spec.withClasses("pricing-error")).getText())
                .isEqualTo("方案 A，第 2 行：当前生效的价目表中没有该实例规格、地域和计费方式的价格");
    }

    @Test
    void anAdminCannotApproveWhatChangedAfterTheyOpenedIt() {
        QuoteDetails q = draft(world.consultant(), List.of(line(QuoteUiFixtures.A10, BillingMode.MONTHLY, 1, 12, null)));
        fixtures.as(world.consultant(), () -> quoteWorkflow.submit(q.id()));
        login(world.admin());
        QuoteEditorView view = open(q);
        int seen = view.quote.rowVersion();

        // meanwhile the consultant takes it back, doubles the quantity and submits again
        fixtures.as(world.consultant(), () -> {
            QuoteDetails reopened = quoteWorkflow.reopen(q.id());
            quoteDrafting.update(q.id(), new com.gpuquote.quote.QuoteUpdate(reopened.rowVersion(), null, List.of(
                    new QuoteInput.Option("A", List.of(line(QuoteUiFixtures.A10, BillingMode.MONTHLY, 2, 12, null)),
                            List.of()))));
            return quoteWorkflow.submit(q.id());
        });

        _click(view.actions.approve);
        _setValue(_get(TextArea.class, spec -> spec.withId("approve-comment")), "同意");
        _click(_get(com.vaadin.flow.component.button.Button.class, spec -> spec.withId("approve-confirm")));
        expectNotifications("其他人刚刚修改了此记录，请刷新后重试。");
        QuoteDetails after = fixtures.as(world.admin(), () -> quoteQueries.get(q.id()));
        assertThat(after.status()).isEqualTo(QuoteStatus.PENDING_APPROVAL);
        assertThat(after.approval()).isEmpty();
        assertThat(after.rowVersion()).isNotEqualTo(seen);
    }
}
