package com.gpuquote.catalog.ui;

import com.gpuquote.shared.Roles;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.GpuModel;
import com.gpuquote.catalog.InstanceStatus;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.tabs.TabSheet;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

/**
 * Platform admin editor of the global catalog: instance types (create, edit, deprecate/reactivate, CSV import) and
 * GPU models (create, edit). Changes are logged with SLF4J, not in a tenant audit log (they have no tenant).
 */
@Route("catalog/admin")
@RolesAllowed(Roles.PLATFORM_ADMIN)
@Menu(order = 110, title = "catalog.menu.admin", icon = "vaadin:database")
public class CatalogAdminView extends VerticalLayout implements HasDynamicTitle {

    private final CatalogService catalog;
    private final InstanceTypeGrid types;
    private final Grid<GpuModel> gpus = new Grid<>(GpuModel.class, false);
    private final Button deprecate = new Button();

    public CatalogAdminView(CatalogService catalog) {
        this.catalog = catalog;
        setSizeFull();
        types = new InstanceTypeGrid(catalog);
        Paragraph logNote = new Paragraph(getTranslation("catalog.admin.logNote"));
        logNote.setId("catalog-admin-log-note");
        TabSheet tabs = new TabSheet();
        tabs.setId("catalog-admin-tabs");
        tabs.setSizeFull();
        tabs.add(getTranslation("catalog.admin.tab.types"), typesTab());
        tabs.add(getTranslation("catalog.admin.tab.gpus"), gpusTab());
        add(new H2(getTranslation("catalog.admin.title")), logNote, tabs);
        setFlexGrow(1, tabs);
    }

    private VerticalLayout typesTab() {
        Button create = new Button(getTranslation("catalog.admin.newType"), e -> openTypeDialog(null));
        create.setId("new-instance-type");
        create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        Button edit = new Button(getTranslation("shared.edit"), e -> openTypeDialog(types.asSingleSelect().getValue()));
        edit.setId("edit-instance-type");
        deprecate.setId("toggle-instance-status");
        deprecate.addClickListener(e -> toggleStatus());
        Button importCsv = new Button(getTranslation("catalog.admin.import"),
                e -> new CatalogImportDialog(catalog, types::refresh).open());
        importCsv.setId("import-instance-types");
        types.asSingleSelect().addValueChangeListener(e -> updateButtons(edit, e.getValue()));
        updateButtons(edit, null);
        com.vaadin.flow.component.html.Anchor exportTypes = new com.vaadin.flow.component.html.Anchor(
                com.gpuquote.shared.ui.Downloads.attachment("instance-types.csv", com.gpuquote.shared.ui.Downloads.CSV,
                        catalog::exportInstanceTypes), getTranslation("catalog.admin.exportTypes"));
        exportTypes.getElement().setAttribute("download", true);
        exportTypes.setId("export-instance-types");
        VerticalLayout tab = new VerticalLayout(new HorizontalLayout(create, edit, deprecate, importCsv, exportTypes),
                types.countLabel(), types);
        tab.setPadding(false);
        tab.setSizeFull();
        return tab;
    }

    private VerticalLayout gpusTab() {
        gpus.setId("gpu-model-grid");
        gpus.addColumn(GpuModel::code).setKey("code").setHeader(getTranslation("catalog.gpu.code")).setAutoWidth(true);
        gpus.addColumn(GpuModel::vendor).setHeader(getTranslation("catalog.gpu.vendor"));
        gpus.addColumn(GpuModel::architecture).setHeader(getTranslation("catalog.gpu.architecture"));
        gpus.addColumn(m -> InstanceTypeGrid.plain(m.vramGiB())).setHeader(getTranslation("catalog.gpu.vram"));
        gpus.addColumn(m -> InstanceTypeGrid.plain(m.memoryBandwidthGBs())).setHeader(getTranslation("catalog.gpu.bandwidth"));
        gpus.addColumn(m -> InstanceTypeGrid.plain(m.fp16Tflops())).setHeader(getTranslation("catalog.gpu.fp16"));
        gpus.addColumn(m -> m.bf16Tflops() == null ? "—" : InstanceTypeGrid.plain(m.bf16Tflops()))
                .setHeader(getTranslation("catalog.gpu.bf16"));
        gpus.addColumn(m -> m.fp8Tflops() == null ? "—" : InstanceTypeGrid.plain(m.fp8Tflops()))
                .setHeader(getTranslation("catalog.gpu.fp8"));
        gpus.addColumn(m -> m.int8Tflops() == null ? "—" : InstanceTypeGrid.plain(m.int8Tflops()))
                .setHeader(getTranslation("catalog.gpu.int8"));
        gpus.addColumn(m -> m.interconnect().name()).setHeader(getTranslation("catalog.gpu.interconnect"));
        gpus.addColumn(m -> m.sample() ? getTranslation("catalog.sample") : "").setHeader(getTranslation("catalog.grid.sample"));
        gpus.setItems(catalog.gpuModels());
        Button create = new Button(getTranslation("catalog.admin.newGpu"), e -> openGpuDialog(null));
        create.setId("new-gpu-model");
        create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        Button edit = new Button(getTranslation("shared.edit"), e -> openGpuDialog(gpus.asSingleSelect().getValue()));
        edit.setId("edit-gpu-model");
        edit.setEnabled(false);
        gpus.asSingleSelect().addValueChangeListener(e -> edit.setEnabled(e.getValue() != null));
        Button importCsv = new Button(getTranslation("catalog.admin.importGpus"), e -> new CatalogImportDialog(
                CatalogImportDialog.Kind.gpuModels(catalog), () -> gpus.setItems(catalog.gpuModels())).open());
        importCsv.setId("import-gpu-models");
        com.vaadin.flow.component.html.Anchor exportGpus = new com.vaadin.flow.component.html.Anchor(
                com.gpuquote.shared.ui.Downloads.attachment("gpu-models.csv", com.gpuquote.shared.ui.Downloads.CSV,
                        catalog::exportGpuModels), getTranslation("catalog.admin.exportGpus"));
        exportGpus.getElement().setAttribute("download", true);
        exportGpus.setId("export-gpu-models");
        VerticalLayout tab = new VerticalLayout(new HorizontalLayout(create, edit, importCsv, exportGpus), gpus);
        tab.setPadding(false);
        tab.setSizeFull();
        return tab;
    }

    private void openTypeDialog(InstanceType existing) {
        new InstanceTypeDialog(catalog, existing, saved -> types.refresh()).open();
    }

    private void openGpuDialog(GpuModel existing) {
        new GpuModelDialog(catalog, existing, saved -> gpus.setItems(catalog.gpuModels())).open();
    }

    private void toggleStatus() {
        InstanceType t = types.asSingleSelect().getValue();
        if (t == null) {
            return;
        }
        InstanceStatus next = t.status() == InstanceStatus.ACTIVE ? InstanceStatus.DEPRECATED : InstanceStatus.ACTIVE;
        if (Notifications.attempt(() -> catalog.setStatus(t.provider(), t.code(), next))) {
            Notifications.success(getTranslation("catalog.admin.statusChanged", t.code(),
                    getTranslation("catalog.status." + next.name())));
            types.setFilter(types.filter());
        }
    }

    private void updateButtons(Button edit, InstanceType selected) {
        edit.setEnabled(selected != null);
        deprecate.setEnabled(selected != null);
        deprecate.setText(getTranslation(selected != null && selected.status() == InstanceStatus.DEPRECATED
                ? "catalog.admin.reactivate" : "catalog.admin.deprecate"));
    }

    @Override
    public String getPageTitle() {
        return getTranslation("catalog.admin.title") + " | GpuQuote";
    }
}
