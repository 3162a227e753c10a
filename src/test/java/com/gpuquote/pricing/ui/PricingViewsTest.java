package com.gpuquote.pricing.ui;

import com.gpuquote.CalendarTest;
import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.TestTenants.TestTenant;
import com.gpuquote.catalog.Provider;
import com.gpuquote.pricing.NewPriceList;
import com.gpuquote.pricing.PriceList;
import com.gpuquote.pricing.PriceListDiff;
import com.gpuquote.pricing.PriceListService;
import com.gpuquote.pricing.PriceRow;
import com.gpuquote.pricing.PriceService;
import com.gpuquote.pricing.UnitPrice;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Image;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.router.RouteParameters;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.stream.IntStream;

import static com.github.mvysny.kaributesting.v10.GridKt._get;
import static com.github.mvysny.kaributesting.v10.GridKt._getFormattedRow;
import static com.github.mvysny.kaributesting.v10.GridKt._size;
import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

/** Karibu tests of the import preview (errors; diff with > 20 % highlighted; confirm writes), publish, consultant view. */
@CalendarTest
class PricingViewsTest extends KaribuTest {

    private static final String HEADER = "provider,region,instance_type,billing_mode,list_price,cost_price,currency\n";
    private static final String A10 = "ecs.gni2.3xlarge";

    @Autowired
    private TestTenants testTenants;
    @Autowired
    private PriceListService priceLists;
    @Autowired
    private PriceService prices;
    @Autowired
    private com.gpuquote.catalog.CatalogService catalog;
    @Autowired
    private java.time.Clock clock;

    private TestTenant t;
    private PriceList draft;

    @BeforeEach
    void draft() {
        t = testTenants.create();
        login(t.adminEmail());
        draft = priceLists.createDraft(NewPriceList.empty("UI draft", Provider.VOLCENGINE, null));
        priceLists.applyImport(draft.id(), bytes(
                "VOLCENGINE,cn-beijing," + A10 + ",HOURLY,10.0000,9.0000,CNY",
                "VOLCENGINE,cn-beijing," + A10 + ",SPOT,3.0000,2.0000,CNY",
                "VOLCENGINE,cn-shanghai," + A10 + ",HOURLY,10.0000,9.0000,CNY"), null);
    }

    private static byte[] bytes(String... lines) {
        return (HEADER + String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /** Answers the "replace the whole list?" question (asked when a replace deletes rows) with yes. */
    private static void confirmReplace() {
        _find(com.vaadin.flow.component.confirmdialog.ConfirmDialog.class).stream().filter(d -> d.isOpened())
                .forEach(com.github.mvysny.kaributesting.v10.pro.ConfirmDialogKt::_fireConfirm);
    }

    private ImportDialog openImport() {
        UI.getCurrent().navigate(PriceListDetailView.class, new RouteParameters("id", draft.id().toString()));
        _click(_get(Button.class, spec -> spec.withId("open-import")));
        return _get(ImportDialog.class);
    }

    @SuppressWarnings("unchecked")
    private static <T> Grid<T> grid(String id) {
        return (Grid<T>) _get(Grid.class, spec -> spec.withId(id));
    }

    private static List<String> texts(Grid<?> grid) {
        return IntStream.range(0, _size(grid)).mapToObj(i -> String.join(" | ", _getFormattedRow(grid, i))).toList();
    }

    @Test
    void previewShowsEveryErrorWithRowAndColumnAndConfirmStaysDisabled() {
        ImportDialog dialog = openImport();
        dialog.showPreview(bytes("VOLCENGINE,cn-beijing," + A10 + ",HOURLY,abc,9,CNY",
                "VOLCENGINE,cn-guangzhou," + A10 + ",HOURLY,1,1,USD"));
        assertThat(texts(grid("import-errors"))).containsExactlyInAnyOrder(
                "2 | list_price | “abc”不是数字，请填写数字和可选的小数点，例如 12.3456。",
                "3 | region | 实例规格“" + A10 + "”在地域“cn-guangzhou”不可售。",
                "3 | currency | 不允许币种“USD”，价格必须为 CNY。");
        assertThat(_get(Span.class, spec -> spec.withId("import-summary")).getText()).contains("3 处错误");
        assertThat(dialog.confirm.isEnabled()).isFalse();
        assertThat(priceLists.rows(draft.id())).hasSize(3);
    }

    @Test
    void previewShowsTheDiffWithChangesAbove20PercentHighlightedAndConfirmWrites() {
        ImportDialog dialog = openImport();
        com.github.mvysny.kaributesting.v10.LocatorJ._setValue(dialog.mode, com.gpuquote.pricing.ImportMode.REPLACE);
        dialog.showPreview(bytes(
                "VOLCENGINE,cn-beijing," + A10 + ",HOURLY,12.5000,9.0000,CNY",     // +25 %: flagged
                "VOLCENGINE,cn-beijing," + A10 + ",SPOT,3.3000,2.0000,CNY",        // +10 %: not flagged
                "VOLCENGINE,cn-beijing,ecs.g1tl.4xlarge,MONTHLY,3000,2700,CNY"));  // added; shanghai removed
        Grid<PriceListDiff.Change> changed = grid("import-changed");
        assertThat(texts(changed)).containsExactly(
                A10 + " · cn-beijing · 按量（每小时） | ¥10.00 → ¥12.50 / 小时 | +25.00 % | ¥9.00 → ¥9.00 / 小时 | 0.00 %",
                A10 + " · cn-beijing · 抢占式（每小时） | ¥3.00 → ¥3.30 / 小时 | +10.00 % | ¥2.00 → ¥2.00 / 小时 | 0.00 %");
        assertThat(changed.getPartNameGenerator().apply(_get(changed, 0))).isEqualTo(ImportPreviewPanel.FLAGGED);
        assertThat(changed.getPartNameGenerator().apply(_get(changed, 1))).isNull();
        // a monthly price says "/ 月" and groups its thousands (issue 12)
        assertThat(texts(grid("import-added"))).containsExactly("ecs.g1tl.4xlarge · cn-beijing · 包月 | ¥3,000.00 / 月 | ¥2,700.00 / 月");
        assertThat(texts(grid("import-removed"))).containsExactly(A10 + " · cn-shanghai · 按量（每小时） | ¥10.00 / 小时 | ¥9.00 / 小时");
        assertThat(priceLists.rows(draft.id())).extracting(PriceRow::region).contains("cn-shanghai"); // nothing written yet

        assertThat(dialog.confirm.isEnabled()).isTrue();
        _click(dialog.confirm);
        // a replace that deletes rows asks once more and says how many
        var ask = _get(com.vaadin.flow.component.confirmdialog.ConfirmDialog.class);
        assertThat(ask.getElement().getProperty("message")).contains("删除 1 行");
        assertThat(priceLists.rows(draft.id())).hasSize(3); // not yet
        com.github.mvysny.kaributesting.v10.pro.ConfirmDialogKt._fireConfirm(ask);
        assertThat(priceLists.rows(draft.id())).extracting(r -> r.listPrice().toPlainString())
                .containsExactlyInAnyOrder("12.5000", "3.3000", "3000.0000");
        assertThat(_find(ImportDialog.class)).isEmpty();
    }

    @Test
    void previewWarnsOnImplausibleRowsAndCountsRowsUnderTheFloorWithoutBlockingTheImport() {
        PriceList live = priceLists.createDraft(NewPriceList.empty("在用", Provider.VOLCENGINE, null));
        priceLists.applyImport(live.id(), bytes("VOLCENGINE,cn-beijing," + A10 + ",HOURLY,10.0000,6.0000,CNY",
                "VOLCENGINE,cn-beijing," + A10 + ",SPOT,3.0000,2.0000,CNY"), null);
        priceLists.publish(live.id(), null, null);
        ImportDialog dialog = openImport();
        com.github.mvysny.kaributesting.v10.LocatorJ._setValue(dialog.mode, com.gpuquote.pricing.ImportMode.REPLACE);
        dialog.showPreview(bytes(
                "VOLCENGINE,cn-beijing," + A10 + ",HOURLY,10.0000,12.0000,CNY",  // cost above list, cost +100 %
                "VOLCENGINE,cn-beijing," + A10 + ",SPOT,11.0000,2.0000,CNY",     // above hourly, list +266.67 %
                "VOLCENGINE,cn-beijing,ecs.g1tl.4xlarge,MONTHLY,0,0,CNY"));       // list 0
        String hourly = A10 + " · cn-beijing · 按量（每小时）";
        String spot = A10 + " · cn-beijing · 抢占式（每小时）";
        assertThat(texts(grid("import-warnings"))).containsExactly(
                "2 | " + hourly + " | 成本价 ¥12.00 / 小时 高于刊例价 ¥10.00 / 小时",
                "2 | " + hourly + " | 成本价较当前生效价目表变化 +100.00 %：¥6.00 / 小时 → ¥12.00 / 小时",
                "3 | " + spot + " | 抢占式刊例价 ¥11.00 / 小时 高于同规格同地域的按量刊例价 ¥10.00 / 小时",
                "3 | " + spot + " | 刊例价较当前生效价目表变化 +266.67 %：¥3.00 / 小时 → ¥11.00 / 小时",
                "4 | ecs.g1tl.4xlarge · cn-beijing · 包月 | 刊例价为 0");
        assertThat(_get(Span.class, spec -> spec.withId("import-warnings-summary")).getText())
                .startsWith("5 条提示，涉及 3 行");
        // (10 − 12) / 10 is under the 5 % floor; 11 − 2 is not; a free row with no cost has nothing to lose
        assertThat(_get(Span.class, spec -> spec.withId("import-below-floor")).getText())
                .startsWith("1 行按刊例价计算的毛利率低于毛利底线 5");

        // warnings do not refuse: the same file is imported
        assertThat(dialog.confirm.isEnabled()).isTrue();
        _click(dialog.confirm);
        confirmReplace();
        assertThat(priceLists.rows(draft.id())).extracting(r -> r.listPrice().toPlainString())
                .containsExactlyInAnyOrder("10.0000", "11.0000", "0.0000");
    }

    @Test
    void previewOfAPlausibleFileSaysSoInEnglish() {
        ImportDialog dialog = openImport();
        useLocale(java.util.Locale.ENGLISH); // after opening: the view takes the account's language
        dialog.showPreview(bytes("VOLCENGINE,cn-beijing," + A10 + ",HOURLY,10.0000,9.0000,CNY"));
        assertThat(_get(Span.class, spec -> spec.withId("import-warnings-summary")).getText())
                .startsWith("No warnings: every row looks plausible");
        assertThat(_get(Span.class, spec -> spec.withId("import-below-floor")).getText())
                .startsWith("No row has a margin on list price under the margin floor of 5");
        assertThat(_find(Grid.class, spec -> spec.withId("import-warnings"))).isEmpty();
    }

    @Test
    void updatingTheseRowsIsTheDefaultAndAPartialFileDeletesNothing() {
        ImportDialog dialog = openImport();
        assertThat(dialog.mode.getValue()).isEqualTo(com.gpuquote.pricing.ImportMode.UPSERT);
        dialog.showPreview(bytes(
                "VOLCENGINE,cn-beijing," + A10 + ",HOURLY,12.5000,9.0000,CNY",       // changed
                "VOLCENGINE,cn-beijing,ecs.g1tl.4xlarge,MONTHLY,3000,2700,CNY"));   // added
        assertThat(texts(grid("import-removed"))).isEmpty();
        assertThat(_get(Span.class, spec -> spec.withId("import-summary")).getText())
                .startsWith("新增 1 行，变更 1 行，删除 0 行，未变 2 行");
        _click(dialog.confirm);
        assertThat(_find(com.vaadin.flow.component.confirmdialog.ConfirmDialog.class)).isEmpty(); // nothing to ask
        assertThat(priceLists.rows(draft.id())).extracting(r -> r.region() + " " + r.billingMode() + " " + r.listPrice().toPlainString())
                .containsExactlyInAnyOrder("cn-beijing HOURLY 12.5000", "cn-beijing SPOT 3.0000",
                        "cn-shanghai HOURLY 10.0000", "cn-beijing MONTHLY 3000.0000");
    }

    @Test
    void publishFromTheDetailViewAndTheHistoryChartIsAnSvgImage() {
        UI.getCurrent().navigate(PriceListDetailView.class, new RouteParameters("id", draft.id().toString()));
        _click(_get(Button.class, spec -> spec.withId("open-publish")));
        _get(PublishDialog.class).effectiveFrom.setValue(LocalDateTime.now(com.gpuquote.shared.time.BusinessCalendar.ZONE).minusMinutes(5).withNano(0));
        _click(_get(Button.class, spec -> spec.withId("confirm-publish")));
        assertThat(priceLists.get(draft.id()).version()).isEqualTo(1);
        assertThat(_find(Button.class, spec -> spec.withId("open-import"))).isEmpty(); // published: read-only

        PriceHistoryChart chart = new PriceHistoryChart(prices, Provider.VOLCENGINE, A10, clock);
        assertThat(chart.svg).contains("<svg").contains("</svg>");
        assertThat(chart.getChildren().anyMatch(c -> c instanceof Image)).isTrue();
    }

    @Test
    void consultantSeesListPricesOnlyAndNoCostAnywhere() {
        priceLists.publish(draft.id(), clock.instant().minus(1, ChronoUnit.MINUTES), null);
        logout();
        login(t.consultantEmail());
        UI.getCurrent().navigate(PricesView.class);
        Grid<UnitPrice> grid = grid("prices-grid");
        assertThat(grid.getColumns()).extracting(Grid.Column::getKey)
                .containsExactly("instanceType", "region", "billingMode", "listPrice", "version");
        List<String> rows = texts(grid);
        assertThat(rows).contains(A10 + " | cn-beijing | 按量（每小时） | ¥10.00 / 小时 | v1");
        // the costs (9.00 and 2.00) show nowhere
        assertThat(String.join("\n", rows)).doesNotContain("9.00").doesNotContain("2.00");
        assertThat(allText(UI.getCurrent())).doesNotContain("成本").doesNotContain("9.00");
    }

    /**
     * Issue 12: hourly, monthly and yearly prices share the list-price column, so each says its unit; amounts of a
     * thousand and more group their thousands; a unit price keeps up to four decimals. Admin's rows and consultant's
     * prices alike, in both languages.
     */
    @Test
    void everyPriceSaysItsUnitAndGroupsItsThousands() {
        priceLists.applyImport(draft.id(), bytes(
                "VOLCENGINE,cn-beijing," + A10 + ",HOURLY,10.0000,9.0000,CNY",
                "VOLCENGINE,cn-beijing," + A10 + ",SPOT,3.1234,2.0000,CNY",
                "VOLCENGINE,cn-beijing," + A10 + ",MONTHLY,6000.0000,5000.0000,CNY",
                "VOLCENGINE,cn-beijing," + A10 + ",YEARLY,80000.0000,70000.0000,CNY"), null);
        UI.getCurrent().navigate(PriceListDetailView.class, new RouteParameters("id", draft.id().toString()));
        PriceRowsGrid rows = _get(PriceRowsGrid.class);
        assertThat(IntStream.range(0, _size(rows)).mapToObj(i -> String.join(" | ",
                        com.github.mvysny.kaributesting.v10.GridKt._getFormatted(rows, i, "billingMode"),
                        com.github.mvysny.kaributesting.v10.GridKt._getFormatted(rows, i, "listPrice"),
                        com.github.mvysny.kaributesting.v10.GridKt._getFormatted(rows, i, "costPrice"))))
                .containsExactlyInAnyOrder(
                        "按量（每小时） | ¥10.00 / 小时 | ¥9.00 / 小时",
                        "抢占式（每小时） | ¥3.1234 / 小时 | ¥2.00 / 小时",
                        "包月 | ¥6,000.00 / 月 | ¥5,000.00 / 月",
                        "包年 | ¥80,000.00 / 年 | ¥70,000.00 / 年");

        priceLists.publish(draft.id(), clock.instant().minus(1, ChronoUnit.MINUTES), null);
        logout();
        login(t.consultantEmail());
        UI.getCurrent().navigate(PricesView.class);
        assertThat(texts(grid("prices-grid"))).containsExactlyInAnyOrder(
                A10 + " | cn-beijing | 按量（每小时） | ¥10.00 / 小时 | v1",
                A10 + " | cn-beijing | 抢占式（每小时） | ¥3.1234 / 小时 | v1",
                A10 + " | cn-beijing | 包月 | ¥6,000.00 / 月 | v1",
                A10 + " | cn-beijing | 包年 | ¥80,000.00 / 年 | v1");

        useLocale(java.util.Locale.ENGLISH);
        UI.getCurrent().navigate("quotes"); // away and back: a new view, built in English
        UI.getCurrent().navigate(PricesView.class);
        assertThat(texts(grid("prices-grid"))).contains(
                A10 + " | cn-beijing | Pay-as-you-go (per hour) | ¥10.00 / hour | v1",
                A10 + " | cn-beijing | Yearly | ¥80,000.00 / year | v1");
    }

    private static String allText(Component root) {
        StringBuilder b = new StringBuilder(root.getElement().getText());
        root.getChildren().forEach(c -> b.append(' ').append(allText(c)));
        if (root instanceof Grid<?> g) {
            g.getColumns().forEach(c -> b.append(' ').append(c.getHeaderText()));
        }
        return b.toString();
    }

    // ------------------------------------------------------------------ search (issue 12)

    @Test
    void searchNarrowsTheRowsByInstanceTypeGpuModelRegionAndBillingModeAndClearingRestoresThem() {
        // a fourth row of another instance type: ecs.g1tl.4xlarge has one T4 (the draft's three rows are A10s)
        priceLists.applyImport(draft.id(), bytes("VOLCENGINE,cn-beijing,ecs.g1tl.4xlarge,MONTHLY,3000,2700,CNY"), null,
                null, com.gpuquote.pricing.ImportMode.UPSERT);
        UI.getCurrent().navigate(PriceListDetailView.class, new RouteParameters("id", draft.id().toString()));
        PriceListDetailView view = _get(PriceListDetailView.class);
        PriceRowsGrid rows = _get(PriceRowsGrid.class);
        assertThat(_size(rows)).isEqualTo(4);
        assertThat(view.matching.getText()).isEmpty();

        com.github.mvysny.kaributesting.v10.LocatorJ._setValue(view.search, "T4");  // the GPU model, not in the code
        assertThat(keys(rows)).containsExactly("ecs.g1tl.4xlarge cn-beijing MONTHLY");
        assertThat(view.matching.getText()).isEqualTo("找到 1 行（共 4 行）");

        com.github.mvysny.kaributesting.v10.LocatorJ._setValue(view.search, "  SHANGHAI ");  // region, any case
        assertThat(keys(rows)).containsExactly(A10 + " cn-shanghai HOURLY");

        com.github.mvysny.kaributesting.v10.LocatorJ._setValue(view.search, "gni2");  // part of the code
        assertThat(keys(rows)).containsExactly(A10 + " cn-beijing HOURLY", A10 + " cn-beijing SPOT",
                A10 + " cn-shanghai HOURLY");
        com.github.mvysny.kaributesting.v10.LocatorJ._setValue(view.billingMode, com.gpuquote.commercial.BillingMode.SPOT);
        assertThat(keys(rows)).containsExactly(A10 + " cn-beijing SPOT");

        // a wildcard is a character like any other: no code or region holds "%" or "_"
        com.github.mvysny.kaributesting.v10.LocatorJ._setValue(view.search, "%");
        assertThat(_size(rows)).isZero();
        com.github.mvysny.kaributesting.v10.LocatorJ._setValue(view.search, "_");
        assertThat(_size(rows)).isZero();
        assertThat(view.matching.getText()).isEqualTo("找到 0 行（共 4 行）");

        view.search.clear();
        view.billingMode.clear();
        assertThat(_size(rows)).isEqualTo(4);
        assertThat(keys(rows)).hasSize(4);
        assertThat(view.matching.getText()).isEmpty();
    }

    @Test
    void theSearchStaysWhenARowIsEditedAndTheListReloads() {
        UI.getCurrent().navigate(PriceListDetailView.class, new RouteParameters("id", draft.id().toString()));
        PriceListDetailView view = _get(PriceListDetailView.class);
        com.github.mvysny.kaributesting.v10.LocatorJ._setValue(view.search, "shanghai");
        PriceRowsGrid rows = _get(PriceRowsGrid.class);
        rows.getEditor().editItem(_get(rows, 0));
        _get(BigDecimalField.class, spec -> spec.withId("edit-list-price")).setValue(new java.math.BigDecimal("11"));
        _click(_get(Button.class, spec -> spec.withId("save-row")));
        PriceRowsGrid reloaded = _get(PriceRowsGrid.class);
        assertThat(view.search.getValue()).isEqualTo("shanghai");
        assertThat(keys(reloaded)).containsExactly(A10 + " cn-shanghai HOURLY");
        assertThat(_get(reloaded, 0).row.listPrice()).isEqualByComparingTo("11");
    }

    private static List<String> keys(PriceRowsGrid rows) {
        return IntStream.range(0, _size(rows)).mapToObj(i -> _get(rows, i).row)
                .map(r -> r.instanceType() + " " + r.region() + " " + r.billingMode()).toList();
    }

    // ------------------------------------------------------------------ audit fixes

    @Test
    void inlineEditWithANegativePriceNamesTheFieldAndKeepsTheRow() {
        UI.getCurrent().navigate(PriceListDetailView.class, new RouteParameters("id", draft.id().toString()));
        PriceRowsGrid rows = _get(PriceRowsGrid.class);
        PriceRowsGrid.EditableRow first = _get(rows, 0);
        List<PriceRow> before = priceLists.rows(draft.id());
        rows.getEditor().editItem(first);
        _get(BigDecimalField.class, spec -> spec.withId("edit-list-price")).setValue(new java.math.BigDecimal("-1"));
        _click(_get(Button.class, spec -> spec.withId("save-row")));
        assertThat(notificationTexts()).anySatisfy(n -> assertThat(n).isEqualTo("刊例价: 价格“-1”为负数。"));
        assertThat(priceLists.rows(draft.id())).isEqualTo(before);
        // the first row (cn-beijing, hourly) still shows its old prices
        assertThat(_getFormattedRow(rows, 0)).contains("¥10.00 / 小时", "¥9.00 / 小时");

        // more than 4 decimals: same, with the value filled in
        rows.getEditor().editItem(_get(rows, 0));
        _get(BigDecimalField.class, spec -> spec.withId("edit-cost-price")).setValue(new java.math.BigDecimal("1.23456"));
        _click(_get(Button.class, spec -> spec.withId("save-row")));
        assertThat(notificationTexts()).anySatisfy(n -> assertThat(n).isEqualTo("成本价: 价格“1.23456”的小数超过 4 位。"));
        assertThat(priceLists.rows(draft.id())).isEqualTo(before);

        // the service itself refuses with field errors (no IllegalArgumentException from the row's constructor)
        PriceRow r = before.get(0);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> priceLists.saveRow(draft.id(), r.key(),
                        new java.math.BigDecimal("-1"), new java.math.BigDecimal("1.23456")))
                .isInstanceOfSatisfying(com.gpuquote.shared.InvalidInputException.class, e -> assertThat(e.errors())
                        .extracting(f -> f.field() + "/" + f.code() + "/" + f.args())
                        .containsExactly("listPrice/pricing.csv.error.negative_price/[-1]",
                                "costPrice/pricing.csv.error.too_many_decimals/[1.23456]"));
    }

    @Test
    void changingTheEncodingAfterUploadPreviewsAgain() {
        ImportDialog dialog = openImport();
        // a GB18030 file with Chinese text in an extra (ignored) column: detected as GB18030, valid
        byte[] gb = ("provider,region,instance_type,billing_mode,list_price,cost_price,currency,备注\n"
                + "VOLCENGINE,cn-beijing," + A10 + ",HOURLY,10.0000,9.0000,CNY,北京按量\n").getBytes(com.gpuquote.pricing.PriceListCsv.GB18030);
        dialog.showPreview(gb);
        assertThat(dialog.confirm.isEnabled()).isTrue();
        dialog.charset.setValue("UTF-8"); // the same bytes read as UTF-8 are not valid text
        assertThat(dialog.confirm.isEnabled()).isFalse();
        assertThat(texts(grid("import-errors"))).anySatisfy(e -> assertThat(e).contains("UTF-8"));
        dialog.charset.setValue("GB18030");
        assertThat(dialog.confirm.isEnabled()).isTrue();
    }

    @Test
    void confirmRefusesWhenTheDraftChangedSinceThePreview() {
        ImportDialog dialog = openImport();
        com.github.mvysny.kaributesting.v10.LocatorJ._setValue(dialog.mode, com.gpuquote.pricing.ImportMode.REPLACE);
        dialog.showPreview(bytes("VOLCENGINE,cn-beijing," + A10 + ",HOURLY,11.0000,9.0000,CNY"));
        assertThat(dialog.confirm.isEnabled()).isTrue();
        // meanwhile (another tab or admin) a row of the draft is edited
        PriceRow spot = priceLists.rows(draft.id()).stream().filter(r -> r.billingMode().name().equals("SPOT"))
                .findFirst().orElseThrow();
        priceLists.saveRow(draft.id(), spot.key(), new java.math.BigDecimal("3.5"), new java.math.BigDecimal("2"));
        List<PriceRow> edited = priceLists.rows(draft.id());
        _click(dialog.confirm);
        confirmReplace();
        assertThat(notificationTexts()).contains("预览之后草稿已被修改，请重新预览后再确认导入。");
        assertThat(priceLists.rows(draft.id())).isEqualTo(edited); // nothing of the file was applied
        // the dialog shows the new preview; confirming that one applies it
        assertThat(_find(ImportDialog.class)).hasSize(1);
        _click(dialog.confirm);
        confirmReplace();
        assertThat(priceLists.rows(draft.id())).extracting(r -> r.listPrice().toPlainString()).containsExactly("11.0000");

        // the service refuses a stale version with 409 (ConflictException), without writing
        int stale = priceLists.get(draft.id()).rowVersion() - 1;
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> priceLists.applyImport(draft.id(),
                        bytes("VOLCENGINE,cn-beijing," + A10 + ",HOURLY,12.0000,9.0000,CNY"), null, stale))
                .isInstanceOfSatisfying(com.gpuquote.shared.ConflictException.class,
                        e -> assertThat(e.messageKey()).isEqualTo("pricing.error.draftChangedSincePreview"));
        assertThat(priceLists.rows(draft.id())).extracting(r -> r.listPrice().toPlainString()).containsExactly("11.0000");
    }

    @Test
    void previewShowsBillingModesByTheirNames() {
        ImportDialog dialog = openImport();
        com.github.mvysny.kaributesting.v10.LocatorJ._setValue(dialog.mode, com.gpuquote.pricing.ImportMode.REPLACE);
        dialog.showPreview(bytes("VOLCENGINE,cn-beijing," + A10 + ",HOURLY,10.0000,9.0000,CNY",
                "VOLCENGINE,cn-beijing," + A10 + ",SPOT,3.3000,2.0000,CNY",
                "VOLCENGINE,cn-beijing," + A10 + ",MONTHLY,3000.0000,2000.0000,CNY"));
        assertThat(texts(grid("import-changed"))).singleElement().asString().contains("抢占式（每小时）")
                .doesNotContain("SPOT");
        assertThat(texts(grid("import-added"))).singleElement().asString().contains("包月").doesNotContain("MONTHLY");
        assertThat(texts(grid("import-removed"))).singleElement().asString().contains("按量（每小时）")
                .doesNotContain("HOURLY");
    }

    @Test
    void historyChartOffersEveryRegionOfTheHistory() {
        priceLists.publish(draft.id(), clock.instant().minus(1, ChronoUnit.MINUTES), null);
        PriceHistoryChart chart = new PriceHistoryChart(prices, Provider.VOLCENGINE, A10, clock);
        assertThat(chart.region.getListDataView().getItems()).containsExactly("cn-beijing", "cn-shanghai");
        assertThat(chart.region.isVisible()).isTrue();
        assertThat(chart.svg).contains("cn-beijing").doesNotContain("cn-shanghai");
        chart.region.setValue("cn-shanghai");
        assertThat(chart.svg).contains("cn-shanghai").doesNotContain("cn-beijing");
    }

    @Test
    void consultantPricesLookupOffersTheCatalogsProvidersAndRegions() {
        priceLists.publish(draft.id(), clock.instant().minus(1, ChronoUnit.MINUTES), null);
        logout();
        login(t.consultantEmail());
        UI.getCurrent().navigate(PricesView.class);
        PricesView view = _get(PricesView.class);
        assertThat(view.provider.getValue()).isEqualTo(Provider.VOLCENGINE);
        // providers by their names, not their codes (issue 12)
        assertThat(view.provider.getItemLabelGenerator().apply(Provider.VOLCENGINE)).isEqualTo("火山引擎");
        assertThat(view.provider.getItemLabelGenerator().apply(Provider.ALIYUN)).isEqualTo("阿里云");
        // exactly the regions the catalog offers for the provider (no hard-coded list)
        assertThat(view.region.getListDataView().getItems().toList()).isEqualTo(catalog.regions(Provider.VOLCENGINE));
        view.region.setValue("cn-shanghai");
        assertThat(texts(grid("prices-grid"))).containsExactly(A10 + " | cn-shanghai | 按量（每小时） | ¥10.00 / 小时 | v1");
    }

    @Test
    void catalogDetailShowsTheListPriceHistoryToTenantUsersOnly() {
        priceLists.publish(draft.id(), clock.instant().minus(1, ChronoUnit.MINUTES), null);
        logout();
        login(t.consultantEmail());
        UI.getCurrent().navigate(com.gpuquote.catalog.ui.CatalogView.class);
        var a10 = catalog.instanceType(Provider.VOLCENGINE, A10).orElseThrow();
        Grid<com.gpuquote.catalog.InstanceType> types = _get(com.gpuquote.catalog.ui.InstanceTypeGrid.class);
        types.asSingleSelect().setValue(a10);
        PriceHistoryChart chart = _get(PriceHistoryChart.class);
        assertThat(chart.svg).contains("<svg");
        assertThat(chart.region.getListDataView().getItems()).containsExactly("cn-beijing", "cn-shanghai");
        assertThat(allText(UI.getCurrent())).doesNotContain("成本");

        logout();
        login("platform@gpuquote.demo");
        UI.getCurrent().navigate(com.gpuquote.catalog.ui.CatalogView.class);
        _get(com.gpuquote.catalog.ui.InstanceTypeGrid.class).asSingleSelect().setValue(a10);
        assertThat(_find(PriceHistoryChart.class)).isEmpty();
        assertThat(_get(com.vaadin.flow.component.html.H3.class, spec -> spec.withId("detail-code")).getText())
                .isEqualTo(A10);
    }
}
