package com.gpuquote.quote.ui;

import com.github.mvysny.kaributesting.v10.GridKt;
import com.gpuquote.KaribuTest;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.InstanceStatus;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.catalog.InstanceTypeFilter;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.router.RouteParameters;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;

import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

/** Issue 39: the quote editor offers no deprecated instance type for a new line, nor to change a line to. */
class DeprecatedTypesEditorViewTest extends KaribuTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting quoteDrafting;
    @Autowired
    CatalogService catalog;

    @SuppressWarnings("unchecked")
    @Test
    void theAddLineListAndALinesTypeListLackTheDeprecatedTypes() {
        World world = fixtures.world("北京老机型有限公司", "zh-CN");
        List<String> deprecated = fixtures.as(world.consultant(), () -> catalog.instanceTypes(
                InstanceTypeFilter.ALL.withStatus(InstanceStatus.DEPRECATED)).stream().map(InstanceType::code).toList());
        List<String> active = fixtures.as(world.consultant(), () -> catalog.instanceTypes(
                InstanceTypeFilter.ALL.withStatus(InstanceStatus.ACTIVE)).stream().map(InstanceType::code).toList());
        assertThat(deprecated).contains("ecs.g1ve.2xlarge", "ecs.g1ve.16xlarge");
        QuoteDetails q = fixtures.as(world.consultant(), () -> quoteDrafting.create(new NewQuote(world.project().id(),
                null, List.of(new QuoteInput.Option("A", List.of(QuoteInput.Line.of(QuoteUiFixtures.A10,
                        QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)), List.of())))));
        login(world.consultant());
        UI.getCurrent().navigate(QuoteEditorView.class, new RouteParameters("id", q.id().toString()));
        OptionEditor a = _get(QuoteEditorView.class).editors.get(0);

        List<String> offered = a.newType.getListDataView().getItems().toList();
        assertThat(offered).contains(QuoteUiFixtures.A10, QuoteUiFixtures.T4).doesNotContainAnyElementsOf(deprecated);
        assertThat(offered).containsExactlyInAnyOrderElementsOf(active.stream().distinct().toList());

        ComboBox<String> lineType = (ComboBox<String>) GridKt._getCellComponent(a.lines, 0, LinesGrid.COL_INSTANCE);
        assertThat(lineType.getValue()).isEqualTo(QuoteUiFixtures.A10);
        assertThat(lineType.getListDataView().getItems().toList()).contains(QuoteUiFixtures.T4)
                .doesNotContainAnyElementsOf(deprecated);
    }
}
