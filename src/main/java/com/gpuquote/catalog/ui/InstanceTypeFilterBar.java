package com.gpuquote.catalog.ui;

import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.GpuModel;
import com.gpuquote.catalog.InstanceStatus;
import com.gpuquote.catalog.InstanceTypeFilter;
import com.gpuquote.catalog.Provider;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.component.textfield.IntegerField;

import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Consumer;

/** Filters of the catalog browser; every change hands a new {@link InstanceTypeFilter} to the listener. */
public class InstanceTypeFilterBar extends HorizontalLayout {

    private final ComboBox<Provider> provider = new ComboBox<>();
    private final ComboBox<String> region = new ComboBox<>();
    private final ComboBox<GpuModel> gpuModel = new ComboBox<>();
    private final BigDecimalField minVram = new BigDecimalField();
    private final IntegerField gpuCount = new IntegerField();
    private final ComboBox<InstanceStatus> status = new ComboBox<>();
    private final Consumer<InstanceTypeFilter> listener;

    public InstanceTypeFilterBar(CatalogService catalog, Consumer<InstanceTypeFilter> listener) {
        this.listener = listener;
        addClassName("catalog-filters");
        setAlignItems(FlexComponent.Alignment.BASELINE);
        setWrap(true);

        provider.setId("filter-provider");
        provider.setLabel(getTranslation("catalog.filter.provider"));
        provider.setItems(Arrays.asList(Provider.values()));
        provider.setItemLabelGenerator(p -> getTranslation(p.labelKey()));

        region.setId("filter-region");
        region.setLabel(getTranslation("catalog.filter.region"));
        TreeSet<String> regions = new TreeSet<>();
        for (Provider p : Provider.values()) {
            regions.addAll(catalog.regions(p));
        }
        region.setItems(List.copyOf(regions));

        gpuModel.setId("filter-gpu-model");
        gpuModel.setLabel(getTranslation("catalog.filter.gpuModel"));
        gpuModel.setItems(catalog.gpuModels());
        gpuModel.setItemLabelGenerator(GpuModel::code);

        minVram.setId("filter-min-vram");
        minVram.setLabel(getTranslation("catalog.filter.minVram"));
        minVram.setTooltipText(getTranslation("catalog.gib.tooltip"));
        minVram.setClearButtonVisible(true);

        gpuCount.setId("filter-gpu-count");
        gpuCount.setLabel(getTranslation("catalog.filter.gpuCount"));
        gpuCount.setMin(1);
        gpuCount.setMax(64);
        gpuCount.setStepButtonsVisible(true);
        gpuCount.setClearButtonVisible(true);

        status.setId("filter-status");
        status.setLabel(getTranslation("catalog.filter.status"));
        status.setItems(InstanceStatus.values());
        status.setItemLabelGenerator(s -> getTranslation("catalog.status." + s.name()));

        List.of(provider, region, gpuModel, status).forEach(c -> c.setClearButtonVisible(true));
        provider.addValueChangeListener(e -> fire());
        region.addValueChangeListener(e -> fire());
        gpuModel.addValueChangeListener(e -> fire());
        minVram.addValueChangeListener(e -> fire());
        gpuCount.addValueChangeListener(e -> fire());
        status.addValueChangeListener(e -> fire());

        Button clear = new Button(getTranslation("catalog.filter.clear"), e -> clear());
        clear.setId("filter-clear");
        clear.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        add(provider, region, gpuModel, minVram, gpuCount, status, clear);
    }

    public InstanceTypeFilter filter() {
        GpuModel model = gpuModel.getValue();
        return new InstanceTypeFilter(provider.getValue(), region.getValue(), model == null ? null : model.code(),
                minVram.getValue(), gpuCount.isInvalid() ? null : gpuCount.getValue(), status.getValue());
    }

    private void clear() {
        provider.clear();
        region.clear();
        gpuModel.clear();
        minVram.clear();
        gpuCount.clear();
        status.clear();
    }

    private void fire() {
        listener.accept(filter());
    }
}
