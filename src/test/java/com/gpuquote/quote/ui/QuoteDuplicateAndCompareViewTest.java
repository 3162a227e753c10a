package com.gpuquote.quote.ui;

import com.github.mvysny.kaributesting.v10.ComboBoxKt;
import com.gpuquote.KaribuTest;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectDraft;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteWorkflow;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.QuoteUpdate;
import com.gpuquote.quote.QuoteVersionDiff.LineDiff;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.router.RouteParameters;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;
import java.util.stream.IntStream;

import static com.github.mvysny.kaributesting.v10.GridKt._getFormattedRow;
import static com.github.mvysny.kaributesting.v10.GridKt._size;
import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 16 in the quote editor: "复制报价" opens a dialog with the customer's projects (the quote's own preselected) and
 * opens the copy; "比较版本" (from version 2 on) shows two versions side by side with the differences. Fixture prices:
 * T4 MONTHLY 5,000, A10 HOURLY 20; VAT 6 %.
 */
class QuoteDuplicateAndCompareViewTest extends KaribuTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting quoteDrafting;
    @Autowired
    QuoteWorkflow quoteWorkflow;
    @Autowired
    ProjectService projects;

    World world;

    @BeforeEach
    void world() {
        world = fixtures.world("复制比较科技有限公司", "zh-CN");
    }

    private QuoteDetails draft(List<QuoteInput.Line> lines) {
        return fixtures.as(world.consultant(), () -> quoteDrafting.create(new NewQuote(world.project().id(), null,
                List.of(new QuoteInput.Option("A", lines, List.of(QuoteInput.Service.monthly("运维支持", "300")))))));
    }

    private QuoteEditorView open(QuoteDetails q) {
        UI.getCurrent().navigate(QuoteEditorView.class, new RouteParameters("id", q.id().toString()));
        return _get(QuoteEditorView.class);
    }

    private static List<String> rows(Grid<LineDiff> grid) {
        return IntStream.range(0, _size(grid)).mapToObj(i -> String.join(" | ", _getFormattedRow(grid, i))).toList();
    }

    @Test
    void duplicateIntoAnotherProjectOfTheCustomerOpensTheNewDraft() {
        Project second = fixtures.as(world.consultant(), () -> projects.create(new ProjectDraft(world.customer().id(),
                "推理集群", "")));
        QuoteDetails source = draft(List.of(
                QuoteInput.Line.of(QuoteUiFixtures.T4, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 2, 12)));
        login(world.consultant());
        QuoteEditorView view = open(source);
        assertThat(view.actions.compare.isVisible()).as("only from version 2 on").isFalse();

        _click(view.actions.duplicate);
        DuplicateDialog dialog = _get(DuplicateDialog.class);
        assertThat(dialog.project.getValue().id()).as("the quote's own project first").isEqualTo(world.project().id());
        assertThat(ComboBoxKt.getSuggestionItems(dialog.project).stream().map(Project::name).toList())
                .containsExactlyInAnyOrder("训练集群", "推理集群");
        ComboBoxKt.setUserInput(dialog.project, "推理集");
        assertThat(ComboBoxKt.getSuggestionItems(dialog.project)).extracting(Project::name)
                .as("searchable by name, so no project of a large customer is out of reach").containsExactly("推理集群");
        ComboBoxKt.setUserInput(dialog.project, "");
        _setValue(dialog.project, ComboBoxKt.getSuggestionItems(dialog.project).stream()
                .filter(p -> p.id().equals(second.id())).findFirst().orElseThrow());
        _click(dialog.confirm);

        QuoteEditorView copyView = _get(QuoteEditorView.class);
        QuoteDetails copy = copyView.quote;
        assertThat(copy.id()).isNotEqualTo(source.id());
        assertThat(copy.number()).isNotEqualTo(source.number());
        assertThat(copy.version()).isEqualTo(1);
        assertThat(copy.status()).isEqualTo(QuoteStatus.DRAFT);
        assertThat(copy.projectId()).isEqualTo(second.id());
        assertThat(copy.options().get(0).lines()).singleElement().satisfies(l -> {
            assertThat(l.instanceType()).isEqualTo(QuoteUiFixtures.T4);
            assertThat(l.quantity()).isEqualTo(2);
            assertThat(l.termMonths()).isEqualTo(12);
        });
        assertThat(copy.options().get(0).services()).extracting(s -> s.description()).containsExactly("运维支持");
        assertThat(_find(DuplicateDialog.class)).isEmpty();
        assertThat(notificationTexts()).last().asString().contains("已复制为新报价 " + copy.number());
        assertThat(copyView.actions.submit.isVisible()).as("a draft: submit as usual").isTrue();
    }

    @Test
    void compareShowsTwoVersionsSideBySideWithTheDifferences() {
        // v1: T4 MONTHLY 2 × 5,000 × 12 = 120,000.00 + support 300 × 12 = 3,600.00 → 123,600.00, VAT 7,416.00 →
        // 131,016.00. v2: T4 3 × 5,000 × 12 = 180,000.00, support removed, A10 HOURLY 1 × 20 × 730 × 1 = 14,600.00 →
        // 194,600.00, VAT 11,676.00 → 206,276.00; difference +75,260.00
        QuoteDetails v1 = draft(List.of(
                QuoteInput.Line.of(QuoteUiFixtures.T4, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 2, 12)));
        QuoteDetails v2 = fixtures.as(world.consultant(), () -> {
            quoteWorkflow.submit(v1.id());
            quoteWorkflow.send(v1.id());
            QuoteDetails next = quoteWorkflow.revise(v1.id());
            return quoteDrafting.update(next.id(), new QuoteUpdate(next.rowVersion(), null, List.of(new QuoteInput.Option("A",
                    List.of(QuoteInput.Line.of(QuoteUiFixtures.T4, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 3, 12),
                            QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.HOURLY, 1, 1)),
                    List.of(), "扩容", null))));
        });
        login(world.consultant());
        QuoteEditorView view = open(v2);
        assertThat(view.actions.compare.isVisible()).isTrue();
        _click(view.actions.compare);
        CompareVersionsDialog dialog = _get(CompareVersionsDialog.class);
        assertThat(dialog.from.getValue()).isEqualTo(1);
        assertThat(dialog.to.getValue()).isEqualTo(2);

        assertThat(_get(Paragraph.class, s -> s.withId("compare-summary")).getText())
                .isEqualTo("新增 1 行，删除 1 行，修改 1 行");
        assertThat(_get(com.vaadin.flow.component.html.H4.class, s -> s.withId("compare-option-A")).getText())
                .isEqualTo("方案 A · 扩容 · 有变化");
        Grid<LineDiff> a = dialog.grids.get("A");
        assertThat(rows(a)).containsExactly(
                "修改 | " + QuoteUiFixtures.T4 + " · cn-beijing · 包月 | 2 × 12 个月 | 5,000.00 | 120,000.00"
                        + " | 3 × 12 个月 | 5,000.00 | 180,000.00 | +60,000.00",
                "新增 | " + QuoteUiFixtures.A10 + " · cn-beijing · 按量（小时） |  |  |  | 1 × 1 个月 | 20.00"
                        + " | 14,600.00 | +14,600.00",
                "删除 | 服务：运维支持（每月） |  |  | 300.00 |  |  |  | -300.00");
        // the rows are highlighted by what happened to them
        assertThat(a.getPartNameGenerator().apply(dialog.shown.diff().options().get(0).lines().get(0)))
                .isEqualTo("diff-changed");
        assertThat(a.getPartNameGenerator().apply(dialog.shown.diff().options().get(0).lines().get(1)))
                .isEqualTo("diff-added");
        assertThat(_get(Paragraph.class, s -> s.withId("compare-total-A")).getText())
                .isEqualTo("总计（含税）：131,016.00 → 206,276.00，差额 +75,260.00");

        // a version with itself: nothing changed
        _setValue(dialog.from, 2);
        assertThat(_get(Paragraph.class, s -> s.withId("compare-summary")).getText())
                .isEqualTo("新增 0 行，删除 0 行，修改 0 行");
        assertThat(rows(dialog.grids.get("A"))).allMatch(r -> r.startsWith("未变 | "));
        assertThat(_get(Paragraph.class, s -> s.withId("compare-total-A")).getText()).endsWith("差额 0.00");
        assertThat(dialog.grids.get("A").getPartNameGenerator().apply(
                dialog.shown.diff().options().get(0).lines().get(0))).isNull();
    }

    /** The test's calculator: grand total (6 % VAT, half-up) of a term amount; the dialog's amount text. */
    private static java.math.BigDecimal grand(String subtotal) {
        java.math.BigDecimal sub = new java.math.BigDecimal(subtotal);
        return sub.add(sub.multiply(new java.math.BigDecimal("0.06")).setScale(2, java.math.RoundingMode.HALF_UP));
    }

    private static String total(java.math.BigDecimal before, java.math.BigDecimal after) {
        java.math.BigDecimal d = after.subtract(before);
        return "总计（含税）：" + com.gpuquote.shared.DisplayFormat.amount(before) + " → "
                + com.gpuquote.shared.DisplayFormat.amount(after) + "，差额 " + (d.signum() > 0 ? "+" : "")
                + com.gpuquote.shared.DisplayFormat.amount(d);
    }

    /**
     * Issue 39: a quote of two options (alternatives) is compared A with A and B with B, and the dialog never adds
     * them up. A: 2 → 3 × T4 monthly for 12 months at 5,000 (120,000.00 → 180,000.00); B: 1 → 2 × A10 hourly, 730 h
     * at 20 for 1 month (14,600.00 → 29,200.00); each + 6 % VAT.
     */
    @Test
    void twoOptionsAreComparedEachWithItselfAndNeverAddedUp() {
        QuoteDetails v1 = fixtures.as(world.consultant(), () -> quoteDrafting.create(new NewQuote(world.project().id(),
                null, List.of(new QuoteInput.Option("A", List.of(QuoteInput.Line.of(QuoteUiFixtures.T4,
                                QuoteUiFixtures.REGION, BillingMode.MONTHLY, 2, 12)), List.of()),
                        new QuoteInput.Option("B", List.of(QuoteInput.Line.of(QuoteUiFixtures.A10,
                                QuoteUiFixtures.REGION, BillingMode.HOURLY, 1, 1)), List.of())))));
        QuoteDetails v2 = fixtures.as(world.consultant(), () -> {
            quoteWorkflow.submit(v1.id());
            quoteWorkflow.send(v1.id());
            QuoteDetails next = quoteWorkflow.revise(v1.id());
            return quoteDrafting.update(next.id(), new QuoteUpdate(next.rowVersion(), null, List.of(
                    new QuoteInput.Option("A", List.of(QuoteInput.Line.of(QuoteUiFixtures.T4, QuoteUiFixtures.REGION,
                            BillingMode.MONTHLY, 3, 12)), List.of()),
                    new QuoteInput.Option("B", List.of(QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION,
                            BillingMode.HOURLY, 2, 1)), List.of()))));
        });
        login(world.consultant());
        _click(open(v2).actions.compare);
        _get(CompareVersionsDialog.class);
        java.math.BigDecimal aBefore = grand("120000.00");
        java.math.BigDecimal aAfter = grand("180000.00");
        java.math.BigDecimal bBefore = grand("14600.00");
        java.math.BigDecimal bAfter = grand("29200.00");
        assertThat(_get(Paragraph.class, s -> s.withId("compare-total-A")).getText()).isEqualTo(total(aBefore, aAfter))
                .isEqualTo("总计（含税）：127,200.00 → 190,800.00，差额 +63,600.00");
        assertThat(_get(Paragraph.class, s -> s.withId("compare-total-B")).getText()).isEqualTo(total(bBefore, bAfter))
                .isEqualTo("总计（含税）：15,476.00 → 30,952.00，差额 +15,476.00");
        String overall = _get(Paragraph.class, s -> s.withId("compare-overall")).getText();
        assertThat(overall).isEqualTo("各方案互为备选，客户只接受其一：请按方案比较上面的合计（不把方案相加）");
        assertThat(_get(CompareVersionsDialog.class).getElement().getTextRecursively())
                .doesNotContain(com.gpuquote.shared.DisplayFormat.amount(aBefore.add(bBefore)))
                .doesNotContain(com.gpuquote.shared.DisplayFormat.amount(aAfter.add(bAfter)));
    }
}
