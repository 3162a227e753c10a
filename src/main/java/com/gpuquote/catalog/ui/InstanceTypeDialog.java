package com.gpuquote.catalog.ui;

import com.gpuquote.shared.CsvError;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.GpuModel;
import com.gpuquote.catalog.InstanceStatus;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.catalog.InstanceTypeCsv;
import com.gpuquote.catalog.Provider;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.HasValidation;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.combobox.MultiSelectComboBox;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Create or edit one instance type; checked with the same rules as the CSV import, errors shown per field. */
class InstanceTypeDialog extends Dialog {

    private final CatalogService catalog;
    private final boolean create;
    private final Consumer<InstanceType> onSaved;
    private final ComboBox<Provider> provider = new ComboBox<>();
    private final TextField family = new TextField();
    private final TextField code = new TextField();
    private final ComboBox<String> gpuModel = new ComboBox<>();
    private final IntegerField gpuCount = new IntegerField();
    private final IntegerField vcpu = new IntegerField();
    private final BigDecimalField ram = new BigDecimalField();
    private final BigDecimalField nvme = new BigDecimalField();
    private final BigDecimalField network = new BigDecimalField();
    private final MultiSelectComboBox<String> regions = new MultiSelectComboBox<>();
    private final ComboBox<InstanceStatus> status = new ComboBox<>();
    private final TextArea source = new TextArea();
    private final Checkbox sample = new Checkbox();
    private final Checkbox rdma = new Checkbox();
    private final Map<String, HasValidation> fields = new LinkedHashMap<>();

    InstanceTypeDialog(CatalogService catalog, InstanceType existing, Consumer<InstanceType> onSaved) {
        this.catalog = catalog;
        this.create = existing == null;
        this.onSaved = onSaved;
        setId("instance-type-dialog");
        setHeaderTitle(create ? getTranslation("catalog.type.dialog.new")
                : getTranslation("catalog.type.dialog.edit", existing.code()));
        provider.setItems(Provider.values());
        provider.setItemLabelGenerator(p -> getTranslation(p.labelKey()));
        provider.addValueChangeListener(e -> regions.setItems(e.getValue() == null ? List.of() : catalog.regions(e.getValue())));
        gpuModel.setItems(catalog.gpuModels().stream().map(GpuModel::code).toList());
        status.setItems(InstanceStatus.values());
        status.setItemLabelGenerator(s -> getTranslation("catalog.status." + s.name()));
        FormLayout form = new FormLayout();
        field(form, InstanceTypeCsv.PROVIDER, provider, "catalog.grid.provider");
        field(form, InstanceTypeCsv.FAMILY, family, "catalog.grid.family");
        field(form, InstanceTypeCsv.CODE, code, "catalog.grid.code");
        field(form, InstanceTypeCsv.GPU_MODEL, gpuModel, "catalog.grid.gpuModel");
        field(form, InstanceTypeCsv.GPU_COUNT, gpuCount, "catalog.grid.gpuCount");
        field(form, InstanceTypeCsv.VCPU, vcpu, "catalog.grid.vcpu");
        field(form, InstanceTypeCsv.RAM_GIB, ram, "catalog.grid.ram");
        field(form, InstanceTypeCsv.LOCAL_NVME_GIB, nvme, "catalog.detail.localNvme");
        field(form, InstanceTypeCsv.NETWORK_GBPS, network, "catalog.detail.network");
        field(form, InstanceTypeCsv.REGIONS, regions, "catalog.grid.regions");
        field(form, InstanceTypeCsv.STATUS, status, "catalog.grid.status");
        field(form, InstanceTypeCsv.SOURCE, source, "catalog.detail.source");
        sample.setLabel(getTranslation("catalog.grid.sample"));
        sample.setId("field-sample");
        form.add(sample);
        rdma.setLabel(getTranslation("catalog.detail.rdma"));
        rdma.setId("field-rdma");
        form.add(rdma);
        form.setColspan(source, 2);
        add(form);
        if (existing != null) {
            fill(existing);
        } else {
            provider.setValue(Provider.values()[0]);
            status.setValue(InstanceStatus.ACTIVE);
            sample.setValue(true);
        }
        Button save = new Button(getTranslation("shared.save"), e -> save());
        save.setId("save-instance-type");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        getFooter().add(new Button(getTranslation("shared.cancel"), e -> close()), save);
    }

    private void field(FormLayout form, String column, com.vaadin.flow.component.Component c, String labelKey) {
        c.getElement().setProperty("label", getTranslation(labelKey));
        c.setId("field-" + column);
        fields.put(column, (HasValidation) c);
        form.add(c);
    }

    private void fill(InstanceType t) {
        provider.setValue(t.provider());
        family.setValue(t.family());
        code.setValue(t.code());
        gpuModel.setValue(t.gpuModel().code());
        gpuCount.setValue(t.gpuCount());
        vcpu.setValue(t.vcpu());
        ram.setValue(t.ramGiB());
        nvme.setValue(t.localNvmeGiB());
        network.setValue(t.networkGbps());
        regions.setValue(t.regions());
        status.setValue(t.status());
        source.setValue(t.source());
        sample.setValue(t.sample());
        rdma.setValue(t.rdma());
        provider.setReadOnly(true);
        code.setReadOnly(true);
    }

    Map<String, String> values() {
        Map<String, String> v = new HashMap<>();
        v.put(InstanceTypeCsv.PROVIDER, provider.getValue() == null ? "" : provider.getValue().code());
        v.put(InstanceTypeCsv.FAMILY, family.getValue());
        v.put(InstanceTypeCsv.CODE, code.getValue());
        v.put(InstanceTypeCsv.GPU_MODEL, gpuModel.getValue());
        v.put(InstanceTypeCsv.GPU_COUNT, text(gpuCount.getValue()));
        v.put(InstanceTypeCsv.VCPU, text(vcpu.getValue()));
        v.put(InstanceTypeCsv.RAM_GIB, text(ram.getValue()));
        v.put(InstanceTypeCsv.LOCAL_NVME_GIB, text(nvme.getValue()));
        v.put(InstanceTypeCsv.NETWORK_GBPS, text(network.getValue()));
        v.put(InstanceTypeCsv.REGIONS, String.join(";", regions.getValue()));
        v.put(InstanceTypeCsv.STATUS, status.getValue() == null ? "" : status.getValue().name());
        v.put(InstanceTypeCsv.SOURCE, source.getValue());
        v.put(InstanceTypeCsv.SAMPLE, String.valueOf(sample.getValue()));
        v.put(InstanceTypeCsv.RDMA, String.valueOf(rdma.getValue()));
        return v;
    }

    private void save() {
        fields.values().forEach(f -> f.setInvalid(false));
        Map<String, String> values = values();
        List<CsvError> errors = catalog.checkInstanceType(values, create);
        if (!errors.isEmpty()) {
            for (CsvError error : errors) {
                HasValidation f = fields.get(error.column());
                if (f != null) {
                    f.setErrorMessage(getTranslation(error.code().messageKey(), error.args().toArray()));
                    f.setInvalid(true);
                }
            }
            return;
        }
        Notifications.attempt(() -> {
            InstanceType saved = catalog.saveInstanceType(values, create);
            Notifications.success(getTranslation("catalog.admin.saved", saved.code()));
            onSaved.accept(saved);
            close();
        });
    }

    private static String text(Object value) {
        if (value == null) {
            return "";
        }
        return value instanceof BigDecimal d ? d.toPlainString() : value.toString();
    }
}
