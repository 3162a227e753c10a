package com.gpuquote.deployment.ui;

import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.InstanceStatus;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.catalog.InstanceTypeFilter;
import com.gpuquote.customer.Project;
import com.gpuquote.deployment.Deployment;
import com.gpuquote.deployment.DeploymentService;
import com.gpuquote.deployment.NewDeployment;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.sizing.engine.Workload;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.datepicker.DatePicker;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.IntegerField;

import java.time.Clock;
import java.util.List;
import java.util.function.Consumer;

/** A deployment entered by hand: instance type (with its regions), count, billing mode, since, workload. */
class DeploymentDialog extends Dialog {

    final ComboBox<InstanceType> type = new ComboBox<>();
    final Select<String> region = new Select<>();
    final Select<BillingMode> mode = new Select<>();
    final IntegerField count = new IntegerField();
    final DatePicker since = new DatePicker();
    final Select<Workload> workload = new Select<>();
    final Button save = new Button();

    DeploymentDialog(DeploymentService deployments, CatalogService catalog, Clock clock, Project project,
                     Consumer<Deployment> saved) {
        setHeaderTitle(getTranslation("deployment.new"));
        List<InstanceType> types = catalog.instanceTypes(InstanceTypeFilter.ALL.withStatus(InstanceStatus.ACTIVE));
        type.setLabel(getTranslation("deployment.field.instanceType"));
        type.setId("deployment-type");
        type.setItems(types);
        type.setItemLabelGenerator(t -> t.code() + " · " + t.gpuCount() + "× " + t.gpuModel().code() + " · "
                + t.ramGiB().stripTrailingZeros().toPlainString() + " GiB");
        type.setWidthFull();
        region.setLabel(getTranslation("deployment.field.region"));
        region.setId("deployment-region");
        type.addValueChangeListener(e -> {
            List<String> regions = e.getValue() == null ? List.of() : List.copyOf(e.getValue().regions());
            region.setItems(regions);
            if (!regions.isEmpty()) {
                region.setValue(regions.contains("cn-beijing") ? "cn-beijing" : regions.get(0));
            }
        });
        mode.setLabel(getTranslation("deployment.field.billingMode"));
        mode.setId("deployment-mode");
        mode.setItems(BillingMode.values());
        mode.setItemLabelGenerator(m -> getTranslation("deployment.mode." + m.name()));
        mode.setValue(BillingMode.MONTHLY);
        count.setLabel(getTranslation("deployment.field.count"));
        count.setId("deployment-count");
        count.setMin(1);
        count.setMax(DeploymentService.MAX_COUNT);
        count.setStepButtonsVisible(true);
        count.setValue(1);
        since.setLabel(getTranslation("deployment.field.since"));
        since.setId("deployment-since");
        since.setValue(BusinessCalendar.today(clock));
        workload.setLabel(getTranslation("deployment.field.workload"));
        workload.setItems(Workload.values());
        workload.setItemLabelGenerator(w -> getTranslation("deployment.workload." + w.name()));
        workload.setValue(Workload.TRAINING);
        FormLayout form = new FormLayout(type, region, mode, count, since, workload);
        form.setColspan(type, 2);
        add(form);
        save.setText(getTranslation("deployment.save"));
        save.setId("deployment-save");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        save.addClickListener(e -> {
            Deployment[] created = new Deployment[1];
            if (Notifications.attempt(() -> created[0] = deployments.create(new NewDeployment(project.id(),
                    type.getValue() == null ? null : type.getValue().code(), region.getValue(), mode.getValue(),
                    count.getValue(), since.getValue(), workload.getValue())))) {
                close();
                saved.accept(created[0]);
            }
        });
        getFooter().add(new Button(getTranslation("shared.cancel"), e -> close()), save);
    }
}
