package com.gpuquote.catalog.ui;

import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.GpuModel;
import com.gpuquote.catalog.Interconnect;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/** Create or edit a GPU model (the code is fixed once created). */
class GpuModelDialog extends Dialog {

    private final TextField code = new TextField();
    private final TextField vendor = new TextField();
    private final TextField architecture = new TextField();
    private final BigDecimalField vram = new BigDecimalField();
    private final BigDecimalField driverVram = new BigDecimalField();
    private final BigDecimalField bandwidth = new BigDecimalField();
    private final BigDecimalField fp16 = new BigDecimalField();
    private final BigDecimalField bf16 = new BigDecimalField();
    private final BigDecimalField fp8 = new BigDecimalField();
    private final BigDecimalField int8 = new BigDecimalField();
    private final ComboBox<Interconnect> interconnect = new ComboBox<>();
    private final BigDecimalField interconnectBandwidth = new BigDecimalField();
    private final TextArea source = new TextArea();
    private final Checkbox sample = new Checkbox();

    GpuModelDialog(CatalogService catalog, GpuModel existing, Consumer<GpuModel> onSaved) {
        boolean create = existing == null;
        setId("gpu-model-dialog");
        setHeaderTitle(create ? getTranslation("catalog.gpu.dialog.new")
                : getTranslation("catalog.gpu.dialog.edit", existing.code()));
        interconnect.setItems(Interconnect.values());
        FormLayout form = new FormLayout();
        label(form, code, "catalog.gpu.code", "gpu-code");
        label(form, vendor, "catalog.gpu.vendor", "gpu-vendor");
        label(form, architecture, "catalog.gpu.architecture", "gpu-architecture");
        label(form, vram, "catalog.gpu.vram", "gpu-vram");
        label(form, driverVram, "catalog.gpu.driverVram", "gpu-driver-vram");
        driverVram.setHelperText(getTranslation("catalog.gpu.driverVram.helper"));
        label(form, bandwidth, "catalog.gpu.bandwidth", "gpu-bandwidth");
        label(form, fp16, "catalog.gpu.fp16", "gpu-fp16");
        label(form, bf16, "catalog.gpu.bf16", "gpu-bf16");
        label(form, fp8, "catalog.gpu.fp8", "gpu-fp8");
        label(form, int8, "catalog.gpu.int8", "gpu-int8");
        fp8.setHelperText(getTranslation("catalog.gpu.blankUnsupported"));
        int8.setHelperText(getTranslation("catalog.gpu.blankUnsupported"));
        label(form, interconnect, "catalog.gpu.interconnect", "gpu-interconnect");
        label(form, interconnectBandwidth, "catalog.gpu.interconnectBandwidth", "gpu-interconnect-bandwidth");
        label(form, source, "catalog.gpu.source", "gpu-source");
        sample.setLabel(getTranslation("catalog.gpu.sample"));
        form.add(sample);
        vram.setTooltipText(getTranslation("catalog.gib.tooltip"));
        add(form);
        if (existing != null) {
            code.setValue(existing.code());
            code.setReadOnly(true);
            vendor.setValue(existing.vendor());
            architecture.setValue(existing.architecture());
            vram.setValue(existing.vramGiB());
            driverVram.setValue(existing.driverVramGiB());
            bandwidth.setValue(existing.memoryBandwidthGBs());
            fp16.setValue(existing.fp16Tflops());
            bf16.setValue(existing.bf16Tflops());
            fp8.setValue(existing.fp8Tflops());
            int8.setValue(existing.int8Tflops());
            interconnect.setValue(existing.interconnect());
            interconnectBandwidth.setValue(existing.interconnectGBs());
            source.setValue(existing.source());
            sample.setValue(existing.sample());
        }
        Button save = new Button(getTranslation("shared.save"), e -> {
            GpuModel model = model();
            if (model == null) {
                Notifications.error(getTranslation("catalog.gpu.required"));
                return;
            }
            Notifications.attempt(() -> {
                GpuModel saved = create ? catalog.createGpuModel(model) : catalog.updateGpuModel(model);
                Notifications.success(getTranslation("catalog.admin.saved", saved.code()));
                onSaved.accept(saved);
                close();
            });
        });
        save.setId("save-gpu-model");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        getFooter().add(new Button(getTranslation("shared.cancel"), e -> close()), save);
    }

    private void label(FormLayout form, com.vaadin.flow.component.Component c, String key, String id) {
        c.getElement().setProperty("label", getTranslation(key));
        c.setId(id);
        form.add(c);
    }

    /** Null when a required field is empty or a number is not positive. */
    private @Nullable GpuModel model() {
        List<BigDecimal> positive = List.of(orZero(vram), orZero(bandwidth), orZero(fp16), orZero(interconnectBandwidth));
        if (positive.stream().anyMatch(d -> d.signum() <= 0) || (bf16.getValue() != null && bf16.getValue().signum() <= 0)
                || (fp8.getValue() != null && fp8.getValue().signum() <= 0)
                || (int8.getValue() != null && int8.getValue().signum() <= 0)
                || (driverVram.getValue() != null && (driverVram.getValue().signum() <= 0
                        || driverVram.getValue().compareTo(orZero(vram)) > 0))
                || code.isEmpty() || vendor.isEmpty() || architecture.isEmpty() || source.isEmpty()
                || interconnect.getValue() == null) {
            return null;
        }
        return new GpuModel(code.getValue().trim().toUpperCase(Locale.ROOT), vendor.getValue().trim(),
                architecture.getValue().trim(), vram.getValue(), bandwidth.getValue(), fp16.getValue(), bf16.getValue(),
                fp8.getValue(), int8.getValue(), interconnect.getValue(), interconnectBandwidth.getValue(), source.getValue().trim(), sample.getValue(),
                driverVram.getValue());
    }

    private static BigDecimal orZero(BigDecimalField f) {
        return f.getValue() == null ? BigDecimal.ZERO : f.getValue();
    }
}
