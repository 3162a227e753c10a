package com.gpuquote.catalog.ui;

import com.gpuquote.catalog.GpuModel;
import com.gpuquote.catalog.InstanceType;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;

import java.math.BigDecimal;
import java.util.List;

/** Every field of one instance type, its source and sample flag, and the specs of its GPU model. */
public class InstanceTypeDetails extends VerticalLayout {

    private final List<InstanceTypeSection> sections;

    public InstanceTypeDetails() {
        this(List.of());
    }

    /** With the sections other features contribute (rendered below the type's own fields). */
    public InstanceTypeDetails(List<InstanceTypeSection> sections) {
        this.sections = List.copyOf(sections);
        setId("instance-type-details");
        addClassName("instance-type-details");
        show(null);
    }

    public void show(InstanceType t) {
        removeAll();
        if (t == null) {
            add(new Paragraph(getTranslation("catalog.detail.empty")));
            return;
        }
        H3 title = new H3(t.code());
        title.setId("detail-code");
        add(title);
        if (t.sample()) {
            Span badge = InstanceTypeGrid.sampleBadge(t);
            badge.setId("detail-sample");
            add(badge);
        }
        FormLayout form = new FormLayout();
        form.setResponsiveSteps(new FormLayout.ResponsiveStep("0", 1), new FormLayout.ResponsiveStep("20em", 2));
        item(form, "catalog.grid.provider", getTranslation(t.provider().labelKey()));
        item(form, "catalog.grid.family", t.family());
        item(form, "catalog.grid.gpuModel", t.gpuModel().code());
        item(form, "catalog.grid.gpuCount", String.valueOf(t.gpuCount()));
        item(form, "catalog.grid.vramPerGpu", plain(t.vramPerGpuGiB()));
        item(form, "catalog.grid.totalVram", plain(t.totalVramGiB()));
        item(form, "catalog.grid.vcpu", String.valueOf(t.vcpu()));
        item(form, "catalog.grid.ram", plain(t.ramGiB()));
        item(form, "catalog.grid.ratio", InstanceTypeGrid.vramToRam(t));
        item(form, "catalog.detail.localNvme", plain(t.localNvmeGiB()));
        item(form, "catalog.detail.network", plain(t.networkGbps()));
        item(form, "catalog.detail.rdma", getTranslation(t.rdma() ? "catalog.detail.rdma.yes" : "catalog.detail.rdma.no"));
        item(form, "catalog.grid.regions", String.join(", ", t.regions()));
        item(form, "catalog.grid.status", getTranslation("catalog.status." + t.status().name()));
        add(form);
        add(new H4(getTranslation("catalog.detail.source")));
        Paragraph source = new Paragraph(t.source());
        source.setId("detail-source");
        add(source);
        add(gpu(t.gpuModel()));
        add(new Paragraph(getTranslation("catalog.gib.note")));
        for (InstanceTypeSection section : sections) {
            Component c = section.render(t);
            if (c != null) {
                add(c);
            }
        }
    }

    private VerticalLayout gpu(GpuModel m) {
        VerticalLayout box = new VerticalLayout();
        box.setPadding(false);
        box.setId("detail-gpu");
        box.add(new H4(getTranslation("catalog.detail.gpu") + " · " + m.code()));
        FormLayout form = new FormLayout();
        form.setResponsiveSteps(new FormLayout.ResponsiveStep("0", 1), new FormLayout.ResponsiveStep("20em", 2));
        item(form, "catalog.detail.vendor", m.vendor());
        item(form, "catalog.detail.architecture", m.architecture());
        item(form, "catalog.detail.vram", plain(m.vramGiB()));
        item(form, "catalog.detail.usableVram", plain(m.usableVramGiB()));
        item(form, "catalog.detail.bandwidth", plain(m.memoryBandwidthGBs()));
        item(form, "catalog.detail.fp16", plain(m.fp16Tflops()));
        item(form, "catalog.detail.bf16", m.bf16Tflops() == null
                ? getTranslation("catalog.detail.bf16.none") : plain(m.bf16Tflops()));
        item(form, "catalog.detail.fp8", m.fp8Tflops() == null
                ? getTranslation("catalog.detail.fp8.none") : plain(m.fp8Tflops()));
        item(form, "catalog.detail.int8", m.int8Tflops() == null
                ? getTranslation("catalog.detail.int8.none") : plain(m.int8Tflops()));
        item(form, "catalog.detail.interconnect", m.interconnect().name());
        item(form, "catalog.detail.interconnectBandwidth", plain(m.interconnectGBs()));
        item(form, "catalog.detail.gpuSource", m.source());
        box.add(form);
        if (m.sample()) {
            Span badge = new Span(getTranslation("catalog.sample"));
            badge.addClassName("sample-badge");
            box.add(badge);
        }
        return box;
    }

    private void item(FormLayout form, String labelKey, String value) {
        Span span = new Span(value);
        span.addClassName("detail-value");
        form.addFormItem(span, getTranslation(labelKey));
    }

    private static String plain(BigDecimal value) {
        return InstanceTypeGrid.plain(value);
    }
}
