package com.gpuquote.sizing.ui;

import com.gpuquote.shared.Roles;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.sizing.SizingPolicy;
import com.gpuquote.sizing.SizingPolicyService;
import com.gpuquote.sizing.engine.Workload;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/** Tenant admins edit the RAM:VRAM bands per workload and the usable VRAM fraction. */
@Route("sizing/policy")
@RolesAllowed(Roles.TENANT_ADMIN)
@Menu(order = 210, title = "sizing.policy.nav", icon = "vaadin:sliders")
public class SizingPolicyView extends VerticalLayout implements HasDynamicTitle {

    private final SizingPolicyService policies;
    final Map<String, BigDecimalField> fields = new LinkedHashMap<>();
    final Paragraph status = new Paragraph();
    final Button save = new Button();
    final Button reset = new Button();
    private SizingPolicy current;

    public SizingPolicyView(SizingPolicyService policies) {
        this.policies = policies;
        setMaxWidth("48em");
        FormLayout form = new FormLayout();
        form.setResponsiveSteps(new FormLayout.ResponsiveStep("0", 1), new FormLayout.ResponsiveStep("20em", 2));
        for (Workload w : Workload.values()) {
            String name = getTranslation("sizing.workload." + w.name());
            form.add(field("bands." + w.name() + ".min", getTranslation("sizing.policy.min", name)),
                    field("bands." + w.name() + ".max", getTranslation("sizing.policy.max", name)));
        }
        String cpu = getTranslation("sizing.policy.cpuIntensive");
        form.add(field("cpuIntensiveBand.min", getTranslation("sizing.policy.min", cpu)),
                field("cpuIntensiveBand.max", getTranslation("sizing.policy.max", cpu)));
        form.add(field("usableVramFraction", getTranslation("sizing.policy.fraction")));
        form.add(field("trainingMfu", getTranslation("sizing.policy.trainingMfu")));
        fields.get("trainingMfu").setHelperText(getTranslation("sizing.policy.trainingMfuHelp"));
        save.setText(getTranslation("shared.save"));
        save.setId("policy-save");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        save.addClickListener(e -> save());
        reset.setText(getTranslation("sizing.policy.reset"));
        reset.setId("policy-reset");
        reset.addClickListener(e -> Notifications.attempt(() -> {
            show(policies.resetToDefaults());
            Notifications.success(getTranslation("shared.saved"));
        }));
        status.setId("policy-status");
        add(new H2(getTranslation("sizing.policy.nav")), new Paragraph(getTranslation("sizing.policy.help")), status,
                form, new HorizontalLayout(save, reset));
        show(policies.current());
    }

    private BigDecimalField field(String name, String label) {
        BigDecimalField f = new BigDecimalField(label);
        f.setId("policy-" + name.replace('.', '-'));
        fields.put(name, f);
        return f;
    }

    void show(SizingPolicy p) {
        current = p;
        p.bands().forEach((w, b) -> {
            fields.get("bands." + w.name() + ".min").setValue(b.min());
            fields.get("bands." + w.name() + ".max").setValue(b.max());
        });
        fields.get("cpuIntensiveBand.min").setValue(p.cpuIntensiveBand().min());
        fields.get("cpuIntensiveBand.max").setValue(p.cpuIntensiveBand().max());
        fields.get("usableVramFraction").setValue(p.usableVramFraction());
        fields.get("trainingMfu").setValue(p.trainingMfu());
        fields.values().forEach(f -> f.setInvalid(false));
        status.setText(getTranslation(p.defaults() ? "sizing.policy.isDefault" : "sizing.policy.isCustom"));
    }

    private void save() {
        Map<Workload, SizingPolicy.Band> bands = new EnumMap<>(Workload.class);
        for (Workload w : Workload.values()) {
            bands.put(w, new SizingPolicy.Band(fields.get("bands." + w.name() + ".min").getValue(),
                    fields.get("bands." + w.name() + ".max").getValue()));
        }
        SizingPolicy edited = new SizingPolicy(bands, new SizingPolicy.Band(fields.get("cpuIntensiveBand.min").getValue(),
                fields.get("cpuIntensiveBand.max").getValue()), fields.get("usableVramFraction").getValue(),
                current.version(), false, fields.get("trainingMfu").getValue());
        try {
            show(policies.update(edited));
            Notifications.success(getTranslation("shared.saved"));
        } catch (InvalidInputException e) {
            fields.values().forEach(f -> f.setInvalid(false));
            for (FieldError err : e.errors()) {
                BigDecimalField f = fields.get(err.field());
                if (f != null) {
                    f.setErrorMessage(SizingView.errorText(err));
                    f.setInvalid(true);
                }
            }
        } catch (RuntimeException e) {
            Notifications.error(Notifications.describe(e));
        }
    }

    @Override
    public String getPageTitle() {
        return getTranslation("sizing.policy.nav") + " | GpuQuote";
    }
}
