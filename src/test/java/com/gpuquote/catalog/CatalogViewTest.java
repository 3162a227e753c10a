package com.gpuquote.catalog;

import com.gpuquote.KaribuTest;
import com.gpuquote.catalog.ui.CatalogView;
import com.gpuquote.catalog.ui.InstanceTypeGrid;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.component.textfield.IntegerField;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import static com.github.mvysny.kaributesting.v10.GridKt._get;
import static com.github.mvysny.kaributesting.v10.GridKt._size;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

class CatalogViewTest extends KaribuTest {

    @SuppressWarnings("unchecked")
    private static <T> ComboBox<T> combo(String id) {
        return _get(ComboBox.class, spec -> spec.withId(id));
    }

    private static List<InstanceType> rows(InstanceTypeGrid grid) {
        List<InstanceType> rows = new ArrayList<>();
        for (int i = 0; i < _size(grid); i++) {
            rows.add(_get(grid, i));
        }
        return rows;
    }

    @Test
    void filtersNarrowTheGrid() {
        login("consultant@sanfei.demo");
        UI.getCurrent().navigate(CatalogView.class);
        InstanceTypeGrid grid = _get(InstanceTypeGrid.class);
        int all = _size(grid);
        assertThat(all).isGreaterThanOrEqualTo(30);
        assertThat(_get(Paragraph.class, spec -> spec.withId("catalog-gib-note")).getText()).contains("GiB（2^30 字节）");

        ComboBox<GpuModel> gpu = combo("filter-gpu-model");
        gpu.setValue(gpu.getListDataView().getItems().filter(m -> m.code().equals("A800-SXM4-80GB")).findFirst().orElseThrow());
        List<InstanceType> a800 = rows(grid);
        assertThat(a800).isNotEmpty().hasSizeLessThan(all)
                .allSatisfy(t -> assertThat(t.gpuModel().code()).isEqualTo("A800-SXM4-80GB"));

        _get(IntegerField.class, spec -> spec.withId("filter-gpu-count")).setValue(8);
        List<InstanceType> a800x8 = rows(grid);
        assertThat(a800x8).hasSizeLessThan(a800.size()).allSatisfy(t -> assertThat(t.gpuCount()).isEqualTo(8));
        assertThat(_get(Span.class, spec -> spec.withId("instance-type-count")).getText()).contains(String.valueOf(a800x8.size()));

        gpu.clear();
        _get(IntegerField.class, spec -> spec.withId("filter-gpu-count")).clear();
        _get(BigDecimalField.class, spec -> spec.withId("filter-min-vram")).setValue(new BigDecimal("90"));
        assertThat(rows(grid)).isNotEmpty()
                .allSatisfy(t -> assertThat(t.vramPerGpuGiB()).isGreaterThanOrEqualTo(new BigDecimal("90")));

        ComboBox<String> region = combo("filter-region");
        region.setValue("cn-guangzhou");
        assertThat(_size(grid)).isZero();
        region.setValue("cn-beijing");
        assertThat(_size(grid)).isPositive();
    }

    @Test
    void detailPanelShowsSourceAndSampleBadge() {
        login("admin@sanfei.demo");
        UI.getCurrent().navigate(CatalogView.class);
        InstanceTypeGrid grid = _get(InstanceTypeGrid.class);
        InstanceType bareMetal = rows(grid).stream().filter(t -> t.code().equals("ecs.ebmhpcpni2l.32xlarge")).findFirst().orElseThrow();
        grid.select(bareMetal);
        assertThat(_get(Paragraph.class, spec -> spec.withId("detail-source")).getText()).isEqualTo(bareMetal.source());
        Span badge = _get(Span.class, spec -> spec.withId("detail-sample"));
        assertThat(badge.getClassNames()).contains("sample-badge");
        assertThat(badge.getText()).isEqualTo("示例数据");
    }

    @Test
    void theRatioColumnReadsVramToRamLikeTheSizingView() {
        login("consultant@sanfei.demo");
        UI.getCurrent().navigate(CatalogView.class);
        InstanceTypeGrid grid = _get(InstanceTypeGrid.class);
        int row = rows(grid).stream().map(InstanceType::code).toList().indexOf("ecs.gni2.3xlarge");
        assertThat(row).isNotNegative();
        // ecs.gni2.3xlarge: 56 GiB of RAM for one 24 GiB A10: 56 / 24 = 2.333… GiB of RAM per GiB of VRAM
        assertThat(((Span) grid.getColumnByKey("ratio").getHeaderComponent()).getText()).isEqualTo("显存:内存");
        assertThat(com.github.mvysny.kaributesting.v10.GridKt._getFormatted(grid, row, "ratio")).isEqualTo("1:2.33");
        // the detail panel says the same
        grid.select(_get(grid, row));
        assertThat(com.github.mvysny.kaributesting.v10.LocatorJ._find(Span.class)).extracting(Span::getText)
                .contains("1:2.33").doesNotContain("2.33");
    }
}
