package com.gpuquote.catalog.ui;

import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.catalog.InstanceTypeFilter;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Span;

import java.math.BigDecimal;

/** Lazy grid of instance types (pages come from {@link CatalogService}); memory columns say GiB (2^30 bytes). */
public class InstanceTypeGrid extends Grid<InstanceType> {

    private final CatalogService catalog;
    private final Span countLabel = new Span();
    private InstanceTypeFilter filter = InstanceTypeFilter.ALL;

    public InstanceTypeGrid(CatalogService catalog) {
        super(InstanceType.class, false);
        this.catalog = catalog;
        setId("instance-type-grid");
        addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES);
        countLabel.setId("instance-type-count");
        column("code", "catalog.grid.code", InstanceType::code, false).setAutoWidth(true).setFlexGrow(2);
        column("gpuModel", "catalog.grid.gpuModel", t -> t.gpuModel().code(), false).setAutoWidth(true);
        column("gpuCount", "catalog.grid.gpuCount", InstanceType::gpuCount, false);
        column("vramPerGpu", "catalog.grid.vramPerGpu", t -> plain(t.vramPerGpuGiB()), true);
        column("totalVram", "catalog.grid.totalVram", t -> plain(t.totalVramGiB()), true);
        column("vcpu", "catalog.grid.vcpu", InstanceType::vcpu, false);
        column("ram", "catalog.grid.ram", t -> plain(t.ramGiB()), true);
        column("ratio", "catalog.grid.ratio", InstanceTypeGrid::vramToRam, false);
        column("regions", "catalog.grid.regions", t -> String.join(", ", t.regions()), false).setAutoWidth(true);
        column("status", "catalog.grid.status", t -> getTranslation("catalog.status." + t.status().name()), false);
        addComponentColumn(InstanceTypeGrid::sampleBadge).setKey("sample")
                .setHeader(getTranslation("catalog.grid.sample")).setAutoWidth(true);
        setItems(query -> catalog.instanceTypes(filter, query.getOffset(), query.getLimit()).stream(),
                query -> updateCount(catalog.count(filter)));
    }

    public void setFilter(InstanceTypeFilter filter) {
        this.filter = filter == null ? InstanceTypeFilter.ALL : filter;
        asSingleSelect().clear();
        getDataProvider().refreshAll();
    }

    public void refresh() {
        getDataProvider().refreshAll();
    }

    public InstanceTypeFilter filter() {
        return filter;
    }

    /** "n instance types", kept up to date with the filter. */
    public Span countLabel() {
        return countLabel;
    }

    static Span sampleBadge(InstanceType t) {
        Span badge = new Span();
        if (t.sample()) {
            badge.setText(badge.getTranslation("catalog.sample"));
            badge.addClassName("sample-badge");
            badge.setTitle(badge.getTranslation("catalog.sample.tooltip"));
        }
        return badge;
    }

    /**
     * VRAM to host RAM as the sizing view and the policy bands write it: {@code 1:2.33} is 2.33 GiB of RAM per GiB of
     * VRAM (two decimals, half-up: {@link InstanceType#ramToVramRatio()}).
     */
    static String vramToRam(InstanceType t) {
        return "1:" + t.ramToVramRatio().toPlainString();
    }

    static String plain(BigDecimal value) {
        return value.stripTrailingZeros().toPlainString();
    }

    private int updateCount(int count) {
        countLabel.setText(getTranslation("catalog.grid.count", count));
        return count;
    }

    private Column<InstanceType> column(String key, String headerKey,
                                        com.vaadin.flow.function.ValueProvider<InstanceType, ?> value, boolean gib) {
        Span header = new Span(getTranslation(headerKey));
        if (gib) {
            header.setTitle(getTranslation("catalog.gib.tooltip"));
        }
        return addColumn(value).setKey(key).setHeader(header).setResizable(true);
    }
}
